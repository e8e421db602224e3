package org.loopnest.format.netcdf4;

import static org.loopnest.format.netcdf4.Hdf5Layout.*;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.IntToDoubleFunction;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf4.Netcdf4WriterVariable.Dimension;
import org.loopnest.format.netcdf4.Netcdf4WriterVariable.Kind;

/**
 * Writes a NetCDF-4 file (HDF5, the netCDF classic data model in the root group) that {@code ncdump}, xarray and
 * {@link Netcdf4File} read with the right dimension names: each dimension is an HDF5 dimension scale (its coordinate
 * variable, or a dataset without values named as netCDF names them), each variable lists its scales in
 * {@code DIMENSION_LIST} and each scale its variables in {@code REFERENCE_LIST}.
 *
 * <pre>{@code
 * try (Netcdf4Writer w = Netcdf4Writer.create(Path.of("t.nc"))) {
 *     w.dimension("time", 5, true);                      // time = UNLIMITED ; // (5 currently)
 *     w.dimension("lat", 4, false);
 *     w.coordinate("time", NetcdfType.DOUBLE, hours, NetcdfAttribute.text("units", "hours since 1900-01-01"));
 *     w.coordinate("lat", NetcdfType.FLOAT, lats);
 *     w.variable("t", NetcdfType.FLOAT, List.of("time", "lat"), new int[] {1, 4}, 4);
 *     for (int i = 0; i < 5; i++) w.writeChunk("t", new int[] {i, 0}, valuesOfStep(i));
 * }
 * }</pre>
 *
 * <p>Data: coordinate variables are given whole ({@link #coordinate}); data variables are chunked and written one chunk
 * at a time ({@link #writeChunk}), in any order, each compressed (shuffle then deflate, unless the level is 0) and
 * appended to the file at once. A chunk never written reads as the fill value ({@code _FillValue}, else netCDF's
 * default for the type). {@link #close} writes the chunk indexes (version 1 B-trees), the object headers, the root
 * group and the superblock (version 2): until then the file is not readable.
 *
 * <p>Memory: two buffers the size of the largest chunk written (the chunk converted and shuffled, and deflated), kept
 * from chunk to chunk; for the index, about 40 bytes per chunk written (20 in primitive arrays grown by half, 8 to 16
 * in a hash table that finds a chunk written twice; measured 35 to 41 over 0.2 to 3 million chunks), which
 * {@link #close} sorts in place, adding one entry per 64 chunks; and the declarations (dimensions, variables,
 * attributes).
 *
 * <p>Types: {@code BYTE}, {@code SHORT}, {@code INT}, {@code FLOAT}, {@code DOUBLE} for variables; attributes as
 * {@link NetcdfAttribute} has them (text or numbers, empty ones as netCDF-C writes them). Not supported: groups,
 * {@code char}/string variables, unsigned and 64-bit types, variables without dimensions, contiguous data variables,
 * reopening a file to append, attributes over 64 KiB (they stay in the object header).
 *
 * <p>Limits, checked by {@link #variable} so that {@link #close} never meets them: at most {@value #MAX_RANK}
 * dimensions a variable (HDF5's largest rank), at most {@value #MAX_DIMENSION_USES} variable dimensions naming one
 * dimension (its {@code REFERENCE_LIST} attribute holds that many entries in 64 KiB) and at most
 * {@value #MAX_DIMENSION_REFERENCES} variable dimensions in all (the {@code DIMENSION_LIST} references live in one
 * global heap collection, whose objects are numbered in 16 bits).
 *
 * <p>Thread safety: not safe for concurrent use; confine an instance to one thread at a time. (Within the package,
 * {@link Netcdf4Copy} compresses chunks on worker threads through a split of {@link #writeChunk}'s work: see
 * {@code data} and {@code append}; the writer itself is still called from one thread.)
 *
 * <p>Ownership: {@link #create} creates (or truncates) the file and this writer owns it until {@link #close}; the
 * caller owns the path (temporary names and moves are the caller's). Arrays passed in are read during the call only.
 *
 * <p>Failure: a wrong argument is an {@link IllegalArgumentException} and a chunk written twice an
 * {@link IllegalStateException}, each naming the argument and what was expected; neither changes the file, and the
 * writer stays usable. A call after {@link #close} is an {@link IllegalStateException}. An {@link IOException}
 * leaves the file incomplete: later calls are refused with an {@link IllegalStateException}, {@link #close} only
 * closes it, and the caller deletes it.
 */
