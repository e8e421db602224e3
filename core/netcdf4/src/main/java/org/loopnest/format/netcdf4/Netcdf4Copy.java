package org.loopnest.format.netcdf4;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
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
 * <p><b>Threads:</b> the chunks are read and compressed (converted, shuffled, deflated) by one worker thread per
 * available processor ({@link Runtime#availableProcessors}), daemon threads named {@code loopnest-netcdf4-copy-N},
 * made by each call and ended (joined) before it returns or throws; the caller's thread hands them the chunks in order
 * and appends each one's compressed bytes to the file in that same order, so the file is byte for byte the one a
 * single thread writes. A worker's exception fails the copy as thrown (an {@link IOException} reading a truncated
 * file, say); the chunks not yet started are dropped. Measured: 146 MB of floats (8 variables of 10 × 7 × 181 × 360,
 * deflate 4, to 82 MB) copy in 1.3 s on 2 idle cores instead of 2.4 s on one (the same CPU time, 2.4 s); cores busy
 * with other work give less.
 *
 * <p><b>Memory</b> holds about three chunks per chunk in flight whatever the file's size: each chunk's read buffer and
 * its encoder's two buffers (the values converted and shuffled, then deflated; see {@link Netcdf4Writer}). At most
 * {@code 2 × threads} chunks are in flight and at most 8 MiB of chunks (about 24 MiB of buffers); a variable whose
 * chunks are too large for two in flight (over 4 MiB) is copied on the caller's thread, one chunk at a time, in three
 * chunks. Add the coordinate variables' values as {@code double}s, the writer's index (about 40 bytes a chunk) and,
 * for grouped grids, a read buffer of 1 MiB per chunk in flight (grids close together are read in runs of one read
 * each). Measured: grids of 9 MB copy in a heap of 32 MiB.
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
    /** The most bytes of chunks in flight at once; a variable whose chunks allow fewer than two is copied alone. */
    static final int IN_FLIGHT_BYTES = 8 << 20;
    /** The worker threads' names: this and a number from 1. */
    static final String THREAD_NAME = "loopnest-netcdf4-copy-";

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
        fromClassic(classic, target, deflateLevel, Runtime.getRuntime().availableProcessors());
    }

    /**
     * Writes {@code target} from {@code classic} as {@link #fromClassic(Path, Path, int)} does, with {@code threads}
     * workers reading and compressing chunks (1: none, all on the caller's thread); the file is the same whatever the
     * number.
     *
     * @throws IllegalArgumentException also if {@code threads} is below 1
     */
    static void fromClassic(Path classic, Path target, int deflateLevel, int threads) throws IOException {
        fromClassic(classic, target, deflateLevel, threads, file -> FileChannel.open(file, StandardOpenOption.READ));
    }

    /** Opens the classic file for reading its data, once its header is read (a test's seam: it may change it). */
    @FunctionalInterface
    interface Source {
        FileChannel open(Path classic) throws IOException;
    }

    /**
     * Writes {@code target} from {@code classic} as {@link #fromClassic(Path, Path, int, int)} does, reading the data
     * through the channel {@code source} opens (and this closes).
     */
    static void fromClassic(Path classic, Path target, int deflateLevel, int threads, Source source)
            throws IOException {
        if (threads < 1) {
            throw new IllegalArgumentException(threads + " threads (expected: at least 1)");
        }
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
        try (FileChannel in = source.open(classic)) {
            Netcdf4Writer w = Netcdf4Writer.create(target);
            try {
                Workers workers = threads > 1 ? new Workers(threads) : null;
                try {
                    write(h, plans, deflateLevel, in, w, workers);
                } finally {
                    if (workers != null) {
                        workers.close();
                    }
                }
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

    private static void write(NetcdfHeader h, List<Plan> plans, int level, FileChannel in, Netcdf4Writer w,
            Workers workers) throws IOException {
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
                copy(h, p, in, w, workers);
            }
        }
    }

    /**
     * Streams every chunk of a variable: along the first leading dimension {@code group} grids at a time, each read
     * from its place in the classic file into a chunk buffer (grouped grids, small and {@code stride} bytes apart, in
     * runs of one read each). On this thread, in one buffer, where there are no workers or a chunk is too large to
     * have two in flight; else each chunk is read and encoded by a worker, in the slot {@code n % k} for the
     * {@code n}-th chunk, and appended here in that order, waiting for the oldest chunk whenever all {@code k} slots
     * are in flight.
     */
    private static void copy(NetcdfHeader h, Plan p, FileChannel in, Netcdf4Writer w, Workers workers)
            throws IOException {
        NetcdfVariable v = p.variable();
        long[] shape = p.shape();
        int rank = shape.length;
        int leading = p.leading();
        int group = p.group();
        int gridBytes = p.grid() * v.type().size();
        long stride = 0; // from one grouped grid to the next: a record, or the other dimensions' grids
        if (group > 1) {
            long[] next = new long[rank];
            next[0] = 1;
            stride = h.offset(v, next) - h.offset(v, new long[rank]);
        }
        int run = group == 1 || stride > READ_BLOCK / 2 ? 1
                : (int) Math.min(group, (READ_BLOCK - gridBytes) / stride + 1);
        Reader reader = new Reader(h, v, in, leading, group, gridBytes, stride, run);
        int chunkBytes = group * gridBytes;
        int k = workers == null ? 1 : (int) Math.min(workers.slots.length, IN_FLIGHT_BYTES / chunkBytes);
        Netcdf4WriterVariable target = w.data(v.name());
        ByteBuffer buffer = k < 2 ? ByteBuffer.allocate(chunkBytes) : null; // big-endian, as classic files are
        ByteBuffer block = k < 2 ? reader.block() : null;
        long firstChunks = leading == 0 ? 1 : (shape[0] + group - 1) / group;
        long others = 1; // the leading dimensions after the first
        for (int m = 1; m < leading; m++) {
            others *= shape[m];
        }
        long n = 0; // chunks handed to the workers
        for (long c = 0; c < firstChunks; c++) {
            int grids = leading == 0 ? 1 : (int) Math.min(group, shape[0] - c * group);
            for (long o = 0; o < others; o++, n++) {
                long[] index = new long[rank];
                int[] at = new int[rank];
                at[0] = (int) c;
                long rest = o;
                for (int m = leading - 1; m >= 1; m--) {
                    index[m] = rest % shape[m];
                    at[m] = (int) index[m];
                    rest /= shape[m];
                }
                if (k < 2) {
                    reader.read(buffer, block, index, c, grids);
                    w.write(v.name(), at, values(buffer, v.type()), grids * p.grid());
                    continue;
                }
                Slot slot = workers.slot((int) (n % k));
                slot.finish(w);
                ByteBuffer into = slot.buffer(chunkBytes);
                ByteBuffer runs = slot.block(reader);
                long[] origin = target.origin(at);
                int length = grids * p.grid();
                long first = c;
                slot.start(workers.executor.submit(() -> {
                    reader.read(into, runs, index, first, grids);
                    target.encode(origin, values(into, v.type()), length, slot.encoder);
                    return null;
                }), target, origin);
            }
        }
        for (long m = Math.max(0, n - k); m < n && k >= 2; m++) {
            workers.slot((int) (m % k)).finish(w);
        }
    }

    /** Value {@code i} of a chunk buffer of the type, as the classic file has it. */
    private static IntToDoubleFunction values(ByteBuffer buffer, NetcdfType type) {
        return switch (type) {
            case BYTE, CHAR -> i -> buffer.get(i);
            case SHORT -> i -> buffer.getShort(2 * i);
            case INT -> i -> buffer.getInt(4 * i);
            case FLOAT -> i -> buffer.getFloat(4 * i);
            case DOUBLE -> i -> buffer.getDouble(8 * i);
        };
    }

    /**
     * Reads the grids of one chunk of a variable into a chunk buffer; safe to use from several threads at once (its
     * reads are positional, each into the buffers it is given).
     *
     * @param run how many grouped grids one read spans (1: each grid read alone)
     */
    private record Reader(NetcdfHeader h, NetcdfVariable v, FileChannel in, int leading, int group, int gridBytes,
            long stride, int run) {
        /** A buffer for runs of grouped grids, or null where each grid is read alone. */
        ByteBuffer block() {
            return run > 1 ? ByteBuffer.allocate((int) ((run - 1) * stride + gridBytes)) : null;
        }

        /**
         * Reads the chunk {@code c} along the first leading dimension, at {@code index} along the others, of
         * {@code grids} grids.
         */
        void read(ByteBuffer buffer, ByteBuffer block, long[] index, long c, int grids) throws IOException {
            for (int g = 0; g < grids; ) {
                if (leading > 0) {
                    index[0] = c * group + g;
                }
                long from = h.offset(v, index);
                if (block == null) {
                    Netcdf4Copy.read(in, buffer.limit((g + 1) * gridBytes).position(g * gridBytes), from, h.file());
                    g++;
                } else {
                    int n = Math.min(run, grids - g);
                    Netcdf4Copy.read(in, block.clear().limit((int) ((n - 1) * stride + gridBytes)), from, h.file());
                    for (int k = 0; k < n; k++, g++) {
                        System.arraycopy(block.array(), (int) (k * stride), buffer.array(), g * gridBytes,
                                gridBytes);
                    }
                }
            }
        }
    }

    /**
     * The worker threads of one copy and the slots of its chunks in flight, {@code 2 × threads}; created and closed
     * by {@link #fromClassic(Path, Path, int, int)}.
     */
    private static final class Workers {
        final ExecutorService executor;
        final Slot[] slots;
        /** The threads the executor made, joined by {@link #close}. */
        private final List<Thread> threads = new CopyOnWriteArrayList<>();

        Workers(int threads) {
            executor = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                    r -> {
                        Thread t = new Thread(r, THREAD_NAME + (this.threads.size() + 1));
                        t.setDaemon(true);
                        this.threads.add(t);
                        return t;
                    });
            slots = new Slot[2 * threads];
        }

        Slot slot(int i) {
            if (slots[i] == null) {
                slots[i] = new Slot();
            }
            return slots[i];
        }

        /**
         * Drops the tasks not started, waits for those running (each one chunk's read and encoding; the wait goes on
         * through interrupts, which it then restores), joins the threads and ends the slots' deflaters: no worker
         * outlives the copy.
         */
        void close() {
            executor.shutdownNow();
            boolean interrupted = false;
            while (!executor.isTerminated()) {
                try {
                    executor.awaitTermination(1, TimeUnit.MINUTES);
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
            for (Thread t : threads) { // terminated, the executor's threads may still be ending their run()
                while (t.isAlive()) {
                    try {
                        t.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            for (Slot s : slots) {
                if (s != null) {
                    s.encoder.deflater.end();
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One chunk in flight: its buffers (kept from chunk to chunk), its task and where it goes. */
    private static final class Slot {
        final Netcdf4WriterVariable.Encoder encoder = new Netcdf4WriterVariable.Encoder();
        private ByteBuffer buffer;
        private ByteBuffer block;
        private Future<?> task;
        private Netcdf4WriterVariable variable;
        private long[] origin;

        ByteBuffer buffer(int bytes) {
            if (buffer == null || buffer.capacity() < bytes) {
                buffer = ByteBuffer.allocate(bytes);
            }
            return buffer.clear();
        }

        ByteBuffer block(Reader reader) {
            ByteBuffer b = reader.block();
            if (b == null) {
                return null;
            }
            if (block == null || block.capacity() < b.capacity()) {
                block = b;
            }
            return block;
        }

        void start(Future<?> task, Netcdf4WriterVariable variable, long[] origin) {
            this.task = task;
            this.variable = variable;
            this.origin = origin;
        }

        /**
         * Waits for the chunk in flight, if any, and appends it.
         *
         * @throws IOException as the worker's read threw it, or {@link InterruptedIOException} if this thread is
         *                     interrupted; a worker's unchecked exception or error as it was thrown
         */
        void finish(Netcdf4Writer w) throws IOException {
            if (task == null) {
                return;
            }
            try {
                task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                InterruptedIOException i = new InterruptedIOException("interrupted waiting for chunk "
                        + Arrays.toString(origin) + " of " + variable.what());
                i.initCause(e);
                throw i;
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IOException io) {
                    throw io;
                }
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                if (cause instanceof Error r) {
                    throw r;
                }
                throw new IOException(cause);
            }
            task = null;
            w.append(variable, origin, encoder);
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
