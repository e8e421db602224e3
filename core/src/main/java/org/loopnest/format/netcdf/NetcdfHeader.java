package org.loopnest.format.netcdf;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.loopnest.internal.format.Quoted;

/**
 * The header of a classic NetCDF file (CDF-1 or CDF-2): dimensions, attributes, variables, and where each element of
 * each variable lies in the file. The data stay in the file. Made by {@link NetcdfFile#open} (which checks that every
 * variable's data lie after the header, within the file and apart from the others'; a variable with no elements, such
 * as a record variable of a file with no records yet, may begin anywhere, as netCDF's library writes them) or by
 * {@link NetcdfWriter#writeHeader}.
 *
 * <p>Layout (the format specification's): non-record variables lie contiguously from their {@code begin}, last
 * dimension fastest; record variables are interleaved record by record, record {@code r} of a variable at
 * {@code begin + r × recordSize()}, where {@code recordSize()} is the sum of the record variables' padded sizes, or,
 * when there is only one record variable, its unpadded size. All offsets are {@code long}.
 *
 * <p>Immutable; safe to share between threads.
 */
public final class NetcdfHeader {
    private final Path file;
    private final int version;
    private final long numrecs;
    private final List<NetcdfDimension> dimensions;
    private final List<NetcdfAttribute> attributes;
    private final List<NetcdfVariable> variables;
    private final long recordSize;
    private final long headerSize;

    private NetcdfHeader(Path file, int version, long numrecs, List<NetcdfDimension> dimensions,
            List<NetcdfAttribute> attributes, List<NetcdfVariable> variables, long headerSize) {
        this.file = file;
        this.version = version;
        this.numrecs = numrecs;
        this.dimensions = List.copyOf(dimensions);
        this.attributes = List.copyOf(attributes);
        this.variables = List.copyOf(variables);
        this.headerSize = headerSize;
        List<NetcdfVariable> records = variables.stream().filter(NetcdfVariable::isRecord).toList();
        this.recordSize = records.size() == 1
                ? records.get(0).elementsPerRecord() * records.get(0).type().size()
                : records.stream().mapToLong(NetcdfVariable::vsize).reduce(0, NetcdfHeader::saturatedSum);
    }

    /**
     * Makes a header and checks where its variables' data lie: after the header, within {@code fileSize} bytes, apart
     * ({@link DataExtents}).
     */
    static NetcdfHeader of(Path file, int version, long numrecs, List<NetcdfDimension> dimensions,
            List<NetcdfAttribute> attributes, List<NetcdfVariable> variables, long fileSize, long headerSize) {
        NetcdfHeader h = new NetcdfHeader(file, version, numrecs, dimensions, attributes, variables, headerSize);
        DataExtents.check(h, fileSize);
        return h;
    }

    /** Makes a header for a file about to be written. */
    static NetcdfHeader planned(Path file, List<NetcdfDimension> dimensions, List<NetcdfAttribute> attributes,
            List<NetcdfVariable> variables, long headerSize, long numrecs) {
        return new NetcdfHeader(file, 2, numrecs, dimensions, attributes, variables, headerSize);
    }