public final class Netcdf4Writer implements AutoCloseable {
    /** The largest chunk accepted, in bytes (a Java array's limit; {@link Netcdf4File} reads chunks this large). */
    public static final int MAX_CHUNK_BYTES = Integer.MAX_VALUE - 64;
    /** The most dimensions a variable may have: HDF5's largest rank ({@code H5S_MAX_RANK}). */
    public static final int MAX_RANK = 32;
    /** The most variable dimensions that may name one dimension: the entries its {@code REFERENCE_LIST} holds. */
    public static final int MAX_DIMENSION_USES = 4090;
    /** The most variable dimensions in all: the objects of the global heap collection behind DIMENSION_LIST. */
    public static final int MAX_DIMENSION_REFERENCES = 65_535;

    private final Path file;
    private final FileChannel channel;
    private final Map<String, Dimension> dimensions = new LinkedHashMap<>();
    /** The dimension scale of each dimension, by its name, in declaration order. */
    private final Map<String, Netcdf4WriterVariable> scales = new LinkedHashMap<>();
    private final Map<String, Netcdf4WriterVariable> variables = new LinkedHashMap<>();
    private final Map<String, byte[]> globals = new LinkedHashMap<>();
    /** How many variable dimensions name each dimension, and all of them. */
    private final Map<String, Integer> uses = new HashMap<>();
    private int references;
    private final Netcdf4WriterVariable.Encoder encoder = new Netcdf4WriterVariable.Encoder();
    private final Sink sink = new Sink();
    private long end = SUPERBLOCK_SIZE;
    private boolean closed;
    private IOException failure;

    private Netcdf4Writer(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Creates the file, replacing any file there, and reserves room for the superblock.
     *
     * @param file the file to write (its directory must exist)
     * @return the writer; close it
     * @throws IOException if the file cannot be created
     */
    public static Netcdf4Writer create(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        return new Netcdf4Writer(file, FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING));
    }

    /**
     * Declares a dimension. Its {@code _Netcdf4Dimid} is its order of declaration; until a coordinate variable of the
     * same name is declared it is a dimension without values.
     *
     * @param name      the name, unique among dimensions and not a data variable's (each dimension is an HDF5
     *                  dataset of its name in the root group, as each variable is)
     * @param length    its length: at least 1, or 0 for an unlimited dimension without records
     * @param unlimited whether it is unlimited ({@code ncdump}: {@code time = UNLIMITED ; // (5 currently)}), its
     *                  current length being {@code length}
     * @throws IllegalArgumentException if the name is a dimension's or a variable's or not a name, or the length is
     *                                  out of range
     * @throws IllegalStateException    if the writer is closed or failed
     */
    public void dimension(String name, long length, boolean unlimited) {
        checkOpen();
        checkName("dimension", name);
        if (dimensions.containsKey(name)) {
            throw new IllegalArgumentException("dimension '" + name + "' is declared twice (expected: once)");
        }
        if (variables.containsKey(name)) {
            throw new IllegalArgumentException("dimension '" + name + "' is named as a variable (expected: another "
                    + "name)");
        }
        if (length < (unlimited ? 0 : 1)) {
            throw new IllegalArgumentException("dimension '" + name + "' has length " + length + " (expected: at least "
                    + (unlimited ? "0" : "1, or an unlimited dimension") + ")");
        }
        Dimension d = new Dimension(dimensions.size(), name, length, unlimited);
        dimensions.put(name, d);
        scales.put(name, new Netcdf4WriterVariable(name, Kind.DIMENSION_ONLY, NetcdfType.FLOAT, List.of(d),
                unlimited ? new int[] {1024} : null, 0, List.of(), null));
    }

