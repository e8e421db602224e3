package org.loopnest.internal.data;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.data.LinearHolder;
import org.loopnest.data.Role;
import org.loopnest.index.Chunk;
import org.loopnest.index.Split;

/**
 * A mapped window of a file-backed array: the elements from position {@link #first()} to the window's end as a typed
 * buffer in the file's byte order, so that the {@code cpu} device runs kernels over the file in place. An input's
 * window is mapped read-only, an output's read-write (into the run's temporary file, {@link FileOutputs#target}); a
 * window opens no file that is not there, so a late block of a run that has ended fails instead of writing anywhere
 * else. An input over several files maps its window from the file that holds it; a chunk that spans two files gets
 * its window read into memory instead (at most {@link FileHolder#MAX_WINDOW_BYTES}, as a mapped one).
 * The mapping lives until the buffer is collected; absolute reads and writes on it may come from several threads.
 *
 * @param typed the window as a {@code FloatBuffer}, … element 0 being position {@code first}
 * @param first the array position of the window's element 0
 * @param file the file mapped (for an output, the run's temporary file)
 * @param end the byte of the file just past the window
 */
public record FileWindow(Buffer typed, long first, Path file, long end) {
    /**
     * {@return the window {@code binding} needs for {@code chunk}}
     *
     * @param binding a binding whose holder is a {@link FileHolder}
     * @param split the chunk's split
     * @param chunk the chunk
     * @param files the run's output files, which say where an output's bytes go
     * @throws IllegalStateException naming the array if the window is larger than {@link FileHolder#MAX_WINDOW_BYTES}
     * @throws UncheckedIOException naming the file if it cannot be mapped
     */
    public static FileWindow of(ArrayBinding binding, Split split, Chunk chunk, FileOutputs files) {
        FileHolder file = (FileHolder) binding.holder();
        long[] span = ChunkSpan.of(binding, file, split, chunk.firstOuter(), chunk.outerCount());
        int size = file.type().bytes();
        long bytes = (span[1] - span[0] + 1) * size;
        if (bytes > FileHolder.MAX_WINDOW_BYTES) {
            throw new IllegalStateException(binding + ": chunk " + chunk.number() + " reaches " + bytes + " bytes of "
                    + file.path() + " (expected: at most " + FileHolder.MAX_WINDOW_BYTES + " per chunk on a device that "
                    + "maps files; split deeper or into more chunks)");
        }
        boolean write = binding.role() == Role.OUT;
        FileLayout layout = FileLayout.of(file, binding.shape());
        int k = layout.fileOf(span[0]);
        if (k != layout.fileOf(span[1])) {
            return spanning(binding, layout, span, bytes);
        }
        Path target = k == 0 ? files.target(binding) : layout.path(k);
        try (FileChannel channel = write ? FileChannel.open(target, StandardOpenOption.READ, StandardOpenOption.WRITE)
                : FileChannel.open(target, StandardOpenOption.READ)) {
            long start = layout.byteOf(k, span[0]);
            MappedByteBuffer mapped = channel.map(write ? FileChannel.MapMode.READ_WRITE : FileChannel.MapMode.READ_ONLY,
                    start, bytes);
            mapped.order(file.byteOrder());
            return new FileWindow(ElementCopier.typed(mapped, file.type()), span[0], target, start + bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(binding + ": cannot map " + bytes + " bytes of " + target + ": " + e, e);
        }
    }

    /**
     * The window of an input chunk that spans two or more of its files, read into memory: each file's share of the
     * positions by one positional read, up to what the file holds (a record layout's last record may stop short of the
     * stride; those positions are never reached). Nothing is mapped, so nothing can be lost later ({@link #end} 0).
     */
    private static FileWindow spanning(ArrayBinding binding, FileLayout layout, long[] span, long bytes) {
        FileHolder file = (FileHolder) binding.holder();
        int size = file.type().bytes();
        ByteBuffer window;
        try {
            window = ByteBuffer.allocateDirect((int) bytes).order(file.byteOrder());
        } catch (OutOfMemoryError full) {
            throw new IllegalStateException(binding + ": a chunk's window of " + bytes + " bytes spans files "
                    + layout.path(layout.fileOf(span[0])) + " and " + layout.path(layout.fileOf(span[1]))
                    + " and cannot be read into memory: " + full.getMessage() + " (expected: a smaller chunk: split "
                    + "deeper or into more chunks, or a larger -XX:MaxDirectMemorySize)", full);
        }
        for (int k = layout.fileOf(span[0]); k <= layout.fileOf(span[1]); k++) {
            long from = Math.max(span[0], layout.first(k));
            long to = Math.min(span[1], layout.end(k) - 1);
            Path path = layout.path(k);
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
                long start = layout.byteOf(k, from);
                long length = Math.min((to - from + 1) * size, Math.max(0, channel.size() - start));
                ByteBuffer share = window.duplicate().position((int) ((from - span[0]) * size))
                        .limit((int) ((from - span[0]) * size + length));
                for (long at = start; share.hasRemaining(); ) {
                    int n = channel.read(share, at);
                    if (n < 0) {
                        throw new IOException("the file ends at byte " + at);
                    }
                    at += n;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(binding + ": cannot read positions [" + from + ", " + to + "] of "
                        + path + ": " + e, e);
            }
        }
        return new FileWindow(ElementCopier.typed(window, file.type()), span[0], layout.path(0), 0);
    }

    /**
     * {@return why reads or writes through this window may have failed, or {@code null} if nothing says so}: the file
     * is now shorter than the window (cut short under the run). An access to a mapped page that the file system cannot
     * back — the file cut short, or its disk full under a sparse output — is reported only later, at a point HotSpot
     * chooses ({@link MappedFaults}); asked after a chunk's last block, this makes a cut file a failure of that chunk.
     * A full disk is named only by such a fault: free space says nothing (the writes may all have landed, in space
     * reserved to root or in the file's own blocks).
     */
    public String lostWrites() {
        try {
            long size = Files.size(file);
            return size < end ? "the file is now " + size + " bytes, shorter than the " + end + " the window reaches"
                    : null;
        } catch (IOException e) {
            return "it can no longer be examined: " + e;
        }
    }

    /**
     * {@return where {@code binding}'s element for the current iteration sits in this window}
     *
     * @param binding the array
     * @param holder its holder
     */
    public Addressing addressing(ArrayBinding binding, LinearHolder holder) {
        return Addressing.of(binding, holder).shifted(-first);
    }
}
