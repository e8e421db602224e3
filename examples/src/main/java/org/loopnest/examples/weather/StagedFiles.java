package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.internal.files.CommitJournal;
import org.loopnest.internal.files.OwnedNames;

/**
 * A set of files replaced together: each is written to a hidden temporary beside its target ({@link #stage}),
 * then {@link #commit()} puts the whole set in place, or none of it.
 *
 * <p><b>Commit:</b> through a {@link CommitJournal}: the temporaries are forced to disk and the list of renames is
 * written and forced before the first rename; then the existing targets are moved aside to hidden backups, every
 * temporary is renamed to its target, and the backups and journal are deleted. If a move fails, the moves made are
 * undone, so that the targets hold either the whole old set or the whole new set.
 *
 * <p><b>Interruption:</b> while open, a shutdown hook (Ctrl-C, SIGTERM, {@code System.exit}) runs
 * {@link #cleanUp()}: it waits for a commit in progress to finish or roll back, then deletes the temporaries. Only
 * {@code kill -9} or a power cut can leave temporaries, backups or a journal behind; the next run's
 * {@link StagingNames#removeStale} completes a commit whose journal it finds (all new) and deletes the rest.
 *
 * <p><b>Threading:</b> one thread stages, writes and commits; {@link #cleanUp()} may run on the shutdown hook's
 * thread at the same time (the methods synchronize on this object). Writing into a staged file after a clean-up
 * writes into a deleted file, which is harmless.
 *
 * <p><b>Ownership:</b> this set owns the temporaries and backups it made and deletes them by {@link #close()}; the
 * caller writes the temporaries {@link #stage} returns but does not rename or delete them.
 *
 * <p><b>Pitfalls:</b> two runs writing the same targets at once are not supported: the last commit wins.
 */
public final class StagedFiles implements AutoCloseable {
    private final CommitJournal.Renamer renamer;
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final Thread hook;
    private boolean cleaned;

    private StagedFiles(CommitJournal.Renamer renamer) {
        this.renamer = renamer;
        this.hook = new Thread(this::cleanUp, "loopnest-staged-files-cleanup");
    }

    /** An empty set whose temporaries a shutdown hook deletes until it is closed; moves are renames. */
    public static StagedFiles open() {
        return open(CommitJournal.RENAME);
    }

    /**
     * {@return an empty set that renames files with {@code renamer}, a seam for tests that fail or stop at a rename;
     * see {@link #open()}}
     *
     * @param renamer the rename step of the commit
     */
    public static StagedFiles open(CommitJournal.Renamer renamer) {
        StagedFiles files = new StagedFiles(renamer);
        Runtime.getRuntime().addShutdownHook(files.hook);
        return files;
    }

    /**
     * Creates an empty hidden temporary beside {@code target} ({@link StagingNames#temporary}) for the caller to
     * write; {@link #commit()} renames it to {@code target}. The target's directory must exist.
     *
     * @throws IllegalArgumentException if {@code target} is a directory
     * @throws IllegalStateException if {@code target} is staged already, or the set was committed or cleaned up
     * @throws IOException if the temporary cannot be created
     */
    public synchronized Path stage(Path target) throws IOException {
        if (Files.isDirectory(target, LinkOption.NOFOLLOW_LINKS)) {
            throw new IllegalArgumentException(target + ": a directory (expected: a file to replace, or none)");
        }
        if (cleaned) {
            throw new IllegalStateException("staged files: already committed or cleaned up (expected: stage before "
                    + "commit)");
        }
        if (staged.containsKey(target)) {
            throw new IllegalStateException("staged files: " + target + " staged twice (expected: distinct targets)");
        }
        Path temp = OwnedNames.createTemporary(target);
        staged.put(target, temp);
        return temp;
    }

    /**
     * Replaces every staged target with its temporary, all or none (see the class comment).
     *
     * @throws IOException if a move failed; the targets then hold the old set again, or, if undoing the moves failed
     *     too (the message says so), the next run into their directory completes the commit; the set can only be
     *     closed
     * @throws IllegalStateException if the set was committed or cleaned up already
     */
    public synchronized void commit() throws IOException {
        if (cleaned) {
            throw new IllegalStateException("staged files: already committed or cleaned up (expected: one commit)");
        }
        cleaned = true;
        CommitJournal.commit(staged, renamer); // leaves in the map only temporaries cleanUp may delete
    }

    /**
     * Deletes the temporaries not committed; what the shutdown hook runs. Waits for a commit in progress. Later
     * {@link #stage} and {@link #commit} calls fail. Never throws: a temporary that cannot be deleted is left for
     * the next run's {@link StagingNames#removeStale}.
     *
     * @return the temporaries deleted
     */
    public synchronized List<Path> cleanUp() {
        List<Path> deleted = new ArrayList<>();
        cleaned = true;
        for (Path temp : staged.values()) {
            try {
                if (Files.deleteIfExists(temp)) {
                    deleted.add(temp);
                }
            } catch (IOException e) {
                // left for the next run, which removes stale temporaries
            }
        }
        staged.clear();
        return deleted;
    }

    /** {@link #cleanUp() Cleans up} and removes the shutdown hook. */
    @Override
    public void close() {
        cleanUp();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running or has run: nothing to remove
        }
    }
}
