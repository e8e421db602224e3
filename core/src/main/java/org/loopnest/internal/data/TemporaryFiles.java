package org.loopnest.internal.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The temporary files of the runs still writing, deleted by a shutdown hook if the JVM exits first (Ctrl-C,
 * {@code System.exit}), so that an interrupted run leaves nothing behind. The hook is added with the first file.
 * Thread-safe.
 */
final class TemporaryFiles {
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static volatile boolean hooked;

    private TemporaryFiles() {
    }

    /** Remembers {@code file} until {@link #forget}; deleted at JVM exit if still remembered then. */
    static void remember(Path file) {
        hook();
        LIVE.add(file);
    }

    /** Forgets {@code file} (moved into place, or deleted by its run). */
    static void forget(Path file) {
        LIVE.remove(file);
    }

    /**
     * Forgets {@code files}, which a commit journal now lists: once this returns, the shutdown hook leaves them for the
     * commit, or for the next run to complete it, even if it is running already.
     */
    static synchronized void handOver(Collection<Path> files) {
        LIVE.removeAll(files);
    }

    private static void hook() {
        if (hooked) {
            return;
        }
        synchronized (TemporaryFiles.class) {
            if (!hooked) {
                Runtime.getRuntime().addShutdownHook(new Thread(TemporaryFiles::deleteAll, "loopnest-temporary-files"));
                hooked = true;
            }
        }
    }

    private static synchronized void deleteAll() {
        for (Path file : LIVE) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException | RuntimeException ignored) {
                // best effort at exit: nothing else can be done with it now
            }
        }
    }
}
