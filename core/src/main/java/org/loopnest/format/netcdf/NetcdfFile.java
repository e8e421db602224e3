package org.loopnest.format.netcdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import org.loopnest.internal.format.Quoted;

/**
 * The door for reading classic NetCDF files: {@link #open} reads a header, {@link #readValues} reads a small
 * variable (a coordinate) into memory. Large variables stay in the file; {@link NetcdfHeader#offset} says where.
 *
 * <p>Thread safety: stateless; each call opens and closes the file itself.
 */
public final class NetcdfFile {
    /** The most elements {@link #readValues} reads into memory. */
    public static final int MAX_VALUES = 1 << 24;

    private NetcdfFile() {
    }

    /**
     * Reads a file's header (only the header: the data stay in the file) and checks that every variable's data lie
     * after the header, within the file and apart from the other variables'.
     *
     * @param file a classic NetCDF file ({@code CDF\1} or {@code CDF\2})
     * @return its header
     * @throws NetcdfFormatException if the file is missing, not a classic NetCDF file (NetCDF-4/HDF5, CDF-5), its
     *                               header is truncated or malformed (a count larger than the rest of the file can
     *                               hold included), or a variable's data begin inside the header, lie past the end or
     *                               overlap another variable's
     * @throws IOException           if reading fails
     */
    public static NetcdfHeader open(Path file) throws IOException {
        return HeaderReader.read(file);
    }

    /**
     * Reads all values of a small variable (every record of a record variable), widened to {@code double}, as
     * stored (no {@code scale_factor} applied: see {@link NetcdfPacking}).
     *
     * @param header   the file's header
     * @param variable one of its variables
     * @return the values, last dimension fastest
     * @throws NetcdfFormatException    naming the file and variable if it has more than {@link #MAX_VALUES} elements
     *                                  (a {@link IllegalArgumentException}, as before)
     * @throws IOException              if reading fails
     */
    public static double[] readValues(NetcdfHeader header, NetcdfVariable variable) throws IOException {
        ByteBuffer b = readBytes(header, variable);
        double[] values = new double[b.remaining() / variable.type().size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = switch (variable.type()) {
                case BYTE, CHAR -> b.get();
                case SHORT -> b.getShort();
                case INT -> b.getInt();
                case FLOAT -> b.getFloat();
                case DOUBLE -> b.getDouble();
            };
        }
        return values;
    }

    /**
     * Reads a small variable's values as stored: big-endian elements of its type, last dimension fastest, a record
     * variable's records one after the other (what a copy of the variable into another file writes).
     *
     * @param header   the file's header
     * @param variable one of its variables
     * @return the bytes, big-endian, positioned at 0
     * @throws NetcdfFormatException naming the file and variable if it has more than {@link #MAX_VALUES} elements or
     *                               the file ends early
     * @throws IOException           if reading fails
     */
    public static ByteBuffer readBytes(NetcdfHeader header, NetcdfVariable variable) throws IOException {
        long perRecord = variable.elementsPerRecord();
        long records = variable.isRecord() ? header.numberOfRecords() : 1;
        if (records != 0 && perRecord > MAX_VALUES / records) {
            throw new NetcdfFormatException(header.file(), "variable '" + Quoted.of(variable.name()) + "' has "
                    + perRecord + " × " + records + " elements (expected: at most " + MAX_VALUES
                    + " to read into memory)");
        }
        int size = variable.type().size();
        ByteBuffer all = ByteBuffer.allocate((int) (perRecord * records) * size);
        try (FileChannel channel = FileChannel.open(header.file())) {
            for (long r = 0; r < records; r++) {
                ByteBuffer b = all.slice((int) (r * perRecord * size), (int) perRecord * size);
                long at = variable.begin() + r * header.recordSize();
                while (b.hasRemaining()) {
                    if (channel.read(b, at + b.position()) < 0) {
                        throw new NetcdfFormatException(header.file(), "variable '" + Quoted.of(variable.name())
                                + "' ends early at byte " + (at + b.position()) + " (expected: " + b.capacity()
                                + " bytes from " + at + ")");
                    }
                }
            }
        }
        return all;
    }
}