    /**
     * Adds a global attribute.
     *
     * @param attribute text or numbers (possibly empty: {@code :comment = "" ;}), named uniquely and not as the
     *                  HDF5/netCDF bookkeeping attributes
     * @throws IllegalArgumentException if it is reserved, a second of its name or over 64 KiB
     * @throws IllegalStateException    if the writer is closed or failed
     */
    public void attribute(NetcdfAttribute attribute) {
        checkOpen();
        Objects.requireNonNull(attribute, "attribute");
        if (globals.containsKey(attribute.name())) {
            throw new IllegalArgumentException("global attribute '" + attribute.name() + "' is given twice (expected: "
                    + "once)");
        }
        globals.put(attribute.name(), Netcdf4WriterValues.attribute("global", attribute));
    }

    /**
     * Declares the coordinate variable of a declared dimension and writes its values at once: a 1-D variable named
     * as its dimension, stored contiguously (as one chunk for an unlimited dimension), without compression.
     *
     * @param name       the dimension's name
     * @param type       its type, a number type
     * @param values     one value per element of the dimension, converted to the type (rounded to {@code float};
     *                   whole and in range for an integer type)
     * @param attributes its attributes; a {@code _FillValue} must be one value of its type
     * @throws IllegalArgumentException if there is no such dimension, or it has a coordinate variable already, or the
     *                                  type, values or attributes do not fit
     * @throws IllegalStateException    if the writer is closed or failed
     * @throws IOException              if writing fails (the writer is then failed)
     */
    public void coordinate(String name, NetcdfType type, double[] values, NetcdfAttribute... attributes)
            throws IOException {
        checkOpen();
        Dimension d = dimensions.get(name);
        if (d == null || scales.get(name).kind == Kind.COORDINATE) {
            throw new IllegalArgumentException("coordinate variable '" + name + "' " + (d == null ? "has no dimension"
                    + " of its name (expected: one of " + dimensions.keySet() + ")" : "is declared twice (expected: "
                    + "once)"));
        }
        if (values.length != d.length()) {
            throw new IllegalArgumentException("coordinate variable '" + name + "' has " + values.length
                    + " values (expected: " + d.length() + ", its dimension's length)");
        }
        if ((long) values.length * type.size() > MAX_CHUNK_BYTES) {
            throw new IllegalArgumentException("coordinate variable '" + name + "' has " + values.length + " values "
                    + "(expected: at most " + MAX_CHUNK_BYTES + " bytes of them)");
        }
        Netcdf4WriterVariable v = declare(name, Kind.COORDINATE, type, List.of(d),
                d.unlimited() ? new int[] {Math.max(1, values.length)} : null, 0, attributes);
        if (values.length > 0 && v.chunk != null) {
            v.encode(new long[1], i -> values[i], values.length, encoder);
            v.written(new long[1], append(encoder.stored, encoder.length), encoder.length);
        } else if (values.length > 0) {
            byte[] bytes = contiguous(v, values);
            v.contiguousAddress = append(bytes, bytes.length);
        }
        scales.put(name, v);
    }

