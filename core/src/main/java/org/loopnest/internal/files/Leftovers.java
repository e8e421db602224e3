package org.loopnest.internal.files;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.logging.Logger;

/**
 * What killed processes left in a directory, dealt with when a run starts writing there: first every
 * {@link CommitJournal commit} whose owner is gone is completed, then every other temporary and backup of a gone
 * owner ({@link OwnedNames}) is removed — a backup whose target is missing is moved back to it, any other is deleted.
 * Files of a live owner, of another host, of another user, or that the naming scheme does not make (whatever their
 * names resemble) are left alone; so are directories and links; a journal of another host is logged as a warning
 * naming it ({@code java.util.logging}, logger {@code org.loopnest.internal.files.Leftovers}). Each owner is judged once, before the files are listed
 * again and dealt with, so that a process that ends meanwhile keeps its files this time; a journal is never deleted
 * without its commit being completed. A commit of this process that failed and could not be undone
 * ({@link CommitJournal.Failure#pending()}) is completed too, as if its owner were gone. A temporary that cannot be
 * deleted is left (it is only a waste of room); a commit that cannot be completed is an error.
 *
 * <p><b>Threading:</b> safe from any thread; two processes cleaning one directory at once may both try to remove a
 * file, and the second then finds it gone.
 */
public final class Leftovers {
    private static final Logger LOG = Logger.getLogger(Leftovers.class.getName());

    private Leftovers() {
    }

    /**
     * Completes the commits and removes the temporaries that processes now gone left in {@code dir}.
     *
     * @param dir a directory a run is about to write into; nothing happens if it does not exist
     * @return the files removed, restored or renamed into place, in the order it dealt with them
     * @throws IOException naming the file if {@code dir} cannot be listed or a leftover cannot be removed
     */
    public static List<Path> remove(Path dir) throws IOException {
        return remove(dir, FileOwner::gone, CommitJournal.RENAME);
    }

    static List<Path> remove(Path dir, Predicate<FileOwner> gone, CommitJournal.Renamer renamer) throws IOException {
        List<Path> removed = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return removed;
        }
        // Each owner is judged once, before the listings that act on its files: an owner alive when judged keeps every
        // file (a commit it makes meanwhile stays whole), and one judged gone makes no new file.
        Map<FileOwner, Boolean> judged = new HashMap<>();
        for (OwnedNames.Owned file : owned(dir, null)) {
            judged.computeIfAbsent(file.owner(), gone::test);
            if (file.kind() == OwnedNames.Kind.JOURNAL && !file.owner().ofThisHost()) {
                LOG.warning(() -> file.file() + ": the commit journal of a process of another host (" + file.owner()
                        .host() + ") is left as it is: only a run on that host can tell whether it is finished; "
                        + "its targets may be a mix of old and new files until one runs there");
            }
        }
        for (OwnedNames.Owned journal : owned(dir, OwnedNames.Kind.JOURNAL)) {
            if (judged.getOrDefault(journal.owner(), false) || CommitJournal.isPending(journal.file())) {
                removed.addAll(CommitJournal.recover(journal.file(), renamer));
            }
        }
        for (OwnedNames.Owned file : owned(dir, null)) {
            if (file.kind() == OwnedNames.Kind.JOURNAL || !judged.getOrDefault(file.owner(), false)) {
                continue; // a journal is only ever completed, above; an owner not judged gone keeps its files
            }
            if (file.kind() == OwnedNames.Kind.BACKUP && CommitJournal.restore(file.file(), file.target(), renamer)) {
                removed.add(file.file()); // no journal names it and its target is missing: keep the old file
            } else if (deleted(file.file())) {
                removed.add(file.file());
            }
        }
        return removed;
    }

    private static boolean deleted(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException notAllowed) {
            return false; // left as it is: a waste of room, not a wrong result
        }
    }

    /** The files of {@code kind} (any, if null) in {@code dir} of this user. */
    private static List<OwnedNames.Owned> owned(Path dir, OwnedNames.Kind kind) throws IOException {
        List<OwnedNames.Owned> found = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir, ".*.loopnest-*")) {
            for (Path entry : entries) {
                Optional<OwnedNames.Owned> file = OwnedNames.parse(entry);
                if (file.isPresent() && (kind == null || file.get().kind() == kind) && OwnedNames.ofThisUser(entry)) {
                    found.add(file.get());
                }
            }
        }
        return found;
    }
}
