package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.IntToDoubleFunction;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfDimension;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;

/**
 * Copies a classic NetCDF file into a compressed NetCDF-4 file with the same dimensions (the record dimension
 * unlimited), global attributes, coordinate variables (type, attributes, values) and data variables, each chunked,
 * shuffled and deflated. It is how {@code --format netcdf4} outputs are made: the run writes a classic file in place,
 * chunk by chunk and in any order, and this copy streams it chunk by chunk into the NetCDF-4 file (one more pass over
 * the data, measured in BENCHMARKS.md).
 *
 * <p><b>Chunks</b> follow the run's chunks, whole x·y grids: a variable's grid is its last two dimensions (all of
 * them for a variable of fewer, but never the record dimension), and a chunk is one grid, 1 along the dimensions
 * before it ({@code ncdump -hs}: {@code _ChunkSizes = 1, 1, NY, NX}). Only a grid under 4 KiB (1,024 floats) is
 * treated otherwise, since one chunk of it would be a deflate stream and an index entry for a few values (a record
 * variable of rank 1 has grids of one value): such grids are grouped along the first dimension (the records of a
 * record variable), k grids a chunk, k the fewest that make 256 KiB, or all of that dimension if it is shorter
 * ({@code _ChunkSizes = 65536} for a {@code float} time series, {@code 3, 1, 2, 2} for three records of 2×2 grids).
 * The k grids, apart in the classic file, are read into one chunk buffer. The grids of the weather and run outputs
 * (30×40 and more) stay one to a chunk.
 *
 * <p><b>Memory</b> holds about three chunks whatever the file's size: the chunk read, and the writer's two buffers (its
 * values converted and shuffled, then deflated; see {@link Netcdf4Writer}), plus the coordinate variables' values as
 * {@code double}s, the writer's index (about 40 bytes a chunk) and, for grouped grids, a read buffer of 1 MiB
 * (grids close together are read in runs of one read each). Measured: grids of 9 MB copy in a heap of 32 MiB.
 *
 * <p>Stateless. <b>Failure:</b> an {@link IllegalArgumentException}, before the target is touched, for a level out of
 * range, a target that is the classic file itself, and what NetCDF-4 output does not take (a {@code char} or scalar
 * variable, a grid of more than {@link Netcdf4Writer#MAX_CHUNK_BYTES}); an {@link IOException} if a file cannot be
 * read or written. Once the copy has created (or truncated) the target, any failure deletes it (a failure to delete
 * is added to the exception as suppressed); a target it never created is left as it was.
 */
public final class Netcdf4Copy {
    /** Grids smaller than this many bytes are grouped, several to a chunk. */
    static final int SMALL_GRID = 4096;
    /** How many bytes a chunk of grouped grids holds at least (unless the dimension is too short). */
    static final int GROUPED_CHUNK = 256 * 1024;
    /** The most bytes one read of grouped grids spans: the grids and what lies between them. */
    static final int READ_BLOCK = 1 << 20;

    private Netcdf4Copy() {
    }

    /**
     * Writes {@code target} from the classic file {@code classic}.
     *
     * @param classic      a classic NetCDF file (CDF-1 or CDF-2)
     * @param target       the NetCDF-4 file to make (created or truncated), not {@code classic} itself
     * @param deflateLevel 0 (no compression) to 9; 4 is a good default
     * @throws IllegalArgumentException if the level is out of range, the target is the classic file, or a variable
     *                                  cannot be written, naming it
     * @throws IOException              if a file cannot be read or written
     */
    public static void fromClassic(Path classic, Path target, int deflateLevel) throws IOException {
        Objects.requireNonNull(classic, "classic");
        Objects.requireNonNull(target, "target");
        if (deflateLevel < 0 || deflateLevel > 9) {
            throw new IllegalArgumentException("deflate level " + deflateLevel + " (expected: 0 to 9)");
        }
        NetcdfHeader h = NetcdfFile.open(classic);
        if (Files.exists(target) && Files.isSameFile(classic, target)) {
            throw new IllegalArgumentException("target " + target + " is the classic file " + classic + " itself "
                    + "(expected: another file; writing it would destroy the source)");
        }
        List<Plan> plans = new ArrayList<>();
        for (NetcdfVariable v : h.variables()) {
            plans.add(plan(h, v));
        }
        try (FileChannel in = FileChannel.open(classic, StandardOpenOption.READ)) {
            Netcdf4Writer w = Netcdf4Writer.create(target);
            try {
                write(h, plans, deflateLevel, in, w);
                w.close();
            } catch (Throwable e) {
                try {
                    w.abandon();
                } catch (IOException c) {
                    e.addSuppressed(c);
                }
                try {
                    Files.deleteIfExists(target);
                } catch (IOException d) {
                    e.addSuppressed(d);
                }
                throw e;
            }
        }
    }