    /**
     * Declares a chunked data variable, whose chunks are then written with {@link #writeChunk}.
     *
     * @param name         its name, not a dimension's and unique
     * @param type         a number type
     * @param dimensions   the names of declared dimensions, outermost first, 1 to {@value #MAX_RANK} of them; each
     *                     dimension named at most {@value #MAX_DIMENSION_USES} times over all variables, and at most
     *                     {@value #MAX_DIMENSION_REFERENCES} names over all variables
     * @param chunk        the chunk shape, one length per dimension, each from 1 to the dimension's length (any
     *                     length from 1 for an unlimited dimension), at most {@link #MAX_CHUNK_BYTES} per chunk
     * @param deflateLevel 0 for no compression (no filters at all), or 1 to 9: shuffle then deflate at that level
     * @param attributes   its attributes; a {@code _FillValue} must be one value of its type and is also the HDF5
     *                     fill value (what unwritten chunks read as)
     * @throws IllegalArgumentException if a name, the type, a dimension, the chunk shape, the level or an attribute
     *                                  does not fit, or a limit on dimension uses is reached (naming the dimension,
     *                                  the variable and the limit)
     * @throws IllegalStateException    if the writer is closed or failed
     */
    public void variable(String name, NetcdfType type, List<String> dimensions, int[] chunk, int deflateLevel,
            NetcdfAttribute... attributes) {
        checkOpen();
        checkName("variable", name);
        if (this.dimensions.containsKey(name)) {
            throw new IllegalArgumentException("variable '" + name + "' is named as a dimension (expected: another "
                    + "name, or coordinate() for its coordinate variable)");
        }
        List<Dimension> dims = new ArrayList<>();
        for (String n : dimensions) {
            Dimension d = this.dimensions.get(n);
            if (d == null) {
                throw new IllegalArgumentException("variable '" + name + "' has dimension '" + n + "', not declared "
                        + "(expected: one of " + this.dimensions.keySet() + ")");
            }
            dims.add(d);
        }
        if (dims.isEmpty() || dims.size() > MAX_RANK || chunk.length != dims.size()) {
            throw new IllegalArgumentException("variable '" + name + "' has " + dims.size() + " dimensions and chunk "
                    + Arrays.toString(chunk) + " (expected: 1 to " + MAX_RANK + " dimensions, HDF5's largest rank, "
                    + "one chunk length for each)");
        }
        long bytes = type.size();
        for (int i = 0; i < chunk.length; i++) {
            bytes *= Math.max(1, chunk[i]);
            if (chunk[i] < 1 || (!dims.get(i).unlimited() && chunk[i] > dims.get(i).length())
                    || bytes > MAX_CHUNK_BYTES) {
                throw new IllegalArgumentException("variable '" + name + "' has chunk " + Arrays.toString(chunk)
                        + " (expected: lengths from 1 up to the dimensions' " + dims.stream().map(d -> d.unlimited()
                        ? "unlimited" : String.valueOf(d.length())).toList() + ", at most " + MAX_CHUNK_BYTES
                        + " bytes a chunk)");
            }
        }
        if (deflateLevel < 0 || deflateLevel > 9) {
            throw new IllegalArgumentException("variable '" + name + "' has deflate level " + deflateLevel
                    + " (expected: 0 for none, or 1 to 9)");
        }
        Map<String, Integer> more = new HashMap<>();
        for (Dimension d : dims) {
            int n = more.merge(d.name(), 1, Integer::sum) + uses.getOrDefault(d.name(), 0);
            if (n > MAX_DIMENSION_USES) {
                throw new IllegalArgumentException("variable '" + name + "' would make dimension '" + d.name()
                        + "' used " + n + " times (expected: at most " + MAX_DIMENSION_USES + ", the entries its "
                        + "REFERENCE_LIST attribute holds in 64 KiB)");
            }
        }
        if (references + dims.size() > MAX_DIMENSION_REFERENCES) {
            throw new IllegalArgumentException("variable '" + name + "' would make " + (references + dims.size())
                    + " dimension references in all (expected: at most " + MAX_DIMENSION_REFERENCES + ", the "
                    + "objects of the global heap collection holding DIMENSION_LIST)");
        }
        Netcdf4WriterVariable v;
        try {
            v = declare(name, Kind.DATA, type, dims, chunk.clone(), deflateLevel, attributes);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("variable '" + name + "' has chunk " + Arrays.toString(chunk)
                    + ", over " + Long.MAX_VALUE + " chunks in all (expected: fewer, larger chunks)");
        }
        variables.put(name, v);
        more.forEach((d, n) -> uses.merge(d, n, Integer::sum));
        references += dims.size();
    }