    /** {@code a + b}, or {@link Long#MAX_VALUE} past it (a record that large lies past the end of any file). */
    private static long saturatedSum(long a, long b) {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    static long pad4(long n) {
        return (n + 3) & ~3L;
    }

    /**
     * The file the header was read from (or is written to).
     *
     * @return the path as given
     */
    public Path file() {
        return file;
    }

    /**
     * The format version.
     *
     * @return 1 for CDF-1 (classic, 32-bit offsets), 2 for CDF-2 (64-bit offsets)
     */
    public int version() {
        return version;
    }

    /**
     * The number of records (the record dimension's length).
     *
     * @return the count, 0 when there is no record dimension
     */
    public long numberOfRecords() {
        return numrecs;
    }

    /**
     * The dimensions, in file order (a variable's dimension ids index this list).
     *
     * @return the dimensions
     */
    public List<NetcdfDimension> dimensions() {
        return dimensions;
    }

    /**
     * The global attributes, in file order.
     *
     * @return the attributes
     */
    public List<NetcdfAttribute> attributes() {
        return attributes;
    }

    /**
     * A global attribute by name.
     *
     * @param name the attribute's name (case-sensitive)
     * @return the attribute, or empty
     */
    public Optional<NetcdfAttribute> attribute(String name) {
        return attributes.stream().filter(a -> a.name().equals(name)).findFirst();
    }

    /**
     * The variables, in file order.
     *
     * @return the variables
     */
    public List<NetcdfVariable> variables() {
        return variables;
    }

    /**
     * Bytes of the header: the data begin at or after this offset.
     *
     * @return the header's length in bytes
     */
    public long headerSize() {
        return headerSize;
    }

    /**
     * Bytes from one record to the next.
     *
     * @return the record size, 0 when there are no record variables
     */
    public long recordSize() {
        return recordSize;
    }

    /**
     * A variable by name.
     *
     * @param name the variable's name (case-sensitive, as in NetCDF)
     * @return the variable
     * @throws NetcdfFormatException if the file has no such variable; the message lists those it has
     */
    public NetcdfVariable variable(String name) {
        return findVariable(name).orElseThrow(() -> new NetcdfFormatException(file, "no variable '"
                + Quoted.of(name) + "' (expected one of: " + Quoted.names(variables.stream().map(NetcdfVariable::name)
                        .toList()) + ")"));
    }

    /**
     * A variable by name, if there is one.
     *
     * @param name the variable's name (case-sensitive)
     * @return the variable, or empty
     */
    public Optional<NetcdfVariable> findVariable(String name) {
        return variables.stream().filter(v -> v.name().equals(name)).findFirst();
    }

    /**
     * The byte offset of one element.
     *
     * @param variable a variable of this header
     * @param index    one index per dimension, outermost first (the record number first for a record variable)
     * @return the element's offset in the file
     * @throws IllegalArgumentException if the number of indices is not the variable's rank, or an index is out of
     *                                  range (a record index may go past the records written so far)
     */
    public long offset(NetcdfVariable variable, long... index) {
        long[] shape = variable.shape();
        if (index.length != shape.length) {
            throw new IllegalArgumentException("variable '" + variable.name() + "': " + index.length
                    + " indices (expected: " + shape.length + ")");
        }
        long at = variable.begin();
        long linear = 0;
        for (int i = 0; i < index.length; i++) {
            boolean record = i == 0 && variable.isRecord();
            if (index[i] < 0 || (!record && index[i] >= shape[i])) {
                throw new IllegalArgumentException("variable '" + variable.name() + "': index[" + i + "] = "
                        + index[i] + " (expected: 0 <= index < " + (record ? "any record" : shape[i]) + ")");
            }
            if (record) {
                at = Math.addExact(at, Math.multiplyExact(index[0], recordSize));
            } else {
                linear = Math.addExact(Math.multiplyExact(linear, shape[i]), index[i]);
            }
        }
        return Math.addExact(at, Math.multiplyExact(linear, (long) variable.type().size()));
    }

    /**
     * The byte offset of the contiguous trailing 2-D (y, x) slab at given leading indices: its elements lie
     * from here, {@link #gridElements} of them, last dimension fastest.
     *
     * @param variable a variable of rank 2 or more whose last two dimensions are not the record dimension
     * @param leading  one index per dimension before the last two (the record number first, if any)
     * @return the offset of element {@code (leading…, 0, 0)}
     * @throws IllegalArgumentException if the variable has fewer than 2 dimensions, or as {@link #offset}
     */
    public long gridOffset(NetcdfVariable variable, long... leading) {
        int rank = variable.dimensions().size();
        if (rank < 2 || (rank == 2 && variable.isRecord())) {
            throw new IllegalArgumentException("variable '" + variable.name() + "' has dimensions "
                    + variable.dimensionNames() + " (expected: at least 2, the last two not the record dimension)");
        }
        long[] index = new long[rank];
        if (leading.length != rank - 2) {
            throw new IllegalArgumentException("variable '" + variable.name() + "': " + leading.length
                    + " leading indices (expected: " + (rank - 2) + ")");
        }
        System.arraycopy(leading, 0, index, 0, leading.length);
        return offset(variable, index);
    }

    /**
     * Elements in one trailing 2-D (y, x) slab.
     *
     * @param variable a variable of rank 2 or more
     * @return the product of the last two dimensions' lengths
     */
    public long gridElements(NetcdfVariable variable) {
        long[] shape = variable.shape();
        if (shape.length < 2) {
            throw new IllegalArgumentException("variable '" + variable.name() + "' has dimensions "
                    + variable.dimensionNames() + " (expected: at least 2)");
        }
        return shape[shape.length - 2] * shape[shape.length - 1];
    }


    /** The offset just past a variable's last element (of its last record), for a header whose sizes were checked. */
    long dataEnd(NetcdfVariable v) {
        long bytes = v.elementsPerRecord() * v.type().size();
        if (!v.isRecord()) {
            return v.begin() + bytes;
        }
        return numrecs == 0 ? v.begin() : v.begin() + (numrecs - 1) * recordSize + bytes;
    }
}
