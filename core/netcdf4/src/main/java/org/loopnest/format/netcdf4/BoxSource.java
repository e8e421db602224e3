package org.loopnest.format.netcdf4;

import io.jhdf.api.Dataset;
import io.jhdf.api.dataset.ChunkedDataset;
import io.jhdf.exceptions.HdfException;
import java.io.IOException;
import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;

/**
 * Reads a box of a variable's stored bytes, row-major, into a buffer, whatever its storage: contiguous data straight
 * from the file by positional reads; chunks read from the file where the {@link Layout}'s index says and decoded by
 * its {@link Filters} (checksums verified, each chunk's filter mask honoured; one read per chunk the box overlaps; a
 * chunk the file lacks reads as the fill value, as HDF5 says); compact and unwritten data from values held in
 * memory. Not jHDF's own slicing ({@code Dataset.getData(offset, shape)}), which verifies no checksum and reads
 * unwritten chunks as 0 (and in 0.9.4 returned zeros for most chunks).
 *
 * <p>Not thread-safe; owned by one unpacking or reading call.
 */
abstract class BoxSource {
    final long[] shape;
    final int elementSize;

    private BoxSource(long[] shape, int elementSize) {
        this.shape = shape;
        this.elementSize = elementSize;
    }

    /** Fills {@code into} (of the file's byte order) from byte 0 with the box's elements, row-major. */
    abstract void read(long[] offset, int[] size, ByteBuffer into) throws IOException;

    /**
     * The source for a variable of a number type, by its storage.
     *
     * @param file      the file's channel, for contiguous data
     * @param userBlock bytes before the HDF5 data (addresses are relative to it)
     */
    static BoxSource of(Netcdf4Variable v, Dataset d, Layout layout, FileChannel file) {
        int size = v.type().size();
        ByteOrder order = v.byteOrder().orElseThrow();
        return switch (v.storage()) {
            case CONTIGUOUS -> contiguous(v.shape(), size, file, layout.offset());
            case CHUNKED, FILTERED -> new Chunks(v.shape(), size, layout, d, file, fillElement(d, v.type(), order));
            case UNWRITTEN -> inMemory(v.shape(), size, fillElement(d, v.type(), order), true);
            case COMPACT -> inMemory(v.shape(), size, compact(d, v.type(), order), false);
        };
    }

    static BoxSource contiguous(long[] shape, int elementSize, FileChannel file, long dataOffset) {
        return new BoxSource(shape, elementSize) {
            @Override
            void read(long[] offset, int[] size, ByteBuffer into) throws IOException {
                Runs runs = new Runs(shape, offset, size);
                int bytes = runs.length() * elementSize;
                int to = 0;
                for (long at = runs.next(); at >= 0; at = runs.next(), to += bytes) {
                    ByteBuffer run = into.duplicate().position(to).limit(to + bytes);
                    long from = dataOffset + at * elementSize;
                    while (run.hasRemaining()) {
                        if (file.read(run, from + run.position() - to) < 0) {
                            throw new java.io.EOFException("the file ends at byte " + file.size() + " (expected: "
                                    + bytes + " bytes from byte " + from + ")");
                        }
                    }
                }
            }
        };
    }

    /** A variable held whole in {@code all} (compact data, or one element repeated for unwritten data). */
    static BoxSource inMemory(long[] shape, int elementSize, ByteBuffer all, boolean repeated) {
        return new BoxSource(shape, elementSize) {
            @Override
            void read(long[] offset, int[] size, ByteBuffer into) {
                Runs runs = new Runs(shape, offset, size);
                int bytes = runs.length() * elementSize;
                int to = 0;
                for (long at = runs.next(); at >= 0; at = runs.next(), to += bytes) {
                    for (int i = 0; i < bytes; i++) {
                        into.put(to + i, all.get(repeated ? i % elementSize : (int) (at * elementSize) + i));
                    }
                }
            }
        };
    }

    /** Chunks that jHDF indexes and reads ({@link ChunkedDataset#getRawChunkBuffer}), unfiltered. */
    static BoxSource chunked(long[] shape, int elementSize, ChunkedDataset dataset, ByteBuffer fillElement) {
        return new Chunks(shape, elementSize, new Layout(Netcdf4Storage.CHUNKED, -1, dataset.getChunkDimensions(),
                Filters.NONE, null), dataset, null, fillElement);
    }

    /** Chunked data: copies each overlapping chunk's part of the box, row by row along the last axis. */
    private static final class Chunks extends BoxSource {
        private final Layout layout;
        private final Dataset dataset;
        private final FileChannel file;
        private final int[] chunk;
        private final int chunkBytes;
        private final ByteBuffer fillElement;

