package org.loopnest.internal.files;

import java.io.IOException;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts a set of temporaries onto their targets all together, or not at all, even if the process is killed
 * ({@code kill -9}, a power cut) in the middle: every commit of LoopNest's output files goes through here.
 *
 * <p><b>Commit:</b> (1) every temporary is forced to disk; (2) a journal listing every rename (temporary, target and
 * the backup name of each existing target) is written as {@code .loopnest-commit.loopnest-TOKEN-N.journal}
 * ({@link OwnedNames}) in the first target's directory, under a temporary name, forced, renamed into place and the
 * directory forced — <em>the commit point</em>; every other directory of the set gets a copy naming that journal,
 * written the same way before it; (3) each existing target is renamed to its backup, (4) each temporary onto its target, (5) the
 * directories are forced, and (6) the backups, the copies and last the journal are deleted.
 *
 * <p><b>Recovery: roll forward.</b> A journal whose owner is {@link FileOwner#gone() gone} is completed by the next
 * run into any of its directories ({@link Leftovers#remove}): every listed temporary still there is renamed onto its
 * target, then the backups and journals are deleted. Since no target is touched before the commit point and every
 * temporary is on disk by then, the targets end all old (killed before the commit point: no journal, the temporaries
 * are mere leftovers) or all new (killed after it). A journal is trusted only as this class writes it: one that cannot
 * be read, or that names files its commit did not make (another process's, outside the directories of the journal and
 * its copies, or a journal moved or copied from another directory), is refused naming it, nothing renamed or deleted.
 *
 * <p><b>Failure:</b> if a rename fails in this process, the renames made are undone (targets back to their
 * temporaries, backups back to their targets), the journal deleted and the exception thrown: the targets hold the old
 * set. If undoing fails too, the journal is left and the next run completes the commit (all new); the exception says
 * so. That includes a later run of this same process: such a journal is remembered as pending and
 * {@link Leftovers#remove} completes it as if its owner were gone, before the new run writes anything. Either way the temporaries are no longer the caller's once {@link #commit} returns or throws: placed, left to
 * the caller to delete ({@link Failure#pending()} false) or left for recovery ({@code pending()} true).
 *
 * <p><b>Threading:</b> one thread commits a set; two sets must not share a target.
 */
public final class CommitJournal {
    /** One rename step, a seam for tests that fail or stop at a given rename. */
    @FunctionalInterface
    public interface Renamer {
        /**
         * Renames {@code from} to {@code to}, replacing {@code to} if it exists.
         *
         * @param from the file to move
         * @param to   its new name
         * @throws IOException if it cannot be renamed
         */
        void rename(Path from, Path to) throws IOException;
    }

    /**
     * A temporary and the target it becomes.
     *
     * @param temporary the written file, beside its target
     * @param target    the file it replaces or creates
     */
    public record Move(Path temporary, Path target) {
        /** Both paths absolute and normalized. */
        public Move {
            temporary = temporary.toAbsolutePath().normalize();
            target = target.toAbsolutePath().normalize();
        }
    }

    /** A commit that failed: the targets hold the old set, or the commit is pending for the next run. */
    public static final class Failure extends IOException {
        private static final long serialVersionUID = 1L;
        private final boolean pending;

        Failure(String message, Throwable cause, boolean pending) {
            super(message, cause);
            this.pending = pending;
        }

        /** {@return whether the journal and temporaries were left for the next run to complete the commit} */
        public boolean pending() {
            return pending;
        }
    }

    /** Renames atomically where the file system can, else plainly. */
    public static final Renamer RENAME = CommitJournal::move;

    static final String HEADER = "loopnest commit journal 1";
    /** The journals and copies of this process's commits that failed and could not be undone: completed next. */
    private static final Set<Path> PENDING = ConcurrentHashMap.newKeySet();
    static final String BASE = "loopnest-commit";

    private CommitJournal() {
    }

    /**
     * Puts every temporary of {@code temporaryByTarget} onto its target, all or none (see the class comment), renaming
     * with {@code renamer}, then takes out of the map every temporary that is no longer the caller's to delete: all of
     * them (placed, listed by a journal pending for the next run, or unknown after an {@link Error} mid-commit),
     * unless a failure put the old set back, when they stay in the map for the caller to delete.
     *
     * @param temporaryByTarget each target with its temporary, targets distinct; emptied unless the old set is back
     * @param renamer           the rename step
     * @throws Failure if a step failed: the targets hold the old set (its temporaries left in the map), or the commit
     *     is {@link Failure#pending() pending} for the next run
     */
    public static void commit(Map<Path, Path> temporaryByTarget, Renamer renamer) throws Failure {
        List<Move> moves = temporaryByTarget.entrySet().stream().map(e -> new Move(e.getValue(), e.getKey())).toList();
        boolean oldSetBack = false;
        try {
            commit(moves, renamer, FileOwner.current());
        } catch (Failure e) {
            oldSetBack = !e.pending();
            throw e;
        } finally {
            if (!oldSetBack) {
                temporaryByTarget.clear();
            }
        }
    }

    static void commit(List<Move> moves, Renamer renamer, FileOwner owner) throws Failure {
        if (moves.isEmpty()) {
            return;
        }
        List<Path> backups = new ArrayList<>();
        for (Move move : moves) {
            backups.add(Files.exists(move.target(), LinkOption.NOFOLLOW_LINKS)
                    ? OwnedNames.name(move.target(), OwnedNames.Kind.BACKUP, owner) : null);
        }
        List<Path> dirs = directories(moves);
        String name = OwnedNames.name(dirs.get(0).resolve(BASE), OwnedNames.Kind.JOURNAL, owner).getFileName()
                .toString();
        Path primary = dirs.get(0).resolve(name);
        List<Path> copies = dirs.subList(1, dirs.size()).stream().map(d -> d.resolve(name)).toList();
        begin(moves, backups, primary, copies, renamer, owner);
        int backedUp = 0;
        int placed = 0;
        try {
            for (int i = 0; i < moves.size(); i++) {
                if (backups.get(i) != null) {
                    renamer.rename(moves.get(i).target(), backups.get(i));
                    backedUp = i + 1;
                }
            }
            backedUp = moves.size();
            for (Move move : moves) {
                renamer.rename(move.temporary(), move.target());
                placed++;
            }
        } catch (IOException | RuntimeException e) {
            throw undo(moves, backups, backedUp, placed, primary, copies, renamer, e);
        }
        dirs.forEach(CommitJournal::forceDirectory);
        for (Path backup : backups) {
            deleteQuietly(backup);
        }
        copies.forEach(CommitJournal::deleteQuietly);
        deleteQuietly(primary);
    }

    /** Forces the temporaries and writes the journal and its copies; nothing is renamed onto a target yet. */
    private static void begin(List<Move> moves, List<Path> backups, Path primary, List<Path> copies, Renamer renamer,
            FileOwner owner) throws Failure {
        Path written = OwnedNames.name(primary.resolveSibling(BASE), OwnedNames.Kind.TEMPORARY, owner);
        List<Path> made = new ArrayList<>();
        try {
            for (Move move : moves) {
                force(move.temporary());
            }
            for (Path copy : copies) { // like the journal: whole under its name, or not there
                Path copyWritten = OwnedNames.name(copy.resolveSibling(BASE), OwnedNames.Kind.TEMPORARY, owner);
                made.add(copyWritten);
                made.add(copy);
                write(copyWritten, HEADER + "\nprimary " + uri(primary) + "\nend\n");
                move(copyWritten, copy);
                forceDirectory(copy.getParent());
            }
            made.add(written);
            write(written, text(moves, backups, primary, copies));
            renamer.rename(written, primary);
            forceDirectory(primary.getParent());
        } catch (IOException | RuntimeException e) {
            made.forEach(CommitJournal::deleteQuietly);
            throw new Failure("output files " + targets(moves) + ": the commit could not begin: " + e
                    + "; no output was replaced", e, false);
        }
    }

    /** Undoes the renames made, so that the targets hold the old set; {@return the failure to throw}. */
    private static Failure undo(List<Move> moves, List<Path> backups, int backedUp, int placed, Path primary,
            List<Path> copies, Renamer renamer, Exception failure) {
        try {
            for (int i = placed - 1; i >= 0; i--) {
                renamer.rename(moves.get(i).target(), moves.get(i).temporary());
            }
            for (int i = backedUp - 1; i >= 0; i--) {
                if (backups.get(i) != null) {
                    renamer.rename(backups.get(i), moves.get(i).target());
                }
            }
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
            PENDING.add(primary);
            PENDING.addAll(copies);
            return new Failure("output files " + targets(moves) + ": " + failure + "; undoing it failed too (" + e
                    + "): the next run into " + primary.getParent() + " completes the commit (journal " + primary
                    + ")", failure, true);
        }
        copies.forEach(CommitJournal::deleteQuietly);
        deleteQuietly(primary);
        return new Failure("output files " + targets(moves) + ": " + failure + "; no output was replaced", failure,
                false);
    }

    /**
     * {@return whether {@code journal} is one of this process's commits that failed and could not be undone}, which the
     * next run into its directories completes although its owner (this process) is alive
     *
     * @param journal a journal or a copy
     */
    static boolean isPending(Path journal) {
        return PENDING.contains(journal.toAbsolutePath().normalize());
    }

    /**
     * Completes the commit {@code journal} belongs to (its owner gone): renames every listed temporary still there onto
     * its target, then deletes the backups and journals; a copy whose journal is gone is only deleted. A journal that
     * cannot be read, or that names files its commit did not make (another owner's, another name's, outside the
     * directories of the journal and its copies, or a journal moved or copied from another directory), is refused:
     * nothing is renamed or deleted.
     *
     * @param file    a journal or a copy, as {@link OwnedNames} names them
     * @param renamer the rename step
     * @return the files renamed or deleted
     * @throws IOException naming the journal if it is refused or a rename fails (the journal is then kept)
     */
    static List<Path> recover(Path file, Renamer renamer) throws IOException {
        Path journal = file.toAbsolutePath().normalize();
        List<Path> touched = new ArrayList<>();
        if (!Files.exists(journal, LinkOption.NOFOLLOW_LINKS)) {
            return touched; // completed meanwhile by another run into one of its directories
        }
        FileOwner owner = OwnedNames.parseName(journal).filter(o -> o.kind() == OwnedNames.Kind.JOURNAL)
                .orElseThrow(() -> refused(journal, "not a journal's name")).owner();
        JournalText own = readable(journal);
        if (!own.primary().getFileName().equals(journal.getFileName())) {
            throw refused(journal, "it names a journal of another name, " + own.primary());
        }
        JournalText text = own;
        if (!sameFile(own.primary(), journal)) {
            if (!own.moves().isEmpty() || !own.copies().isEmpty()) {
                throw refused(journal, "it lists renames but names another file, " + own.primary() + ", as the "
                        + "journal: it was moved or copied from another directory");
            }
            if (!Files.exists(own.primary(), LinkOption.NOFOLLOW_LINKS)
                    || JournalText.read(own.primary()) == null && !Files.exists(own.primary())) {
                Files.deleteIfExists(journal); // a copy whose commit is complete
                touched.add(journal);
                PENDING.remove(journal);
                return touched;
            }
            text = readable(own.primary());
            if (!text.primary().equals(own.primary()) || text.copies().stream().noneMatch(c -> sameFile(c, journal))) {
                throw refused(journal, "its journal " + own.primary() + " does not list it as a copy");
            }
        }
        check(text, owner);
        for (JournalText.Entry entry : text.moves()) {
            if (Files.exists(entry.move().temporary(), LinkOption.NOFOLLOW_LINKS)) {
                try {
                    renamer.rename(entry.move().temporary(), entry.move().target());
                    touched.add(entry.move().temporary());
                } catch (NoSuchFileException placedMeanwhile) {
                    // another run into one of the directories is completing the same commit
                }
            } else if (entry.backup() != null && Files.exists(entry.backup(), LinkOption.NOFOLLOW_LINKS)
                    && restore(entry.backup(), entry.move().target(), renamer)) {
                touched.add(entry.backup()); // both gone (not by us): keep the old one
            }
        }
        directories(text.moves().stream().map(JournalText.Entry::move).toList())
                .forEach(CommitJournal::forceDirectory);
        for (JournalText.Entry entry : text.moves()) {
            if (entry.backup() != null && Files.deleteIfExists(entry.backup())) {
                touched.add(entry.backup());
            }
        }
        for (Path copy : text.copies()) {
            if (Files.deleteIfExists(copy)) {
                touched.add(copy);
            }
        }
        Files.deleteIfExists(text.primary());
        touched.add(text.primary());
        PENDING.remove(text.primary());
        text.copies().forEach(PENDING::remove);
        return touched;
    }

    /**
     * Puts {@code backup} back as {@code target} unless a file is there, never replacing one: as a link made where no
     * file of that name exists (one step, so that a file that appears meanwhile is kept), the backup's name then
     * deleted; where the file system has no links, checked and renamed.
     *
     * @return whether it was put back; if not, {@code target} exists and {@code backup} is left as it is
     */
    static boolean restore(Path backup, Path target, Renamer renamer) throws IOException {
        try {
            Files.createLink(target, backup);
        } catch (FileAlreadyExistsException there) {
            return false;
        } catch (IOException | UnsupportedOperationException noLinks) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                return false;
            }
            renamer.rename(backup, target);
            return true;
        }
        Files.deleteIfExists(backup);
        return true;
    }

    /** {@return whether {@code named} (as a journal names it) is {@code file}: the same path, or another spelling} */
    private static boolean sameFile(Path named, Path file) {
        try {
            return named.equals(file) || Files.exists(named, LinkOption.NOFOLLOW_LINKS) && Files.isSameFile(named, file);
        } catch (IOException unknown) {
            return false;
        }
    }

    /** {@return the journal in {@code file}} @throws IOException naming it if it is not one completely written */
    private static JournalText readable(Path file) throws IOException {
        JournalText text = JournalText.read(file);
        if (text == null) {
            throw new IOException(file + ": a commit journal that cannot be read (expected: " + HEADER
                    + " and its renames, as LoopNest writes it); left as it is");
        }
        return text;
    }

    /**
     * Checks that {@code text} names only what its commit made: every temporary and backup {@code owner}'s, beside
     * its target, in the journal's directory or a copy's, every copy of the journal's name.
     */
    private static void check(JournalText text, FileOwner owner) throws IOException {
        Path primary = text.primary();
        if (text.moves().isEmpty()) {
            throw refused(primary, "it lists no rename");
        }
        Set<Path> dirs = new LinkedHashSet<>(List.of(primary.getParent()));
        for (Path copy : text.copies()) {
            if (!copy.getFileName().equals(primary.getFileName())) {
                throw refused(primary, "its copy " + copy + " has another name");
            }
            dirs.add(copy.getParent());
        }
        for (JournalText.Entry entry : text.moves()) {
            Path target = entry.move().target();
            if (!dirs.contains(target.getParent())) {
                throw refused(primary, "its target " + target + " is in none of its directories " + dirs);
            }
            checkOwned(primary, entry.move().temporary(), OwnedNames.Kind.TEMPORARY, owner, target);
            if (entry.backup() != null) {
                checkOwned(primary, entry.backup(), OwnedNames.Kind.BACKUP, owner, target);
            }
        }
    }

    private static void checkOwned(Path journal, Path file, OwnedNames.Kind kind, FileOwner owner, Path target)
            throws IOException {
        boolean ours = OwnedNames.parseName(file).filter(o -> o.kind() == kind && o.owner().equals(owner)
                && o.target().equals(target)).isPresent();
        if (!ours) {
            throw refused(journal, "it lists " + file + ", which is not a " + kind.suffix() + " of " + target
                    + " made by the journal's process");
        }
    }

    private static IOException refused(Path journal, String why) {
        return new IOException(journal + ": a commit journal LoopNest did not write as it is: " + why + " (expected: "
                + "the renames of one commit, beside their targets); left as it is, nothing renamed or deleted");
    }

    private static String text(List<Move> moves, List<Path> backups, Path primary, List<Path> copies) {
        StringBuilder text = new StringBuilder(HEADER).append("\nprimary ").append(uri(primary)).append('\n');
        copies.forEach(copy -> text.append("copy ").append(uri(copy)).append('\n'));
        for (int i = 0; i < moves.size(); i++) {
            text.append("move ").append(uri(moves.get(i).temporary())).append(' ').append(uri(moves.get(i).target()))
                    .append(' ').append(backups.get(i) == null ? "-" : uri(backups.get(i))).append('\n');
        }
        return text.append("end\n").toString();
    }

    static String uri(Path path) {
        return path.toUri().toString();
    }

    static Path path(String uri) {
        return Path.of(URI.create(uri));
    }

    private static List<Path> directories(List<Move> moves) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (Move move : moves) {
            dirs.add(move.target().getParent());
            dirs.add(move.temporary().getParent());
        }
        return List.copyOf(dirs);
    }

    private static String targets(List<Move> moves) {
        return moves.stream().map(Move::target).toList().toString();
    }

    private static void write(Path file, String text) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.force(true);
        }
    }

    private static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /** Makes renames durable: on Linux a directory is forced through a read-only channel; elsewhere best effort. */
    static void forceDirectory(Path directory) {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException notSupported) {
            // some platforms cannot open or force a directory; the files themselves were forced
        }
    }

    private static void deleteQuietly(Path file) {
        if (file == null) {
            return;
        }
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            // a leftover of this process: the next run's Leftovers.remove deletes it once this process is gone
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
