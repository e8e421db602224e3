package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.FilePart;
import org.loopnest.data.Holder;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetJoin;
import org.loopnest.format.dataset.DatasetMember;
import org.loopnest.internal.format.Quoted;

/**
 * One variable of one or more classic NetCDF files, read as one array: the files are joined along the variable's
 * first dimension (time, the record dimension in ERA5 and model output), in the order of that dimension's coordinate
 * values (not the files' names), and must agree on everything else — the other dimensions' names, lengths and
 * coordinate values, the variable's type and packing, the time units. The array is then a file-backed
 * {@link Holder} over the files in place ({@link #holder()}, for {@code float}, {@code double} and {@code int} values
 * that are not packed), or is unpacked to one float32 file ({@link #unpackTo}) when packed or of another type.
 *
 * <p>Only headers and coordinates are read when opened; the data stays in the files.
 *
 * <p><b>Threading:</b> immutable after {@link #open}; safe to share. <b>Failure:</b> {@link #open} throws an
 * {@link IllegalArgumentException} naming the file (both files for a disagreement) and what was expected; I/O errors
 * are {@link IOException}s.
 */
public final class NetcdfDataset implements Dataset {
    private final String variable;
    private final List<NetcdfHeader> headers;
    private final List<NetcdfVariable> variables;
    private final long[] shape;
    private final double[] time;
    private final List<String> notes;

    private NetcdfDataset(String variable, List<NetcdfHeader> headers, List<NetcdfVariable> variables, long[] shape,
            double[] time, List<String> notes) {
        this.variable = variable;
        this.headers = List.copyOf(headers);
        this.variables = List.copyOf(variables);
        this.shape = shape;
        this.time = time;
        this.notes = List.copyOf(notes);
    }

    /**
     * Opens variable {@code name} of {@code files} as one array.
     *
     * @param files the files, in any order; at least one
     * @param name the variable
     * @return the dataset
     * @throws IllegalArgumentException naming the file(s) and what was expected: a file that is not classic NetCDF, a
     *     variable missing (listing those there are), a scalar or text variable, files that disagree on a dimension,
     *     a coordinate, the type, the packing or the time units, times that repeat or go backwards
     * @throws IOException if a header or coordinate cannot be read
     */
    public static NetcdfDataset open(List<Path> files, String name) throws IOException {
        if (files == null || files.isEmpty()) {
            throw new IllegalArgumentException("dataset: no files (expected: at least one NetCDF file)");
        }
        List<NetcdfHeader> headers = new ArrayList<>();
        List<DatasetMember> members = new ArrayList<>();
        for (Path file : files) {
            NetcdfHeader h;
            try {
                h = NetcdfFile.open(file);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
            }
            NetcdfVariable v = find(h, name);
            if (v.dimensions().isEmpty()) {
                throw new IllegalArgumentException(h.file() + ": variable '" + name + "' is a scalar "
                        + "(expected: a variable with dimensions)");
            }
            if (v.type() == NetcdfType.CHAR) {
                throw new IllegalArgumentException(h.file() + ": variable '" + name + "' holds characters "
                        + "(expected: a numeric variable)");
            }
            headers.add(h);
            members.add(member(h, v));
        }
        DatasetJoin join = DatasetJoin.of(members);
        List<NetcdfHeader> sorted = join.files().stream().map(f -> headers.get(files.indexOf(f))).toList();
        List<NetcdfVariable> variables = sorted.stream().map(h -> h.variable(name)).toList();
        return new NetcdfDataset(name, sorted, variables, join.shape(), join.time(), join.notes());
    }

