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
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.loopnest.format.dataset.DatasetFiles;
import org.loopnest.format.grads.GradsDataFile;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsFormat;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.OwnedNames;

/**
 * The directories of worker nodes that a command starts itself. Their own: those of {@code --nodes local:N} (the
 * nodes' secret and logs) in the temporary directory, named {@code loopnest-nodes-HOST-PID-START-RANDOM} after the
 * coordinator that made them ({@link OwnedNames}); and the removal of those whose coordinator is gone (a
 * {@code kill -9} skips its clean-up), when the next one starts. And the run's: the data directories ({@code node
 * --data-dir}) that {@code local:N} nodes and the worker tasks of {@code --nodes slurm} are given, so that they read
 * and write a file-to-file run's files themselves ({@link #dataDirs}).
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

    /**
     * {@return the data directories for a run's worker nodes ({@code node --data-dir}): {@code directories}, each
     * absolute (against the working directory), duplicates dropped, in order} A directory that does not exist yet (an
     * output directory the run makes once the nodes are up) is given as its nearest existing ancestor, which will hold
     * it. Empty for none: the nodes then do no I/O of their own.
     *
     * @param directories the directories that hold, or will hold, the run's files: those of its inputs (every file of
     *     a dataset) and of its outputs (the run's temporary output files are made beside them), see {@link
     *     #directoryOf}
     */
    static List<Path> dataDirs(Collection<Path> directories) {
        Set<Path> dirs = new LinkedHashSet<>();
        for (Path directory : directories) {
            Path dir = directory.toAbsolutePath();
            while (dir != null && !Files.isDirectory(dir)) {
                dir = dir.getParent();
            }
            if (dir != null) {
                dirs.add(dir);
            }
        }
        return List.copyOf(dirs);
    }

    /** {@return the directory that holds {@code file}, absolute (against the working directory)} */
    static Path directoryOf(Path file) {
        return file.toAbsolutePath().getParent();
    }

    /**
     * {@return the files that {@code weather --input SPEC} reads: the file itself, or those of its glob or {@code
     * @list}, and for a GrADS descriptor the data files it names (its header is read, no data)}
     *
     * @param spec the {@code --input} given, checked already (its files exist)
     * @throws IllegalArgumentException for a glob or list that names no file, as {@link DatasetFiles#expand} says
     */
    static List<Path> inputFiles(String spec) {
        List<Path> files = new ArrayList<>();
        for (Path file : DatasetFiles.isPattern(spec) ? DatasetFiles.expand(spec) : List.of(Path.of(spec))) {
            files.add(file);
            try {
                if (new GradsFormat().recognizes(file)) {
                    GradsDescriptor.parse(file).dataFiles().stream().map(GradsDataFile::path).forEach(files::add);
                }
            } catch (IOException | IllegalArgumentException e) {
                // a descriptor that cannot be read adds only itself: opening the input says what is wrong with it
            }
        }
        return files;
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
