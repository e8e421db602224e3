package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import java.util.zip.Deflater;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * One dataset {@link Netcdf4Writer} writes, as it is declared and as its data go out: a dimension without values (an
 * HDF5 dimension scale holding nothing), a coordinate variable (a dimension scale with its values) or a data variable
 * (chunked, chunks written one at a time). Knows its storage messages and turns one chunk of values into its stored
 * bytes: padded to the full chunk with the fill value, converted to little-endian and shuffled in one pass, then
 * deflated where asked, in the {@link Encoder}'s buffers. Not thread-safe; owned by its writer, with one exception:
 * {@link #encode} reads only the fields fixed at construction (never the chunk index), so threads that each have an
 * {@link Encoder} of their own may run it at once, while the writer's thread records chunks ({@link #written}).
 */
final class Netcdf4WriterVariable {
    /** The largest Java array the JVM allocates. */
    private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

    /** A declared dimension; {@code id} is its {@code _Netcdf4Dimid}, its order of declaration. */
    record Dimension(int id, String name, long length, boolean unlimited) {
    }

    enum Kind { DIMENSION_ONLY, COORDINATE, DATA }

    /**
     * The deflater and the two buffers one writer (or one of {@link Netcdf4Copy}'s chunks in flight) turns chunks into
     * stored bytes with, kept from chunk to chunk (so they hold the largest chunk yet): the chunk converted and
     * shuffled, and its deflated form. Used by one thread at a time; its owner ends the deflater.
     */
    static final class Encoder {
        final Deflater deflater = new Deflater();
        private byte[] raw = new byte[0];
        private byte[] packed = new byte[0];
        /** The last chunk's stored bytes: the first {@link #length} of this array. */
        byte[] stored;
        int length;
    }

    final String name;
    final Kind kind;
    final NetcdfType type;
    final List<Dimension> dims;
    /** The chunk shape; null for contiguous data. */
    final int[] chunk;
    final int deflate;
    /** The attribute messages, in order. */
    final List<byte[]> attributes;
    /** The fill value's bytes; null where undefined (a dimension without values). */
    final byte[] fill;
    long contiguousAddress = UNDEFINED;
    /** The chunks written; null for contiguous data. */
    final Netcdf4WriterChunks chunks;
    long treeAddress = UNDEFINED;
    /** "variable 'name'", for messages. */
    private final String what;
    /** The fill value's little-endian bytes as one number (byte b is {@code fillBits >>> 8 * b}). */
    private final long fillBits;

    /**
     * A dataset.
     *
     * @throws ArithmeticException if a chunked one's chunk grid has more than {@link Long#MAX_VALUE} chunks
     */
    Netcdf4WriterVariable(String name, Kind kind, NetcdfType type, List<Dimension> dims, int[] chunk, int deflate,
            List<byte[]> attributes, byte[] fill) {
        this.name = name;
        this.kind = kind;
        this.type = type;
        this.dims = List.copyOf(dims);
        this.chunk = chunk;
        this.deflate = deflate;
        this.attributes = List.copyOf(attributes);
        this.fill = fill;
        this.what = "variable '" + name + "'";
        long bits = 0;
        for (int b = 0; fill != null && b < fill.length; b++) {
            bits |= (fill[b] & 0xFFL) << (8 * b);
        }
        this.fillBits = bits;
        this.chunks = chunk == null ? null : new Netcdf4WriterChunks(shape(), chunk);
    }

    long[] shape() {
        return dims.stream().mapToLong(Dimension::length).toArray();
    }

    /** Adds the dataspace, datatype, fill value, filter pipeline and layout messages. */
    void storageMessages(Hdf5ObjectHeader h) {
        long[] max = dims.stream().mapToLong(d -> d.unlimited() ? UNLIMITED : d.length()).toArray();
        // The datatype, fill value and filter messages are marked constant, as the HDF5 library marks them: they
        // never change over the dataset's life, whereas the dataspace (grown along an unlimited dimension) and the
        // layout (its B-tree address) may be rewritten by a later writer, such as netCDF-C appending records.
        h.add(DATASPACE, 0, Hdf5Messages.dataspace(shape(), max));
        h.add(DATATYPE, MESSAGE_CONSTANT, Hdf5Messages.number(type));
        h.add(FILL_VALUE, MESSAGE_CONSTANT, Hdf5Messages.fillValue(chunk == null ? ALLOC_LATE : ALLOC_INCREMENTAL,
                fill));
        if (deflate > 0) {
            h.add(FILTER_PIPELINE, MESSAGE_CONSTANT, Hdf5Messages.shuffleDeflate(type.size(), deflate));
        }
        h.add(DATA_LAYOUT, 0, chunk == null
                ? Hdf5Messages.contiguous(contiguousAddress, dims.get(0).length() * type.size())
                : Hdf5Messages.chunked(treeAddress, chunk, type.size()));
    }

    /**
     * The first element of a chunk, checked.
     *
     * @throws IllegalArgumentException if the index has the wrong rank or lies outside the variable, or the variable
     *                                  has {@link Netcdf4WriterChunks#MAX_CHUNKS} chunks already
     * @throws IllegalStateException    if the chunk was written already
     */
    long[] origin(int[] index) {
        long[] shape = shape();
        if (index.length != shape.length) {
            throw new IllegalArgumentException(what + ": chunk " + Arrays.toString(index) + " has " + index.length
                    + " indexes (expected: " + shape.length + ", one per dimension)");
        }
        long[] origin = new long[index.length];
        for (int i = 0; i < index.length; i++) {
            origin[i] = (long) index[i] * chunk[i];
            if (index[i] < 0 || origin[i] >= shape[i]) {
                long[] counts = new long[shape.length];
                Arrays.setAll(counts, k -> (shape[k] + chunk[k] - 1) / chunk[k]);
                throw new IllegalArgumentException(what + ": chunk " + Arrays.toString(index) + " lies outside "
                        + "shape " + Arrays.toString(shape) + " (expected: indexes from 0 below "
                        + Arrays.toString(counts) + ")");
            }
        }
        if (chunks.contains(chunks.place(origin))) {
            throw new IllegalStateException(what + ": chunk " + Arrays.toString(index) + " written twice "
                    + "(expected: each chunk once)");
        }
        if (chunks.count() == Netcdf4WriterChunks.MAX_CHUNKS) {
            throw new IllegalArgumentException(what + ": chunk " + Arrays.toString(index) + " would be chunk "
                    + (chunks.count() + 1L) + " (expected: at most " + Netcdf4WriterChunks.MAX_CHUNKS + " chunks "
                    + "written, larger ones)");
        }
        return origin;
    }

    /** Records a chunk written at {@code origin}, stored at {@code address}. */
    void written(long[] origin, long address, int size) {
        chunks.add(chunks.place(origin), address, size);
    }

    /**
     * One chunk's stored bytes, left in {@code e}: {@code values} hold either the whole chunk or only its part inside
     * the variable (an edge chunk), last dimension fastest; the rest of the chunk is the fill value.
     *
     * @throws IllegalArgumentException if the number of values is wrong or a value does not fit an integer type
     */
    void encode(long[] origin, IntToDoubleFunction values, int length, Encoder e) {
        int rank = chunk.length;
        long[] shape = shape();
        int[] inside = new int[rank];
        long full = 1;
        long part = 1;
        for (int i = 0; i < rank; i++) {
            inside[i] = (int) Math.min(chunk[i], shape[i] - origin[i]);
            full *= chunk[i];
            part *= inside[i];
        }
        if (length != full && length != part) {
            throw new IllegalArgumentException(what + ": chunk at " + Arrays.toString(origin) + " has " + length
                    + " values (expected: " + full + " for the whole chunk " + Arrays.toString(chunk) + ", or " + part
                    + " for its part inside the variable " + Arrays.toString(inside) + ")");
        }
        int size = type.size();
        int n = (int) full;
        int bytes = n * size;
        if (e.raw.length < bytes) {
            e.raw = new byte[bytes];
        }
        byte[] raw = e.raw;
        // Byte b of element i goes to b * n + i when shuffled (HDF5's shuffle: the first byte of every element, then
        // every second byte, ...), else to i * size + b.
        int elementStep = deflate > 0 ? 1 : size;
        int byteStep = deflate > 0 ? n : 1;
        int row = chunk[rank - 1];
        int[] rowWidth = length == full ? chunk : inside;
        int[] at = new int[rank]; // the row's position in the chunk (the last index stays 0)
        int element = 0;
        for (int r = 0; r < n / row; r++) {
            boolean in = true;
            long from = 0;
            for (int i = 0; i < rank - 1; i++) {
                in &= at[i] < inside[i];
                from = from * rowWidth[i] + at[i];
            }
            from *= rowWidth[rank - 1];
            int used = in ? inside[rank - 1] : 0;
            for (int j = 0; j < row; j++, element++) {
                long bits = j < used ? Netcdf4WriterValues.bits(type, values.applyAsDouble((int) (from + j)), what)
                        : fillBits;
                for (int b = 0, to = element * elementStep; b < size; b++, to += byteStep) {
                    raw[to] = (byte) (bits >>> (8 * b));
                }
            }
            for (int i = rank - 2; i >= 0 && ++at[i] == chunk[i]; i--) {
                at[i] = 0;
            }
        }
        if (deflate == 0) {
            e.stored = raw;
            e.length = bytes;
        } else {
            deflate(raw, bytes, e);
        }
    }

    String what() {
        return what;
    }

    /** A zlib stream (HDF5's deflate filter) of the first {@code length} bytes of {@code in}, into the encoder. */
    private void deflate(byte[] in, int length, Encoder e) {
        Deflater deflater = e.deflater;
        deflater.reset();
        deflater.setLevel(deflate);
        deflater.setInput(in, 0, length);
        deflater.finish();
        // zlib's compressBound: what deflate needs at worst, with the zlib header and checksum
        long bound = length + (length >> 12) + (length >> 14) + (length >> 25) + 13L;
        if (e.packed.length < bound) {
            e.packed = new byte[(int) Math.min(bound, MAX_ARRAY)];
        }
        int out = 0;
        while (!deflater.finished()) {
            if (out == e.packed.length) {
                if (out == MAX_ARRAY) {
                    throw new IllegalArgumentException(what + ": a chunk of " + length + " bytes deflates to more "
                            + "than " + MAX_ARRAY + " (expected: a chunk that fits a Java array once deflated; "
                            + "smaller chunks or deflate level 0)");
                }
                e.packed = Arrays.copyOf(e.packed, (int) Math.min(MAX_ARRAY, 2L * out));
            }
            out += deflater.deflate(e.packed, out, e.packed.length - out);
        }
        e.stored = e.packed;
        e.length = out;
    }
}