    /**
     * How one variable is copied: whole if a coordinate variable ({@code chunk} null), else chunk by chunk.
     *
     * @param variable the classic variable
     * @param shape    its shape, the record dimension's length the number of records
     * @param chunk    the chunk shape: {@code group} along the first dimension where it leads the grid, 1 along the
     *                 other leading dimensions, the grid whole
     * @param leading  how many dimensions lead the grid
     * @param grid     the grid's elements
     */
    private record Plan(NetcdfVariable variable, long[] shape, int[] chunk, int leading, int grid) {
        int group() {
            return leading > 0 ? chunk[0] : 1;
        }
    }

    /**
     * Plans a variable's chunks (see the class comment).
     *
     * @throws IllegalArgumentException for a {@code char} or scalar variable or a grid over the chunk limit
     */
    private static Plan plan(NetcdfHeader h, NetcdfVariable v) {
        if (v.type() == NetcdfType.CHAR) {
            throw new IllegalArgumentException("variable '" + v.name() + "' holds characters (expected: numbers in a "
                    + "NetCDF-4 output)");
        }
        long[] shape = v.shape();
        if (shape.length == 0) {
            throw new IllegalArgumentException("variable '" + v.name() + "' is a scalar (expected: dimensions)");
        }
        if (v.isRecord()) {
            shape[0] = h.numberOfRecords();
        }
        if (v.dimensionNames().equals(List.of(v.name()))) {
            return new Plan(v, shape, null, 0, 0);
        }
        int rank = shape.length;
        int leading = Math.max(v.isRecord() ? 1 : 0, rank - 2);
        long grid = 1; // at most two dimensions of classic lengths, below 2^31 each: no overflow
        for (int m = leading; m < rank; m++) {
            grid *= shape[m];
        }
        int size = v.type().size();
        if (grid > Netcdf4Writer.MAX_CHUNK_BYTES / size) {
            throw new IllegalArgumentException("variable '" + v.name() + "' has a grid of " + grid + " values of "
                    + size + " bytes (expected: at most " + Netcdf4Writer.MAX_CHUNK_BYTES + " bytes, one NetCDF-4 "
                    + "chunk)");
        }
        long bytes = grid * size;
        int[] chunk = new int[rank];
        for (int m = 0; m < rank; m++) {
            chunk[m] = m >= leading ? (int) shape[m] : 1;
        }
        if (leading > 0 && bytes < SMALL_GRID) {
            long group = (GROUPED_CHUNK + bytes - 1) / bytes;
            chunk[0] = (int) Math.max(1, Math.min(group, shape[0]));
        }
        return new Plan(v, shape, chunk, leading, (int) grid);
    }

    private static void write(NetcdfHeader h, List<Plan> plans, int level, FileChannel in, Netcdf4Writer w)
            throws IOException {
        for (NetcdfDimension d : h.dimensions()) {
            w.dimension(d.name(), d.record() ? h.numberOfRecords() : d.length(), d.record());
        }
        h.attributes().forEach(w::attribute);
        for (Plan p : plans) {
            NetcdfVariable v = p.variable();
            NetcdfAttribute[] attributes = v.attributes().toArray(NetcdfAttribute[]::new);
            if (p.chunk() == null) {
                w.coordinate(v.name(), v.type(), NetcdfFile.readValues(h, v), attributes);
            } else {
                w.variable(v.name(), v.type(), v.dimensionNames(), p.chunk(), level, attributes);
            }
        }
        for (Plan p : plans) {
            if (p.chunk() != null) {
                copy(h, p, in, w);
            }
        }
    }

