package org.loopnest.examples.weather;

import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A set of files replaced together: each is written to a hidden temporary beside its target ({@link #stage}),
 * then {@link #commit()} puts the whole set in place, or none of it.
 *
 * <p><b>Commit:</b> the existing targets are first moved aside to hidden backups, then every temporary is renamed
 * to its target, then the backups are deleted. If any move fails, the new files placed so far are deleted and the
 * backups moved back, so that the targets hold either the whole old set or the whole new set.
 *
 * <p><b>Interruption:</b> while open, a shutdown hook (Ctrl-C, SIGTERM, {@code System.exit}) runs
 * {@link #cleanUp()}: it waits for a commit in progress to finish or roll back, then deletes the temporaries. Only
 * {@code kill -9} or a power cut can leave temporaries or backups behind; {@link StagingNames#removeStale} removes
 * them on the next run.
 *
 * <p><b>Threading:</b> one thread stages, writes and commits; {@link #cleanUp()} may run on the shutdown hook's
 * thread at the same time (the methods synchronize on this object). Writing into a staged file after a clean-up
 * writes into a deleted file, which is harmless.
 *
 * <p><b>Ownership:</b> this set owns the temporaries and backups it made and deletes them by {@link #close()}; the
 * caller writes the temporaries {@link #stage} returns but does not rename or delete them.
 *
 * <p><b>Pitfalls:</b> two runs writing the same targets at once are not supported: the second one's
 * {@link StagingNames#removeStale} deletes the first one's temporaries, whose commit then fails and keeps the old
 * set.
 */
public final class StagedFiles implements AutoCloseable {
    /** The file-move operation, a seam for tests that make a rename fail. */
    @FunctionalInterface
    public interface Mover {
        /** Moves {@code from} to {@code to}, replacing {@code to} if it exists. */
        void move(Path from, Path to) throws IOException;
    }

    private static final int NAME_ATTEMPTS = 10;

    private final Mover mover;
    private final Map<Path, Path> staged = new LinkedHashMap<>();
    private final Thread hook;
    private boolean cleaned;

    private StagedFiles(Mover mover) {
        this.mover = mover;
        this.hook = new Thread(this::cleanUp, "loopnest-staged-files-cleanup");
    }

    /** An empty set whose temporaries a shutdown hook deletes until it is closed; moves are renames. */
    public static StagedFiles open() {
        return open(StagingNames::rename);
    }

    /** An empty set that moves files with {@code mover}; see {@link #open()}. */
    public static StagedFiles open(Mover mover) {
        StagedFiles files = new StagedFiles(mover);
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
        for (int attempt = 1; ; attempt++) {
            try {
                Path temp = Files.createFile(StagingNames.temporary(target));
                staged.put(target, temp);
                return temp;
            } catch (FileAlreadyExistsException taken) {
                if (attempt == NAME_ATTEMPTS) {
                    throw taken;
                }
            }
        }
    }

    /**
     * Replaces every staged target with its temporary, all or none (see the class comment).
     *
     * @throws IOException if a move failed; the targets then hold the old set again (if restoring a backup
     *     failed too, that is a suppressed exception and the backup stays for the next run to restore), and the
     *     set can only be closed
     * @throws IllegalStateException if the set was committed or cleaned up already
     */
    public synchronized void commit() throws IOException {
        if (cleaned) {
            throw new IllegalStateException("staged files: already committed or cleaned up (expected: one commit)");
        }
        Map<Path, Path> backups = new LinkedHashMap<>();
        List<Path> placed = new ArrayList<>();
        try {
            for (Path target : staged.keySet()) {
                if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                    Path backup = StagingNames.backup(target);
                    mover.move(target, backup);
                    backups.put(target, backup);
                }
            }
            for (Map.Entry<Path, Path> file : staged.entrySet()) {
                mover.move(file.getValue(), file.getKey());
                placed.add(file.getKey());
            }
        } catch (IOException | RuntimeException e) {
            rollBack(placed, backups, e);
            cleaned = true;
            throw e;
        }
        staged.clear();
        cleaned = true;
        for (Path backup : backups.values()) {
            try {
                Files.deleteIfExists(backup);
            } catch (IOException e) {
                // the new set is in place; the next run's removeStale deletes the backup
            }
        }
    }

    private void rollBack(List<Path> placed, Map<Path, Path> backups, Exception failure) {
        for (Path target : placed) {
            try {
                Files.deleteIfExists(target);
            } catch (IOException e) {
                failure.addSuppressed(e);
            }
        }
        for (Map.Entry<Path, Path> backup : backups.entrySet()) {
            try {
                mover.move(backup.getValue(), backup.getKey());
            } catch (IOException | RuntimeException e) {
                failure.addSuppressed(e);
            }
        }
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
