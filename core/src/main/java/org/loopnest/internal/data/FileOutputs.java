package org.loopnest.internal.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Role;
import org.loopnest.internal.files.CommitJournal;
import org.loopnest.internal.files.Leftovers;
import org.loopnest.internal.files.OwnedNames;

/**
 * The new output files of one run: each is written under a temporary name beside its final one
 * ({@code .name.loopnest-TOKEN-N.tmp}, {@link OwnedNames}), sized when the run starts; {@link #commit} puts them all
 * in place through a {@link CommitJournal}, so that even a {@code kill -9} in the middle leaves the targets all old or
 * (completed by the next run into their directories) all new; {@link #close} without a commit deletes them, so that a
 * failed or cancelled run leaves the previous files untouched and nothing behind (and {@code TemporaryFiles}' shutdown
 * hook does the same if the JVM exits mid-run). {@link #begin} first completes the commits and removes the temporaries
 * that processes now gone left in the outputs' directories ({@link Leftovers}). Outputs naming the same path share
 * one temporary file.
 *
 * <p>Each run has its own: {@link #target} tells the run's devices where each array's bytes are (a new output's
 * temporary file); once closed it refuses to name a new output's file, so a block still running after its run ended
 * fails rather than writing into the previous file or another run's. A file is written by one run at a time (new and
 * in-place outputs alike): a second run naming it fails to start.
 *
 * <p><b>Threading:</b> {@link #begin}, {@link #commit} and {@link #close} from the run's owner; {@link #target} from
 * any thread.
 */
public final class FileOutputs implements AutoCloseable {
    private static final ConcurrentMap<Path, FileOutputs> BUSY = new ConcurrentHashMap<>();
    /** The files of a run that writes no file-backed output: every array is where its holder says. */
    public static final FileOutputs NONE = new FileOutputs();

    private final Map<Path, Path> temporaries = new LinkedHashMap<>();
    private final List<Path> claimed = new ArrayList<>();
    private final CommitJournal.Renamer renamer;
    private volatile boolean ended;

    private FileOutputs() {
        this(CommitJournal.RENAME);
    }

    private FileOutputs(CommitJournal.Renamer renamer) {
        this.renamer = renamer;
    }

    /**
     * Creates the temporary files of every new-file output among {@code bindings}, each sized to the furthest byte its
     * outputs reach.
     *
     * @param bindings the run's arrays
     * @return the run's output files (nothing to do if it has none)
     * @throws IllegalArgumentException naming the array and file if another run is writing the file, or its file
     *     system lacks the room for all the run's new files there
     * @throws UncheckedIOException naming the file if a temporary file cannot be made (nothing is left behind), or
     *     an interrupted commit in an output's directory cannot be completed
     */
    public static FileOutputs begin(Iterable<ArrayBinding> bindings) {
        return begin(bindings, CommitJournal.RENAME);
    }

    /** As {@link #begin(Iterable)}, committing with {@code renamer}: a seam for tests that stop at a rename. */
    static FileOutputs begin(Iterable<ArrayBinding> bindings, CommitJournal.Renamer renamer) {
        Map<Path, Long> sizes = new LinkedHashMap<>();
        Map<Path, ArrayBinding> named = new LinkedHashMap<>();
        for (ArrayBinding b : bindings) {
            if (b.role() == Role.OUT && b.holder() instanceof FileHolder file) {
                named.putIfAbsent(file.path(), b);
                if (!file.writesInPlace()) {
                    sizes.merge(file.path(), file.byteRange(b.shape())[1], Math::max);
                }
            }
        }
        if (named.isEmpty()) {
            return NONE;
        }
        FileOutputs outputs = new FileOutputs(renamer);
        try {
            for (Map.Entry<Path, ArrayBinding> e : named.entrySet()) {
                outputs.claim(e.getKey(), e.getValue());
            }
            removeLeftovers(named);
            checkRoom(sizes, named);
            for (Map.Entry<Path, Long> e : sizes.entrySet()) {
                outputs.temporaries.put(e.getKey(), create(e.getKey(), e.getValue(), named.get(e.getKey())));
            }
            return outputs;
        } catch (RuntimeException e) {
            outputs.close();
            throw e;
        }
    }

    /**
     * {@return where {@code binding}'s bytes are: a new output's temporary file, else the holder's file}
     *
     * @param binding an array whose holder is a {@link FileHolder}
     * @throws IllegalStateException naming the array if it is a new output and the run's files were closed (the run
     *     ended: its late blocks must not write anywhere)
     */
    public Path target(ArrayBinding binding) {
        FileHolder file = (FileHolder) binding.holder();
        if (binding.role() != Role.OUT || file.writesInPlace()) {
            return file.path();
        }
        Path temporary = temporaries.get(file.path());
        if (temporary == null || ended) {
            throw new IllegalStateException(binding + ": its run has ended or never began writing " + file.path()
                    + " (expected: outputs written only while their run is going)");
        }
        return temporary;
    }

