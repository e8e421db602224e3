package org.loopnest.examples.weather.files;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;

/**
 * Where one float32 variable {@code [t][z][y][x]} lies in a file: x·y grids of contiguous floats (x fastest), the
 * grid of {@code (t, z)} at {@code firstByte + t·tStrideBytes + z·zStrideBytes}. A GrADS variable (records of
 * several variables interleaved), a NetCDF variable (record variables interleaved, fixed ones contiguous) and a raw
 * {@code [t][z][y][x]} file are all of this kind.
 *
 * <p>{@link #input()} and {@link #outputInPlace()} bind it as a strided {@link Holder#file} array, read chunk by
 * chunk by a run; {@link #read} reads one grid for the bounded-memory reference check. An input may lie in several
 * files joined along {@code t} ({@code parts}, {@link Holder#files}); {@link #openReader()} then reads each grid from
 * its file. Immutable; thread-safe.
 *
 * @param path the file
 * @param order the floats' byte order
 * @param firstByte the byte position of element {@code (0, 0, 0, 0)}
 * @param tStrideBytes bytes from one time step's grid to the next's (any value where there is one time step)
 * @param zStrideBytes bytes from one level's grid to the next's (any value where there is one level)
 * @param ny rows (latitudes) per grid
 * @param nx values (longitudes) per row
 * @param parts for an input in several files, each file with the byte of its grid {@code (t, 0)} for its first
 *     {@code t} and its count of time steps (then {@code path} and {@code firstByte} are the first file's); null for
 *     one file
 */
public record FileGrid(Path path, ByteOrder order, long firstByte, long tStrideBytes, long zStrideBytes, int ny,
        int nx, List<FilePart> parts) {
    /**
     * A layout in one file.
     *
     * @param path the file
     * @param order the byte order
     * @param firstByte the first element's byte position
     * @param tStrideBytes the time stride in bytes
     * @param zStrideBytes the level stride in bytes
     * @param ny rows per grid
     * @param nx values per row
     */
    public FileGrid(Path path, ByteOrder order, long firstByte, long tStrideBytes, long zStrideBytes, int ny, int nx) {
        this(path, order, firstByte, tStrideBytes, zStrideBytes, ny, nx, null);
    }

    /**
     * Checks the layout.
     *
     * @param path the file
     * @param order the byte order
     * @param firstByte the first element's byte position
     * @param tStrideBytes the time stride in bytes
     * @param zStrideBytes the level stride in bytes
     * @param ny rows per grid
     * @param nx values per row
     * @param parts the files of an input in several, or null
     * @throws IllegalArgumentException naming the component that is negative or not a whole number of floats
     */
    public FileGrid {
        parts = parts == null ? null : List.copyOf(parts);
        if (firstByte < 0 || tStrideBytes < 0 || zStrideBytes < 0 || ny < 1 || nx < 1) {
            throw new IllegalArgumentException(path + ": layout first byte " + firstByte + ", strides "
                    + tStrideBytes + ", " + zStrideBytes + " bytes, grid " + ny + "×" + nx
                    + " (expected: non-negative positions and a grid of at least 1×1)");
        }
        if (tStrideBytes % Float.BYTES != 0 || zStrideBytes % Float.BYTES != 0) {
            throw new IllegalArgumentException(path + ": strides " + tStrideBytes + ", " + zStrideBytes
                    + " bytes (expected: whole float32 elements, multiples of 4)");
        }
    }

    /** {@return the bytes of one x·y grid} */
    public long gridBytes() {
        return (long) ny * nx * Float.BYTES;
    }

    /** {@return the byte position of the grid of time {@code t}, level {@code z}} */
    public long gridByte(long t, long z) {
        return firstByte + t * tStrideBytes + z * zStrideBytes;
    }

    /** {@return a file-backed input over this layout, indexed {@code t, z, y, x}} */
    public FileHolder input() {
        return parts == null ? Holder.file(path, ElementType.FLOAT, order, firstByte, strides())
                : Holder.files(parts, ElementType.FLOAT, order, strides());
    }

    /** {@return every file the layout reads, in order} */
    public List<Path> files() {
        return parts == null ? List.of(path) : parts.stream().map(FilePart::path).toList();
    }

    /**
     * {@return a reader of this layout's grids, over one file or several; the caller closes it}
     *
     * @throws IOException if the first file cannot be opened
     */
    public Reader openReader() throws IOException {
        return new Reader();
    }

    /**
     * Reads grids of a {@link FileGrid} from its files, each opened the first time a grid of it is read. One
     * thread; closing closes the files.
     */
    public final class Reader implements AutoCloseable {
        private final FileChannel[] channels = new FileChannel[parts == null ? 1 : parts.size()];

        private Reader() throws IOException {
            channels[0] = FileChannel.open(path, StandardOpenOption.READ);
        }

        /**
         * Reads the grid of time {@code t}, level {@code z}, rows in file order.
         *
         * @param t the time step
         * @param z the level
         * @param into receives {@code ny·nx} values
         * @throws IOException when a file cannot be opened or read, or ends before the grid does
         */
        public void read(long t, long z, float[] into) throws IOException {
            if (parts == null) {
                FileGrid.this.read(channels[0], t, z, into);
                return;
            }
            int k = 0;
            long first = 0;
            while (k < parts.size() - 1 && t >= first + parts.get(k).count()) {
                first += parts.get(k++).count();
            }
            if (channels[k] == null) {
                channels[k] = FileChannel.open(parts.get(k).path(), StandardOpenOption.READ);
            }
            FilePart part = parts.get(k);
            new FileGrid(part.path(), order, part.offsetBytes(), tStrideBytes, zStrideBytes, ny, nx)
                    .read(channels[k], t - first, z, into);
        }

        @Override
        public void close() throws IOException {
            IOException failed = null;
            for (FileChannel channel : channels) {
                try {
                    if (channel != null) {
                        channel.close();
                    }
                } catch (IOException e) {
                    failed = failed == null ? e : failed;
                }
            }
            if (failed != null) {
                throw failed;
            }
        }
    }

    /**
     * {@return an output written straight into this existing file (which the caller sizes, commits and deletes),
     * indexed {@code t, z, y, x}}
     */
    public FileHolder outputInPlace() {
        return Holder.fileInPlace(path, ElementType.FLOAT, order, firstByte, strides());
    }

    /**
     * {@return an output written straight into this existing file at level 0 only, indexed {@code t, y, x}: a
     * variable without levels}
     */
    public FileHolder levelOutputInPlace() {
        return Holder.fileInPlace(path, ElementType.FLOAT, order, firstByte, tStrideBytes / Float.BYTES, nx, 1);
    }

    private long[] strides() {
        return new long[] {tStrideBytes / Float.BYTES, zStrideBytes / Float.BYTES, nx, 1};
    }

    /**
     * Reads the grid of time {@code t}, level {@code z}, rows in file order.
     *
     * @param channel the file, open for reading
     * @param t the time step
     * @param z the level
     * @param into receives {@code ny·nx} values; its length must be that
     * @throws EOFException naming the file when it ends before the grid does
     * @throws IOException when reading fails
     */
    public void read(FileChannel channel, long t, long z, float[] into) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(gridBytes())).order(order);
        long at = gridByte(t, z);
        while (bytes.hasRemaining()) {
            if (channel.read(bytes, at + bytes.position()) < 0) {
                throw new EOFException(path + " ends at byte " + (at + bytes.position()) + " (expected: the grid "
                        + "t=" + t + " z=" + z + " up to byte " + (at + gridBytes()) + ")");
            }
        }
        bytes.flip().asFloatBuffer().get(into);
    }
}