    /** What a file says about {@code v}, for {@link DatasetJoin}. */
    private static DatasetMember member(NetcdfHeader h, NetcdfVariable v) throws IOException {
        long[] shape = v.shape();
        shape[0] = length(h, v);
        NetcdfPacking p = NetcdfPacking.of(v);
        Map<String, double[]> coordinates = new HashMap<>();
        for (String dim : v.dimensionNames()) {
            coordinate(h, dim, dim.equals(v.dimensionNames().get(0)) ? shape[0] : -1)
                    .ifPresent(c -> coordinates.put(dim, c));
        }
        return new DatasetMember(h.file(), v.name(), v.dimensionNames(), shape, v.type().name(), p.describe(),
                p.units(), coordinates, Optional.ofNullable(units(h, v.dimensionNames().get(0))));
    }

    @Override
    public String variable() {
        return variable;
    }

    @Override
    public List<Path> files() {
        return headers.stream().map(NetcdfHeader::file).toList();
    }

    /** {@return the files' headers, in the order they are joined} */
    public List<NetcdfHeader> headers() {
        return headers;
    }

    /** {@return the variable as the first file declares it} */
    public NetcdfVariable declared() {
        return variables.get(0);
    }

    @Override
    public List<String> dimensionNames() {
        return variables.get(0).dimensionNames();
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public long[] counts() {
        long[] counts = new long[headers.size()];
        Arrays.setAll(counts, k -> length(headers.get(k), variables.get(k)));
        return counts;
    }

    /** {@return the variable's CF packing (the same in every file)} */
    public NetcdfPacking packing() {
        return NetcdfPacking.of(variables.get(0));
    }

    @Override
    public Optional<double[]> time() {
        return Optional.ofNullable(time).map(double[]::clone);
    }

    /**
     * {@return the values of the coordinate variable of {@code dimension}, joined along the first dimension for it}
     *
     * @param dimension one of {@link #dimensionNames()}
     * @throws IOException if a file cannot be read
     */
    public Optional<double[]> coordinate(String dimension) throws IOException {
        if (dimension.equals(dimensionNames().get(0))) {
            return time();
        }
        return coordinate(headers.get(0), dimension, -1);
    }

    /**
     * {@return the coordinate variable of {@code dimension} as stored, to copy into an output: type, attributes and
     * values (joined over the files for the first dimension), if the first file has one}
     *
     * @param dimension one of {@link #dimensionNames()}
     * @throws IOException if a file cannot be read
     */
    @Override
    public Optional<NetcdfCoordinate> copyOf(String dimension) throws IOException {
        boolean joined = dimension.equals(dimensionNames().get(0));
        List<NetcdfHeader> from = joined ? headers : headers.subList(0, 1);
        List<ByteBuffer> parts = new ArrayList<>();
        NetcdfVariable first = null;
        for (NetcdfHeader h : from) {
            Optional<NetcdfVariable> v = h.findVariable(dimension).filter(c -> c.dimensionNames()
                    .equals(List.of(dimension)));
            if (v.isEmpty()) {
                return Optional.empty();
            }
            if (first != null && (first.type() != v.get().type() || first.isRecord() != v.get().isRecord())) {
                throw new IllegalArgumentException("files " + headers.get(0).file() + " and " + h.file()
                        + " differ: coordinate '" + dimension + "' is " + describe(first) + " and " + describe(v.get())
                        + " (expected: the same type, both on the record dimension or neither)");
            }
            first = first == null ? v.get() : first;
            parts.add(NetcdfFile.readBytes(h, v.get()));
        }
        ByteBuffer values = ByteBuffer.allocate(parts.stream().mapToInt(ByteBuffer::remaining).sum());
        parts.forEach(values::put);
        boolean record = first.isRecord();
        return Optional.of(new NetcdfCoordinate(dimension, first.type(), first.attributes(), values.flip(), record));
    }

    private static String describe(NetcdfVariable v) {
        return v.type().name().toLowerCase(Locale.ROOT) + (v.isRecord() ? " on the record dimension" : "");
    }

    /** {@return the stored type, e.g. {@code short}} */
    @Override
    public String storage() {
        return variables.get(0).type().name().toLowerCase(Locale.ROOT);
    }

    /** {@return the global attributes of the first file (in time order), as stored} */
    @Override
    public List<NetcdfAttribute> globalAttributes() {
        return headers.get(0).attributes();
    }

    @Override
    public List<String> notes() {
        return notes;
    }

    /**
     * {@return whether the values can be read in place: {@code float}, {@code double} or {@code int}, neither
     * {@code scale_factor} nor {@code add_offset}, and records of the same size in every file}
     */
    @Override
    public boolean readsInPlace() {
        NetcdfVariable v = variables.get(0);
        boolean packed = v.attribute("scale_factor").isPresent() || v.attribute("add_offset").isPresent();
        boolean typed = v.type() == NetcdfType.FLOAT || v.type() == NetcdfType.DOUBLE || v.type() == NetcdfType.INT;
        return typed && !packed && recordStride() > 0;
    }

    /** {@return the element type read in place: float, double or int} */
    @Override
    public ElementType elementType() {
        return switch (variables.get(0).type()) {
            case DOUBLE -> ElementType.DOUBLE;
            case INT -> ElementType.INT;
            default -> ElementType.FLOAT;
        };
    }

    /**
     * {@return the element strides of the variable in its files, outermost first: row-major, with the records'
     * stride first for a record variable}
     */
    public long[] strides() {
        long[] strides = new long[shape.length];
        long s = 1;
        for (int m = shape.length - 1; m >= 0; m--) {
            strides[m] = s;
            s *= Math.max(1, shape[m]);
        }
        if (variables.get(0).isRecord() && recordStride() > 0) {
            strides[0] = recordStride();
        }
        return strides;
    }

    /**
     * {@return a file-backed input over the variable in place, its indices in {@link #dimensionNames()} order:
     * {@link Holder#file} for one file, {@link Holder#files} for several}
     *
     * @throws IllegalStateException if the values cannot be read in place ({@link #readsInPlace()})
     */
    @Override
    public FileHolder holder() {
        if (!readsInPlace()) {
            throw new IllegalStateException(files().get(0) + ": variable '" + variable + "' is "
                    + declared().type().name().toLowerCase(Locale.ROOT) + ", packed or of records that differ "
                    + "between files (expected: unpackTo first)");
        }
        long[] counts = counts();
        List<FilePart> parts = new ArrayList<>();
        for (int k = 0; k < headers.size(); k++) {
            parts.add(new FilePart(headers.get(k).file(), variables.get(k).begin(), counts[k]));
        }
        return parts.size() == 1 ? Holder.file(parts.get(0).path(), elementType(), ByteOrder.BIG_ENDIAN,
                parts.get(0).offsetBytes(), strides()) : Holder.files(parts, elementType(), ByteOrder.BIG_ENDIAN,
                strides());
    }

    /**
     * Writes every element, the files one after the other, to {@code out} as little-endian float32, row-major over
     * {@link #shape()}: stored × scale + offset, NaN where missing ({@link NetcdfPacking}). Streamed in blocks of a
     * mebibyte: memory stays bounded.
     *
     * @param out an existing file, written from byte 0
     * @throws IOException if a file cannot be read or written
     */
    @Override
    public void unpackTo(Path out) throws IOException {
        NetcdfPacking packing = packing();
        long written = 0;
        try (FileChannel to = FileChannel.open(out, StandardOpenOption.WRITE)) {
            for (int k = 0; k < headers.size(); k++) {
                written = unpackFile(headers.get(k), variables.get(k), packing, to, written);
            }
        }
    }

    private static long unpackFile(NetcdfHeader h, NetcdfVariable v, NetcdfPacking packing, FileChannel to,
            long written) throws IOException {
        final int block = 1 << 18;
        long records = v.isRecord() ? h.numberOfRecords() : 1;
        long perRecord = v.isRecord() ? v.elementsPerRecord() : Arrays.stream(v.shape()).reduce(1, Math::multiplyExact);
        int size = v.type().size();
        long at = written;
        try (FileChannel in = FileChannel.open(h.file(), StandardOpenOption.READ)) {
            for (long r = 0; r < records; r++) {
                long from = v.begin() + r * h.recordSize();
                for (long first = 0; first < perRecord; first += block) {
                    int n = (int) Math.min(block, perRecord - first);
                    ByteBuffer stored = ByteBuffer.allocate(n * size);
                    long position = from + first * size;
                    while (stored.hasRemaining()) {
                        if (in.read(stored, position + stored.position()) < 0) {
                            throw new IOException(h.file() + ": variable '" + v.name() + "' ends at byte "
                                    + (position + stored.position()) + " (expected: " + n * size + " bytes from "
                                    + position + ")");
                        }
                    }
                    ByteBuffer values = ByteBuffer.allocate(n * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
                    for (int i = 0; i < n; i++) {
                        values.putFloat(packing.physical(storedValue(v.type(), stored, i)));
                    }
                    values.flip();
                    while (values.hasRemaining()) {
                        to.write(values, at * Float.BYTES + values.position());
                    }
                    at += n;
                }
            }
        }
        return at;
    }

    private static double storedValue(NetcdfType type, ByteBuffer b, int i) {
        return switch (type) {
            case BYTE, CHAR -> b.get(i);
            case SHORT -> b.getShort(i * Short.BYTES);
            case INT -> b.getInt(i * Integer.BYTES);
            case FLOAT -> b.getFloat(i * Float.BYTES);
            case DOUBLE -> b.getDouble(i * Double.BYTES);
        };
    }

    /** The records' element stride, the same in every file; 0 if it differs or is not whole elements. */
    private long recordStride() {
        NetcdfVariable v = variables.get(0);
        if (!v.isRecord()) {
            return 1;
        }
        long size = v.type().size();
        long bytes = -1;
        for (NetcdfHeader h : headers) {
            if (h.numberOfRecords() > 1 || headers.size() > 1) {
                if (bytes >= 0 && bytes != h.recordSize() || h.recordSize() % size != 0) {
                    return 0;
                }
                bytes = h.recordSize();
            }
        }
        return bytes < 0 ? v.elementsPerRecord() : bytes / size;
    }

    private static NetcdfVariable find(NetcdfHeader h, String name) {
        return h.findVariable(name).orElseThrow(() -> new IllegalArgumentException("no variable '" + name + "' in "
                + h.file().getFileName() + " (expected one of: " + Quoted.names(h.variables().stream()
                .map(NetcdfVariable::name)
                .toList()) + ")"));
    }

    /** The length of the first dimension in one file (its records, for a record variable). */
    private static long length(NetcdfHeader h, NetcdfVariable v) {
        return v.isRecord() ? h.numberOfRecords() : v.shape()[0];
    }

    private static String units(NetcdfHeader h, String dim) {
        return h.findVariable(dim).flatMap(v -> v.attribute("units")).filter(a -> a.type() == NetcdfType.CHAR)
                .map(a -> a.text().strip()).orElse(null);
    }

    /**
     * The physical values of the coordinate variable of {@code dim} (one dimension, named as it), if there is one;
     * {@code records} values for the record dimension ({@code -1}: as the variable declares).
     */
    static Optional<double[]> coordinate(NetcdfHeader h, String dim, long records) throws IOException {
        Optional<NetcdfVariable> v = h.findVariable(dim).filter(c -> c.dimensionNames().equals(List.of(dim))
                && c.type() != NetcdfType.CHAR);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        NetcdfPacking p = NetcdfPacking.of(v.get());
        double[] values = NetcdfFile.readValues(h, v.get());
        for (int i = 0; i < values.length; i++) {
            values[i] = values[i] * p.scale() + p.offset();
        }
        return Optional.of(records >= 0 && records < values.length ? Arrays.copyOf(values, (int) records) : values);
    }
}