    /**
     * Writes one chunk of a data variable: converts it to the variable's type, pads an edge chunk to the full chunk
     * shape with the fill value, compresses it and appends it to the file.
     *
     * @param variable a declared data variable
     * @param chunk    the chunk's index in the chunk grid, one per dimension (its first element is
     *                 {@code chunk[i] * chunkShape[i]}); each chunk may be written once, in any order
     * @param values   the chunk's values, last dimension fastest: either the whole chunk shape, or, for a chunk at
     *                 the end of a dimension, only its part inside the variable (values of the whole shape that lie
     *                 outside are ignored); converted as {@link #coordinate} says
     * @throws IllegalArgumentException if there is no such variable, or the index or the number of values is wrong,
     *                                  or a value does not fit an integer type
     * @throws IllegalStateException    if the chunk was written already, or the writer is closed or failed
     * @throws IOException              if writing fails (the writer is then failed)
     */
    public void writeChunk(String variable, int[] chunk, float[] values) throws IOException {
        write(variable, chunk, i -> values[i], values.length);
    }

    /**
     * Writes one chunk of a data variable from {@code double}s, as {@link #writeChunk(String, int[], float[])} does.
     *
     * @param variable a declared data variable
     * @param chunk    the chunk's index in the chunk grid
     * @param values   the chunk's values (rounded to {@code float} for a float variable)
     * @throws IllegalArgumentException see {@link #writeChunk(String, int[], float[])}
     * @throws IllegalStateException    see {@link #writeChunk(String, int[], float[])}
     * @throws IOException              if writing fails (the writer is then failed)
     */
    public void writeChunk(String variable, int[] chunk, double[] values) throws IOException {
        write(variable, chunk, i -> values[i], values.length);
    }

    /**
     * Completes the file (chunk indexes, object headers, root group, superblock) and closes it; idempotent. A writer
     * that failed only closes its file, which is then incomplete.
     *
     * @throws IOException if writing or closing fails; the file is then incomplete
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try (channel) {
            encoder.deflater.end();
            if (failure == null) {
                List<Netcdf4WriterVariable> datasets = new ArrayList<>(scales.values());
                datasets.addAll(variables.values());
                Netcdf4WriterMetadata.write(sink, datasets, List.copyOf(globals.values()));
            }
        }
    }

    /**
     * Writes one chunk of a data variable whose values come from a function, as
     * {@link #writeChunk(String, int[], float[])} does ({@link Netcdf4Copy} reads them from its buffer).
     *
     * @param values value {@code i} of the chunk (or of its part inside the variable), {@code i} below {@code length}
     */
    void write(String variable, int[] chunk, IntToDoubleFunction values, int length) throws IOException {
        Netcdf4WriterVariable v = data(variable);
        long[] origin = v.origin(chunk);
        v.encode(origin, values, length, encoder);
        v.written(origin, append(encoder.stored, encoder.length), encoder.length);
    }

    /**
     * A declared data variable, for a caller that splits {@link #write} in two, encoding chunks on other threads
     * ({@link Netcdf4Copy}): on this writer's thread it takes each chunk's origin
     * ({@link Netcdf4WriterVariable#origin}, checked) and later appends the chunk with {@link #append(Netcdf4WriterVariable, long[],
     * Netcdf4WriterVariable.Encoder)}; in between any thread may run {@link Netcdf4WriterVariable#encode} with an
     * encoder of its own, which reads only what the variable fixed at its declaration. The output is the same as
     * {@link #write}'s for the same chunks appended in the same order.
     *
     * @throws IllegalArgumentException if there is no such variable
     * @throws IllegalStateException    if the writer is closed or failed
     */
    Netcdf4WriterVariable data(String variable) {
        checkOpen();
        Netcdf4WriterVariable v = variables.get(variable);
        if (v == null) {
            throw new IllegalArgumentException("variable '" + variable + "' is not declared (expected: one of "
                    + variables.keySet() + ", declared with variable())");
        }
        return v;
    }