    /**
     * Streams every chunk of a variable: along the first leading dimension {@code group} grids at a time, each read
     * from its place in the classic file into the chunk buffer (grouped grids, small and {@code stride} bytes apart,
     * in runs of one read each); one buffer for the whole variable.
     */
    private static void copy(NetcdfHeader h, Plan p, FileChannel in, Netcdf4Writer w) throws IOException {
        NetcdfVariable v = p.variable();
        long[] shape = p.shape();
        int rank = shape.length;
        int leading = p.leading();
        int group = p.group();
        int gridBytes = p.grid() * v.type().size();
        ByteBuffer buffer = ByteBuffer.allocate(group * gridBytes); // big-endian, as classic files are
        IntToDoubleFunction values = switch (v.type()) {
            case BYTE, CHAR -> i -> buffer.get(i);
            case SHORT -> i -> buffer.getShort(2 * i);
            case INT -> i -> buffer.getInt(4 * i);
            case FLOAT -> i -> buffer.getFloat(4 * i);
            case DOUBLE -> i -> buffer.getDouble(8 * i);
        };
        long[] index = new long[rank];
        long stride = 0; // from one grouped grid to the next: a record, or the other dimensions' grids
        if (group > 1) {
            long[] next = new long[rank];
            next[0] = 1;
            stride = h.offset(v, next) - h.offset(v, index);
        }
        int run = group == 1 || stride > READ_BLOCK / 2 ? 1
                : (int) Math.min(group, (READ_BLOCK - gridBytes) / stride + 1);
        ByteBuffer block = run > 1 ? ByteBuffer.allocate((int) ((run - 1) * stride + gridBytes)) : null;
        long firstChunks = leading == 0 ? 1 : (shape[0] + group - 1) / group;
        long others = 1; // the leading dimensions after the first
        for (int m = 1; m < leading; m++) {
            others *= shape[m];
        }
        int[] at = new int[rank];
        for (long c = 0; c < firstChunks; c++) {
            int grids = leading == 0 ? 1 : (int) Math.min(group, shape[0] - c * group);
            at[0] = (int) c;
            for (long o = 0; o < others; o++) {
                long rest = o;
                for (int m = leading - 1; m >= 1; m--) {
                    index[m] = rest % shape[m];
                    at[m] = (int) index[m];
                    rest /= shape[m];
                }
                for (int g = 0; g < grids; ) {
                    if (leading > 0) {
                        index[0] = c * group + g;
                    }
                    long from = h.offset(v, index);
                    if (block == null) {
                        read(in, buffer.limit((g + 1) * gridBytes).position(g * gridBytes), from, h.file());
                        g++;
                    } else {
                        int n = Math.min(run, grids - g);
                        read(in, block.clear().limit((int) ((n - 1) * stride + gridBytes)), from, h.file());
                        for (int k = 0; k < n; k++, g++) {
                            System.arraycopy(block.array(), (int) (k * stride), buffer.array(), g * gridBytes,
                                    gridBytes);
                        }
                    }
                }
                w.write(v.name(), at, values, grids * p.grid());
            }
        }
    }

    /** Reads the buffer's remaining bytes from {@code at}. */
    private static void read(FileChannel in, ByteBuffer into, long at, Path file) throws IOException {
        int start = into.position();
        while (into.hasRemaining()) {
            if (in.read(into, at + into.position() - start) < 0) {
                throw new IOException(file + " ends at byte " + (at + into.position() - start) + " (expected: "
                        + (into.limit() - start) + " bytes of a grid from " + at + ")");
            }
        }
    }
}