        Chunks(long[] shape, int elementSize, Layout layout, Dataset dataset, FileChannel file,
                ByteBuffer fillElement) {
            super(shape, elementSize);
            this.layout = layout;
            this.dataset = dataset;
            this.file = file;
            this.chunk = layout.chunk();
            this.chunkBytes = layout.chunkBytes(elementSize);
            this.fillElement = fillElement;
        }

        @Override
        void read(long[] offset, int[] size, ByteBuffer into) throws IOException {
            int rank = shape.length;
            int[] first = new int[rank];
            int[] count = new int[rank];
            for (int j = 0; j < rank; j++) {
                first[j] = (int) (offset[j] / chunk[j]);
                count[j] = (int) ((offset[j] + size[j] - 1) / chunk[j]) - first[j] + 1;
            }
            int[] c = new int[rank];
            do {
                int[] corner = new int[rank];
                for (int j = 0; j < rank; j++) {
                    corner[j] = (first[j] + c[j]) * chunk[j];
                }
                copy(corner, decompressed(corner), offset, size, into);
            } while (step(c, count));
        }

        /** The chunk's bytes decoded, or null when the file has no such chunk (never written: the fill value). */
        private byte[] decompressed(int[] corner) throws IOException {
            byte[] stored;
            int mask = 0;
            String where;
            if (layout.index() != null) {
                long[] at = new long[corner.length];
                for (int j = 0; j < at.length; j++) {
                    at[j] = corner[j];
                }
                ChunkIndex.Chunk c = layout.index().find(at);
                if (c == null) {
                    return null;
                }
                where = " (bytes " + c.address() + " to " + (c.address() + c.size()) + ")";
                stored = ChunkIndex.stored(file, c);
                mask = c.filterMask();
            } else {
                ByteBuffer raw;
                try {
                    raw = ((ChunkedDataset) dataset).getRawChunkBuffer(corner);
                } catch (HdfException e) {
                    if (e.getMessage() != null && e.getMessage().startsWith("No chunk with offset")) {
                        return null;
                    }
                    throw e;
                }
                where = "";
                stored = new byte[raw.remaining()];
                raw.get(stored);
            }
            try {
                return layout.filters().decode(stored, mask, chunkBytes);
            } catch (ChunkDamage e) {
                throw new ChunkDamage("its chunk at " + java.util.Arrays.toString(corner) + where + ": "
                        + e.getMessage());
            }
        }

        private void copy(int[] corner, byte[] data, long[] offset, int[] size, ByteBuffer into) {
            int rank = shape.length;
            int[] lo = new int[rank];
            int[] n = new int[rank];
            for (int j = 0; j < rank; j++) {
                long start = Math.max(offset[j], corner[j]);
                long end = Math.min(Math.min(offset[j] + size[j], (long) corner[j] + chunk[j]), shape[j]);
                lo[j] = (int) start;
                n[j] = (int) (end - start);
            }
            int row = n[rank - 1] * elementSize;
            int[] i = new int[rank];
            do {
                long src = 0;
                long dst = 0;
                for (int j = 0; j < rank; j++) {
                    int at = lo[j] + (j < rank - 1 ? i[j] : 0);
                    src = src * chunk[j] + (at - corner[j]);
                    dst = dst * size[j] + (at - offset[j]);
                }
                if (data != null) {
                    into.put((int) dst * elementSize, data, (int) src * elementSize, row);
                } else {
                    for (int b = 0; b < row; b++) {
                        into.put((int) dst * elementSize + b, fillElement.get(b % elementSize));
                    }
                }
            } while (step(i, n, rank - 1));
        }

        private static boolean step(int[] c, int[] count) {
            return step(c, count, c.length);
        }

        /** Odometer over the first {@code axes} axes; false when it wraps. */
        private static boolean step(int[] c, int[] count, int axes) {
            for (int j = axes - 1; j >= 0; j--) {
                if (++c[j] < count[j]) {
                    return true;
                }
                c[j] = 0;
            }
            return false;
        }
    }

    /** A compact (small: at most 64 KiB) variable's values as stored. */
    private static ByteBuffer compact(Dataset d, Netcdf4Type type, ByteOrder order) {
        Object data = d.isScalar() ? d.getData() : d.getDataFlat();
        boolean array = data.getClass().isArray();
        int n = array ? Array.getLength(data) : 1;
        ByteBuffer b = ByteBuffer.allocate(n * type.size()).order(order);
        for (int i = 0; i < n; i++) {
            Stored.put(b, type, i * type.size(), (Number) (array ? Array.get(data, i) : data));
        }
        return b;
    }

    /** One element of the fill value as stored (HDF5's fill value, or zeros when the dataset has none). */
    static ByteBuffer fillElement(Dataset dataset, Netcdf4Type type, ByteOrder order) {
        ByteBuffer b = ByteBuffer.allocate(type.size()).order(order);
        if (dataset.getFillValue() instanceof Number n) {
            Stored.put(b, type, 0, n);
        }
        return b;
    }
}
