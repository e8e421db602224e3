package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeMap;
import java.util.function.IntToDoubleFunction;
import java.util.zip.Deflater;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * One dataset {@link Netcdf4Writer} writes, as it is declared and as its data go out: a dimension without values (an
 * HDF5 dimension scale holding nothing), a coordinate variable (a dimension scale with its values) or a data variable
 * (chunked, chunks written one at a time). Knows its storage messages and turns one chunk of values into its stored
 * bytes: padded to the full chunk with the fill value, converted to little-endian, then shuffled and deflated where
 * asked. Not thread-safe; owned by its writer.
 */
final class Netcdf4WriterVariable {
    /** A declared dimension; {@code id} is its {@code _Netcdf4Dimid}, its order of declaration. */
    record Dimension(int id, String name, long length, boolean unlimited) {
    }

    enum Kind { DIMENSION_ONLY, COORDINATE, DATA }

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
    final TreeMap<long[], Hdf5ChunkTree.Chunk> chunks = new TreeMap<>(Arrays::compare);
    long treeAddress = UNDEFINED;

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
    }

    long[] shape() {
        return dims.stream().mapToLong(Dimension::length).toArray();
    }

    /** Adds the dataspace, datatype, fill value, filter pipeline and layout messages. */
    void storageMessages(Hdf5ObjectHeader h) {
        long[] max = dims.stream().mapToLong(d -> d.unlimited() ? UNLIMITED : d.length()).toArray();
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
     * @throws IllegalArgumentException if the index has the wrong rank or lies outside the variable
     * @throws IllegalStateException    if the chunk was written already
     */
    long[] origin(int[] index) {
        long[] shape = shape();
        if (index.length != shape.length) {
            throw new IllegalArgumentException(what() + ": chunk " + Arrays.toString(index) + " has " + index.length
                    + " indexes (expected: " + shape.length + ", one per dimension)");
        }
        long[] origin = new long[index.length];
        for (int i = 0; i < index.length; i++) {
            origin[i] = (long) index[i] * chunk[i];
            if (index[i] < 0 || origin[i] >= shape[i]) {
                long[] counts = new long[shape.length];
                Arrays.setAll(counts, k -> (shape[k] + chunk[k] - 1) / chunk[k]);
                throw new IllegalArgumentException(what() + ": chunk " + Arrays.toString(index) + " lies outside "
                        + "shape " + Arrays.toString(shape) + " (expected: indexes from 0 below "
                        + Arrays.toString(counts) + ")");
            }
        }
        if (chunks.containsKey(origin)) {
            throw new IllegalStateException(what() + ": chunk " + Arrays.toString(index) + " written twice "
                    + "(expected: each chunk once)");
        }
        return origin;
    }

    /**
     * One chunk's stored bytes: {@code values} hold either the whole chunk or only its part inside the variable
     * (an edge chunk), last dimension fastest; the rest of the chunk is the fill value.
     */
    byte[] encode(long[] origin, IntToDoubleFunction values, int length, Deflater deflater) {
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
            throw new IllegalArgumentException(what() + ": chunk at " + Arrays.toString(origin) + " has " + length
                    + " values (expected: " + full + " for the whole chunk " + Arrays.toString(chunk) + ", or " + part
                    + " for its part inside the variable " + Arrays.toString(inside) + ")");
        }
        int row = chunk[rank - 1];
        int[] rowWidth = length == full ? chunk : inside;
        ByteBuffer raw = Netcdf4WriterValues.buffer(type, (int) full);
        int[] at = new int[rank]; // the row's position in the chunk (the last index stays 0)
        for (long r = 0; r < full / row; r++) {
            boolean in = true;
            long from = 0;
            for (int i = 0; i < rank - 1; i++) {
                in &= at[i] < inside[i];
                from = from * rowWidth[i] + at[i];
            }
            from *= rowWidth[rank - 1];
            for (int j = 0; j < row; j++) {
                if (in && j < inside[rank - 1]) {
                    Netcdf4WriterValues.put(raw, type, values.applyAsDouble((int) (from + j)), what());
                } else {
                    raw.put(fill);
                }
            }
            for (int i = rank - 2; i >= 0 && ++at[i] == chunk[i]; i--) {
                at[i] = 0;
            }
        }
        return deflate == 0 ? raw.array() : deflate(shuffle(raw.array(), type.size()), deflate, deflater);
    }

    String what() {
        return "variable '" + name + "'";
    }

    /** HDF5's shuffle: the first byte of every element, then every second byte, and so on. */
    private static byte[] shuffle(byte[] in, int size) {
        byte[] out = new byte[in.length];
        int n = in.length / size;
        for (int i = 0; i < n; i++) {
            for (int b = 0; b < size; b++) {
                out[b * n + i] = in[i * size + b];
            }
        }
        return out;
    }

    /** A zlib stream (HDF5's deflate filter). */
    private static byte[] deflate(byte[] in, int level, Deflater deflater) {
        deflater.reset();
        deflater.setLevel(level);
        deflater.setInput(in);
        deflater.finish();
        ByteArrayOutputStream out = new ByteArrayOutputStream(in.length / 2 + 64);
        byte[] buffer = new byte[64 * 1024];
        while (!deflater.finished()) {
            out.write(buffer, 0, deflater.deflate(buffer));
        }
        return out.toByteArray();
    }

    /** The chunks in row-major order, for the index. */
    List<Hdf5ChunkTree.Chunk> sortedChunks() {
        return new ArrayList<>(chunks.values());
    }
}