    /**
     * Puts every file in place, all or none ({@link CommitJournal}).
     *
     * @throws UncheckedIOException naming the files if the commit failed: the previous files are in place and the
     *     temporary files deleted, or (if undoing failed too, as the message says) the next run into their directories
     *     completes the commit
     */
    public void commit() {
        if (this == NONE) {
            return;
        }
        if (ended) {
            throw new IllegalStateException("output files " + temporaries.keySet() + ": committed or closed already "
                    + "(expected: one commit, before close)");
        }
        TemporaryFiles.handOver(temporaries.values()); // a shutdown hook must not delete what the journal lists
        try {
            CommitJournal.commit(temporaries, renamer); // leaves in the map only temporaries that are ours to delete
        } catch (CommitJournal.Failure e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } finally {
            close();
        }
    }

    /** Deletes the temporary files not moved into place and lets other runs write these files. Idempotent. */
    @Override
    public void close() {
        if (this == NONE || ended) {
            return;
        }
        ended = true;
        for (Path temporary : temporaries.values()) {
            try {
                Files.deleteIfExists(temporary);
            } catch (IOException ignored) {
                // left for the shutdown hook
                continue;
            }
            TemporaryFiles.forget(temporary);
        }
        claimed.forEach(path -> BUSY.remove(path, this));
    }

    private void claim(Path path, ArrayBinding binding) {
        if (BUSY.putIfAbsent(path, this) == null) {
            claimed.add(path);
        } else {
            throw new IllegalArgumentException(binding + ": file " + path + " is being written by another run "
                    + "(expected: one run at a time per output file)");
        }
    }

    private static void removeLeftovers(Map<Path, ArrayBinding> named) {
        Map<Path, ArrayBinding> dirs = new LinkedHashMap<>();
        named.forEach((path, binding) -> dirs.putIfAbsent(path.toAbsolutePath().getParent(), binding));
        for (Map.Entry<Path, ArrayBinding> dir : dirs.entrySet()) {
            try {
                Leftovers.remove(dir.getKey());
            } catch (IOException e) {
                throw new UncheckedIOException(dir.getValue() + ": cannot complete an interrupted commit or remove the "
                        + "leftovers of a killed run in " + dir.getKey() + ": " + e + " (expected: a directory this "
                        + "process can list and write)", e);
            }
        }
    }

    private static void checkRoom(Map<Path, Long> sizes, Map<Path, ArrayBinding> named) {
        Map<FileStore, Long> needed = new LinkedHashMap<>();
        Map<FileStore, Path> example = new LinkedHashMap<>();
        try {
            for (Map.Entry<Path, Long> e : sizes.entrySet()) {
                FileStore store = Files.getFileStore(e.getKey().getParent());
                needed.merge(store, e.getValue(), Long::sum);
                example.putIfAbsent(store, e.getKey());
            }
            for (Map.Entry<FileStore, Long> e : needed.entrySet()) {
                long free = e.getKey().getUsableSpace();
                if (free < e.getValue()) {
                    Path path = example.get(e.getKey());
                    throw new IllegalArgumentException(named.get(path) + ": the outputs on the file system of " + path
                            + " need " + e.getValue() + " bytes but it has " + free + " free (expected: room for "
                            + "every output)");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the free space for the outputs " + named.values() + ": " + e
                    + " (expected: file systems that tell their free space)", e);
        }
    }

    private static Path create(Path path, long size, ArrayBinding binding) {
        // not Files.createTempFile: its owner-only permissions would stay on the moved file
        Path temporary = OwnedNames.name(path, OwnedNames.Kind.TEMPORARY);
        FileChannel channel;
        try {
            channel = FileChannel.open(temporary, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        } catch (IOException e) { // not ours (CREATE_NEW): never deleted
            throw new UncheckedIOException(binding + ": cannot create " + temporary + " for " + path + ": " + e
                    + " (expected: a writable directory)", e);
        }
        TemporaryFiles.remember(temporary);
        try (channel) {
            if (size > 0) {
                channel.write(ByteBuffer.allocate(1), size - 1); // sized, not filled: unwritten bytes read as 0
            }
            return temporary;
        } catch (IOException e) {
            try {
                Files.deleteIfExists(temporary);
                TemporaryFiles.forget(temporary);
            } catch (IOException ignored) {
                // the shutdown hook deletes it
            }
            throw new UncheckedIOException(binding + ": cannot size " + temporary + " (" + size + " bytes) for "
                    + path + ": " + e + " (expected: room on its file system)", e);
        }
    }
}