    /**
     * Appends a chunk of a variable from {@link #data} that {@code e} holds, encoded at {@code origin} (taken from
     * {@link Netcdf4WriterVariable#origin}), and indexes it; on this writer's thread, once the encoding is done and
     * visible to it (a {@link java.util.concurrent.Future#get} of the encoding task).
     *
     * @throws IllegalStateException if the chunk was appended already, or the writer is closed or failed
     * @throws IOException           if writing fails (the writer is then failed)
     */
    void append(Netcdf4WriterVariable v, long[] origin, Netcdf4WriterVariable.Encoder e) throws IOException {
        checkOpen();
        if (v.chunks.contains(v.chunks.place(origin))) {
            throw new IllegalStateException(v.what() + ": chunk at " + Arrays.toString(origin) + " written twice "
                    + "(expected: each chunk once)");
        }
        v.written(origin, append(e.stored, e.length), e.length);
    }

    /**
     * Closes the file without completing it, for a caller that deletes it ({@link Netcdf4Copy} failing); idempotent.
     *
     * @throws IOException if closing fails
     */
    void abandon() throws IOException {
        if (!closed) {
            closed = true;
            encoder.deflater.end();
            channel.close();
        }
    }

    private Netcdf4WriterVariable declare(String name, Kind kind, NetcdfType type, List<Dimension> dims, int[] chunk,
            int deflate, NetcdfAttribute... attributes) {
        if (type == NetcdfType.CHAR || variables.containsKey(name)) {
            throw new IllegalArgumentException("variable '" + name + "' " + (type == NetcdfType.CHAR ? "has type CHAR "
                    + "(expected: BYTE, SHORT, INT, FLOAT or DOUBLE)" : "is declared twice (expected: once)"));
        }
        String what = "variable '" + name + "'";
        Map<String, byte[]> messages = new LinkedHashMap<>();
        byte[] fill = Netcdf4WriterValues.defaultFill(type);
        for (NetcdfAttribute a : attributes) {
            if (messages.put(a.name(), Netcdf4WriterValues.attribute(what, a)) != null) {
                throw new IllegalArgumentException(what + " attribute '" + a.name() + "' is given twice (expected: "
                        + "once)");
            }
            if (a.name().equals("_FillValue")) {
                if (a.type() != type || a.length() != 1) {
                    throw new IllegalArgumentException(what + " attribute '_FillValue' is " + a.length() + " "
                            + a.type() + " (expected: one " + type + ", the variable's type)");
                }
                ByteBuffer b = Netcdf4WriterValues.buffer(type, 1);
                Netcdf4WriterValues.put(b, type, a.number(0), what);
                fill = b.array();
            }
        }
        return new Netcdf4WriterVariable(name, kind, type, dims, chunk, deflate, List.copyOf(messages.values()), fill);
    }

    private static byte[] contiguous(Netcdf4WriterVariable v, double[] values) {
        ByteBuffer b = Netcdf4WriterValues.buffer(v.type, values.length);
        for (double x : values) {
            Netcdf4WriterValues.put(b, v.type, x, v.what());
        }
        return b.array();
    }

    private long append(byte[] bytes, int length) throws IOException {
        long at = end;
        try {
            ByteBuffer b = ByteBuffer.wrap(bytes, 0, length);
            while (b.hasRemaining()) {
                channel.write(b, at + b.position());
            }
        } catch (IOException e) {
            failure = e;
            throw e;
        }
        end += length;
        return at;
    }

    private void checkOpen() {
        if (closed || failure != null) {
            throw new IllegalStateException("writer of " + file + " is " + (closed ? "closed" : "failed: "
                    + failure.getMessage()) + " (expected: an open writer)");
        }
    }

    private static void checkName(String what, String name) {
        Objects.requireNonNull(name, what);
        if (name.isEmpty() || name.indexOf('/') >= 0 || name.indexOf(0) >= 0) {
            throw new IllegalArgumentException(what + " name '" + name + "' is not a name (expected: not empty, "
                    + "without '/' or NUL)");
        }
    }

    /** The file's end, for the metadata written at close. */
    private final class Sink implements Netcdf4WriterMetadata.Sink {
        @Override
        public long end() {
            return end;
        }

        @Override
        public long append(byte[] bytes, int length) throws IOException {
            return Netcdf4Writer.this.append(bytes, length);
        }

        @Override
        public void writeAt(long address, byte[] bytes) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                channel.write(b, address + b.position());
            }
        }
    }
}
