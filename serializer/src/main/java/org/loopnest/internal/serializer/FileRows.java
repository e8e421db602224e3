package org.loopnest.internal.serializer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.FileLayout;
import org.loopnest.internal.data.FileOutputs;

/**
 * Moves runs of elements between a file-backed array and a chunk's packed bytes with positional reads and writes:
 * a run whose elements are adjacent in the file is one read (straight into the packed bytes) or one write; the bytes
 * are swapped when the file's byte order is not the packed buffer's. A run with a stride goes through a scratch buffer
 * of at most {@value #SCRATCH_BYTES} bytes (reads) or element by element (writes, so that outputs interleaved in one
 * file never rewrite each other's bytes). An input over several files ({@link FileLayout}) is read in pieces that each
 * lie in one file. Opens the files for one walk; one thread.
 */
final class FileRows implements AutoCloseable {
    /** The largest scratch buffer a strided read or a swapped write uses. */
    static final int SCRATCH_BYTES = 1 << 20;

    private final ArrayBinding binding;
    private final FileHolder file;
    private final FileLayout layout;
    private final Path target;
    private final FileChannel[] channels;
    private final ByteBuffer packed;
    private final int size;
    private final boolean swap;
    private ByteBuffer scratch;

    /**
     * Opens {@code binding}'s file for reading ({@code write} false) or writing (the run's temporary file for a new
     * output). An input over several files opens each the first time a read reaches it.
     *
     * @throws UncheckedIOException naming the array and file if it cannot be opened
     */
    FileRows(ArrayBinding binding, ByteBuffer packed, boolean write, FileOutputs files) {
        this.binding = binding;
        this.file = (FileHolder) binding.holder();
        this.layout = FileLayout.of(file, binding.shape());
        this.target = files.target(binding);
        this.packed = packed;
        this.size = file.type().bytes();
        this.swap = file.byteOrder() != packed.order();
        this.channels = new FileChannel[layout.files()];
        if (write) {
            try {
                channels[0] = FileChannel.open(target, StandardOpenOption.WRITE);
            } catch (IOException e) {
                throw new UncheckedIOException(binding + ": cannot open " + target + ": " + e, e);
            }
        }
    }

    /**
     * Reads {@code count} elements from file positions {@code user + m·stride} to packed positions {@code at + m},
     * in pieces that each lie in one file.
     */
    void read(long user, long stride, int at, int count) {
        for (int done = 0; done < count; ) {
            long first = user + done * stride;
            int k = layout.fileOf(first);
            int n = layout.runWithin(k, first, stride, count - done);
            readIn(k, first, stride, at + done, n);
            done += n;
        }
    }

    private void readIn(int k, long user, long stride, int at, int count) {
        if (stride == 1 || count == 1) {
            ByteBuffer dst = slice(at, count);
            readFully(k, dst, byteOf(k, user));
            if (swap) {
                swapInPlace(packed, at * size, count);
            }
            return;
        }
        int perRead = Math.max(1, (int) Math.min(count, SCRATCH_BYTES / (Math.max(1, Math.abs(stride)) * size)));
        for (int done = 0; done < count; done += perRead) {
            int n = Math.min(perRead, count - done);
            long from = stride > 0 ? user + done * stride : user + (done + n - 1) * stride;
            int spanBytes = (int) (((n - 1) * Math.abs(stride) + 1) * size);
            ByteBuffer s = scratch(spanBytes);
            readFully(k, s, byteOf(k, from));
            for (int m = 0; m < n; m++) {
                long element = user + (done + m) * stride - from;
                copyElement(s, (int) (element * size), packed, (at + done + m) * size, swap);
            }
        }
    }

