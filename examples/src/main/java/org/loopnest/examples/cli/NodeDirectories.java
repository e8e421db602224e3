package org.loopnest.examples.cli;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.OwnedNames;

/**
 * The directories of {@code --nodes local:N} (the nodes' secret and logs) in the temporary directory, named
 * {@code loopnest-nodes-HOST-PID-START-RANDOM} after the coordinator that made them ({@link OwnedNames}); and the
 * removal of those whose coordinator is gone (a {@code kill -9} skips its clean-up), when the next one starts.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. Two coordinators removing the same stale directory at once
 * both succeed.
 */
final class NodeDirectories {
    static final String BASE = "loopnest-nodes";

    private NodeDirectories() {
    }

    /**
     * Removes the stale directories in the temporary directory, then makes a fresh one of this process.
     *
     * @return the new directory
     * @throws IOException if it cannot be made
     */
    static Path create() throws IOException {
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        try {
            removeStale(tmp);
        } catch (IOException | RuntimeException e) {
            // a directory that cannot be removed now is tried again at the next start; it stops nothing
        }
        return Files.createTempDirectory(OwnedNames.directoryPrefix(BASE, FileOwner.current()));
    }

    /**
     * Deletes, with what they hold, the node directories in {@code tmp} whose owner process is gone. Directories of a
     * live coordinator, of another host or user, named otherwise (an older LoopNest's, without an owner) and links
     * are left; links inside a removed directory are deleted, not followed.
     *
     * @param tmp a temporary directory
     * @return the directories removed
     * @throws IOException if {@code tmp} cannot be listed or a directory cannot be deleted
     */
    static List<Path> removeStale(Path tmp) throws IOException {
        List<Path> removed = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(tmp, BASE + "-*")) {
            for (Path entry : entries) {
                Optional<FileOwner> owner = OwnedNames.directoryOwner(entry, BASE);
                if (owner.isPresent() && owner.get().gone() && OwnedNames.ofThisUser(entry)) {
                    deleteTree(entry);
                    removed.add(entry);
                }
            }
        }
        return removed;
    }

    /** Deletes {@code dir} and what it holds; what another process removes meanwhile is skipped, not an error. */
    static void deleteTree(Path dir) throws IOException {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException failure) throws IOException {
                    if (failure instanceof NoSuchFileException) {
                        return FileVisitResult.CONTINUE; // removed meanwhile by another coordinator's start
                    }
                    throw failure;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path directory, IOException failure) throws IOException {
                    if (failure != null && !(failure instanceof NoSuchFileException)) {
                        throw failure;
                    }
                    Files.deleteIfExists(directory);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (NoSuchFileException removedMeanwhile) {
            // the whole directory went while it was walked
        }
    }
}
