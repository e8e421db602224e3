package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A coordinate variable copied verbatim from an input into an output: its name (that of its dimension), type,
 * attributes and values as stored (big-endian, joined over the files of a {@link NetcdfDataset} for the time
 * dimension), and whether its dimension is the record (unlimited) one. {@link #declare} and {@link #write} put it in
 * a {@link NetcdfWriter}, so that an output lines up with its input ({@code xr.merge} aligns them).
 *
 * <p>Immutable: the values are copied in and out.
 *
 * @param name       the variable's and its dimension's name
 * @param type       the stored type
 * @param attributes every attribute, as stored
 * @param values     the values as stored, big-endian, from position 0 to the limit
 * @param record     whether the dimension is the record dimension
 */
public record NetcdfCoordinate(String name, NetcdfType type, List<NetcdfAttribute> attributes, ByteBuffer values,
        boolean record) {
    /**
     * Copies the list and the values.
     *
     * @param name       the name
     * @param type       the type
     * @param attributes the attributes
     * @param values     the values (read from its position to its limit; not consumed)
     * @param record     whether the dimension is the record dimension
     */
    public NetcdfCoordinate {
        attributes = List.copyOf(attributes);
        values = copy(values);
    }

    /** {@return the values as stored, a read-only big-endian copy from position 0} */
    @Override
    public ByteBuffer values() {
        return values.asReadOnlyBuffer();
    }

    /** {@return how many values there are} */
    public long length() {
        return values.remaining() / type.size();
    }

    /**
     * {@return this coordinate with its first {@code n} values only (the levels a run covers, say)}
     *
     * @param n how many, at most {@link #length()}
     * @throws IllegalArgumentException if {@code n} is negative or more than there are
     */
    public NetcdfCoordinate first(long n) {
        if (n < 0 || n > length()) {
            throw new IllegalArgumentException("coordinate '" + name + "': first " + n + " values (expected: 0 to "
                    + length() + ")");
        }
        return new NetcdfCoordinate(name, type, attributes, values.slice(0, (int) n * type.size()), record);
    }

    /**
     * Declares the dimension (the record dimension if it was one) and the variable in {@code writer}.
     *
     * @param writer a writer still declaring
     * @return the writer
     * @throws IllegalArgumentException if the name is taken there
     */
    public NetcdfWriter declare(NetcdfWriter writer) {
        if (record) {
            writer.recordDimension(name, length());
        } else {
            writer.dimension(name, length());
        }
        return writer.variable(name, type, List.of(name), attributes.toArray(NetcdfAttribute[]::new));
    }

    /**
     * Writes the values into {@code writer}, after its header.
     *
     * @param writer the writer this coordinate was declared in
     * @throws IOException if writing fails
     */
    public void write(NetcdfWriter writer) throws IOException {
        writer.write(name, 0, values());
    }

    private static ByteBuffer copy(ByteBuffer from) {
        ByteBuffer to = ByteBuffer.allocate(from.remaining());
        to.put(from.duplicate()).flip();
        return to;
    }
}