    /** Writes {@code count} elements from packed positions {@code at + m} to file positions {@code user + m·stride}. */
    void write(long user, long stride, int at, int count) {
        if (stride == 1 && !swap) {
            writeFully(slice(at, count), byteOf(0, user));
            return;
        }
        if (stride == 1) {
            int perWrite = Math.max(1, SCRATCH_BYTES / size);
            for (int done = 0; done < count; done += perWrite) {
                int n = Math.min(perWrite, count - done);
                ByteBuffer s = scratch(n * size);
                for (int m = 0; m < n; m++) {
                    copyElement(packed, (at + done + m) * size, s, m * size, true);
                }
                writeFully(s, byteOf(0, user + done));
            }
            return;
        }
        for (int m = 0; m < count; m++) {
            ByteBuffer s = scratch(size);
            copyElement(packed, (at + m) * size, s, 0, swap);
            writeFully(s, byteOf(0, user + m * stride));
        }
    }

    @Override
    public void close() {
        UncheckedIOException failed = null;
        for (int k = 0; k < channels.length; k++) {
            try {
                if (channels[k] != null) {
                    channels[k].close();
                }
            } catch (IOException e) {
                failed = failed != null ? failed : new UncheckedIOException(binding + ": cannot close " + path(k)
                        + ": " + e, e);
            }
        }
        if (failed != null) {
            throw failed;
        }
    }

    private long byteOf(int k, long element) {
        return layout.byteOf(k, element);
    }

    /** The file {@code k}: the run's target for file 0 (an output's temporary file), else the input's own. */
    private Path path(int k) {
        return k == 0 ? target : layout.path(k);
    }

    private FileChannel channel(int k) {
        if (channels[k] == null) {
            try {
                channels[k] = FileChannel.open(path(k), StandardOpenOption.READ);
            } catch (IOException e) {
                throw new UncheckedIOException(binding + ": cannot open " + path(k) + ": " + e, e);
            }
        }
        return channels[k];
    }

    private ByteBuffer slice(int at, int count) {
        return packed.duplicate().order(packed.order()).limit((at + count) * size).position(at * size);
    }

    private ByteBuffer scratch(int bytes) {
        if (scratch == null || scratch.capacity() < bytes) {
            scratch = ByteBuffer.allocate(Math.max(bytes, Math.min(SCRATCH_BYTES, 64 * size)));
        }
        return scratch.clear().limit(bytes).order(packed.order()); // same order: copyElement swaps only when told
    }

    private void readFully(int k, ByteBuffer dst, long position) {
        long at = position;
        FileChannel channel = channel(k);
        try {
            while (dst.hasRemaining()) {
                int n = channel.read(dst, at);
                if (n < 0) {
                    throw new UncheckedIOException(new IOException(binding + ": file " + path(k) + " ends at byte " + at
                            + " (expected: at least " + (at + dst.remaining()) + " bytes; was it shortened during the "
                            + "run?)"));
                }
                at += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(binding + ": reading " + path(k) + " at byte " + at + " failed: " + e, e);
        }
        dst.flip();
    }

    private void writeFully(ByteBuffer src, long position) {
        long at = position;
        try {
            while (src.hasRemaining()) {
                at += channels[0].write(src, at);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(binding + ": writing " + target + " at byte " + at + " failed: " + e
                    + " (expected: room on its file system" + (file.writesInPlace() ? ")"
                    : "; the run's new files are deleted)"), e);
        }
    }

    private void swapInPlace(ByteBuffer bytes, int from, int count) {
        for (int m = 0; m < count; m++) {
            copyElement(bytes, from + m * size, bytes, from + m * size, true);
        }
    }

    private void copyElement(ByteBuffer src, int srcByte, ByteBuffer dst, int dstByte, boolean reverse) {
        if (size == Long.BYTES) {
            long v = src.getLong(srcByte);
            dst.putLong(dstByte, reverse ? Long.reverseBytes(v) : v);
        } else {
            int v = src.getInt(srcByte);
            dst.putInt(dstByte, reverse ? Integer.reverseBytes(v) : v);
        }
    }
}
