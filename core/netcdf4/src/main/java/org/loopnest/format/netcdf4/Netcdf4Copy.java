package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfDimension;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;

/**
 * Copies a classic NetCDF file into a compressed NetCDF-4 file with the same dimensions (the record dimension
 * unlimited), global attributes, coordinate variables (type, attributes, values) and data variables: each data
 * variable chunked one grid at a time (its last two dimensions whole, 1 along the others: the unit the runs' chunks are
 * made of), shuffled and deflated. It is how {@code --format netcdf4} outputs are made: the run writes a classic
 * file in place, chunk by chunk and in any order, and this copy streams it grid by grid into the NetCDF-4 file, so
 * memory holds one grid whatever the file's size (one more pass over the data, measured in BENCHMARKS.md). The
 * target is deleted if the copy fails.
 *
 * <p>Stateless. <b>Failure:</b> an {@link IOException} if a file cannot be read or written; an {@link IllegalArgumentException} for what NetCDF-4 output does not take
 * (a {@code char} or scalar variable, a grid of more than {@link Netcdf4Writer#MAX_CHUNK_BYTES}).
 */
public final class Netcdf4Copy {
    private Netcdf4Copy() {
    }

    /**
     * Writes {@code target} from the classic file {@code classic}.
     *
     * @param classic      a classic NetCDF file (CDF-1 or CDF-2)
     * @param target       the NetCDF-4 file to make (created or truncated)
     * @param deflateLevel 0 (no compression) to 9; 4 is a good default
     * @throws IllegalArgumentException if the level is out of range or a variable cannot be written, naming it
     * @throws IOException if a file cannot be read or written
     */
    public static void fromClassic(Path classic, Path target, int deflateLevel) throws IOException {
        if (deflateLevel < 0 || deflateLevel > 9) {
            throw new IllegalArgumentException("deflate level " + deflateLevel + " (expected: 0 to 9)");
        }
        NetcdfHeader h = NetcdfFile.open(classic);
        try (Netcdf4Writer w = Netcdf4Writer.create(target);
                FileChannel in = FileChannel.open(classic, StandardOpenOption.READ)) {
            for (NetcdfDimension d : h.dimensions()) {
                w.dimension(d.name(), d.record() ? h.numberOfRecords() : d.length(), d.record());
            }
            h.attributes().forEach(w::attribute);
            List<NetcdfVariable> data = new ArrayList<>();
            for (NetcdfVariable v : h.variables()) {
                if (v.type() == NetcdfType.CHAR) {
                    throw new IllegalArgumentException("variable '" + v.name() + "' holds characters (expected: "
                            + "numbers in a NetCDF-4 output)");
                }
                NetcdfAttribute[] attributes = v.attributes().toArray(NetcdfAttribute[]::new);
                if (v.dimensionNames().equals(List.of(v.name()))) {
                    w.coordinate(v.name(), v.type(), NetcdfFile.readValues(h, v), attributes);
                } else {
                    w.variable(v.name(), v.type(), v.dimensionNames(), chunk(h, v), deflateLevel, attributes);
                    data.add(v);
                }
            }
            for (NetcdfVariable v : data) {
                copy(h, v, in, w);
            }
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(target);
            throw e;
        }
    }

    /**
     * One grid: the last two dimensions whole (fewer for a variable of fewer), 1 along the others and along the record
     * dimension, whose records are apart in the file.
     */
    private static int[] chunk(NetcdfHeader h, NetcdfVariable v) {
        long[] shape = shape(h, v);
        if (shape.length == 0) {
            throw new IllegalArgumentException("variable '" + v.name() + "' is a scalar (expected: dimensions)");
        }
        int[] chunk = new int[shape.length];
        long bytes = v.type().size();
        int leading = leading(v, shape.length);
        for (int m = 0; m < shape.length; m++) {
            boolean whole = m >= leading;
            chunk[m] = whole ? (int) Math.max(1, shape[m]) : 1;
            bytes *= chunk[m];
        }
        if (bytes > Netcdf4Writer.MAX_CHUNK_BYTES) {
            throw new IllegalArgumentException("variable '" + v.name() + "': a grid of " + bytes + " bytes (expected: "
                    + "at most " + Netcdf4Writer.MAX_CHUNK_BYTES + " per NetCDF-4 chunk)");
        }
        return chunk;
    }

    /** How many dimensions lead the grid: all but the last two, and at least the record dimension. */
    private static int leading(NetcdfVariable v, int rank) {
        return Math.max(v.isRecord() ? 1 : 0, rank - 2);
    }

    private static long[] shape(NetcdfHeader h, NetcdfVariable v) {
        long[] shape = v.shape();
        if (v.isRecord()) {
            shape[0] = h.numberOfRecords();
        }
        return shape;
    }

    /** Streams every grid of {@code v} into its chunk. */
    private static void copy(NetcdfHeader h, NetcdfVariable v, FileChannel in, Netcdf4Writer w) throws IOException {
        long[] shape = shape(h, v);
        int[] chunk = chunk(h, v);
        int rank = shape.length;
        int grid = 1;
        for (int m = 0; m < rank; m++) {
            grid *= chunk[m];
        }
        int leading = leading(v, rank);
        long grids = 1;
        for (int m = 0; m < leading; m++) {
            grids *= shape[m];
        }
        ByteBuffer bytes = ByteBuffer.allocate(grid * v.type().size());
        long[] index = new long[rank];
        int[] at = new int[rank];
        for (long g = 0; g < grids; g++) {
            long rest = g;
            for (int m = leading - 1; m >= 0; m--) {
                index[m] = rest % shape[m];
                rest /= shape[m];
                at[m] = (int) index[m];
            }
            read(in, bytes.clear(), h.offset(v, index), h.file());
            bytes.flip();
            if (v.type() == NetcdfType.FLOAT) {
                float[] values = new float[grid];
                bytes.asFloatBuffer().get(values);
                w.writeChunk(v.name(), at, values);
            } else {
                double[] values = new double[grid];
                for (int i = 0; i < grid; i++) {
                    values[i] = switch (v.type()) {
                        case BYTE, CHAR -> bytes.get(i);
                        case SHORT -> bytes.getShort(i * 2);
                        case INT -> bytes.getInt(i * 4);
                        case FLOAT -> bytes.getFloat(i * 4);
                        case DOUBLE -> bytes.getDouble(i * 8);
                    };
                }
                w.writeChunk(v.name(), at, values);
            }
        }
    }

    private static void read(FileChannel in, ByteBuffer into, long at, Path file) throws IOException {
        while (into.hasRemaining()) {
            if (in.read(into, at + into.position()) < 0) {
                throw new IOException(file + " ends at byte " + (at + into.position()) + " (expected: "
                        + into.capacity() + " bytes of a grid from " + at + ")");
            }
        }
    }
}
