package org.loopnest.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32C;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.index.Chunk;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.scheduler.PackedLaunch;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;
import org.loopnest.internal.serializer.Placement;

/**
 * Runs a data-local run's chunks on a node, with the node's own I/O: each chunk's inputs read from the files by
 * positional reads into a buffer ({@link ChunkPacker#pack}), copied to the node's device, the kernel launched there,
 * the outputs copied back and written into the run's output files by positional writes of exactly their bytes
 * ({@link ChunkPacker#unpack}), then forced to storage. Positional writes, not mapped pages: on NFS a mapped page is
 * written back whole, so two nodes writing neighbouring chunks that share a page could each write back the other's
 * bytes as they were; a positional write sends only its own range. The same path serves every kind of node device
 * (cpu, sim, OpenCL, CUDA). Resident inputs are packed and copied once, on the first chunk. A chunk's four buffers
 * (staging and device memory, in and out, each sized for a full chunk) are reused by the next chunk: a run holds as
 * many sets as it had chunks running at once, rather than making and zeroing 40 bytes of fresh memory per point
 * (BENCHMARKS.md, run 35).
 *
 * <p><b>Threading:</b> chunks may run at once from several threads; the blocking steps (reads, writes, forcing) run
 * on the {@code io} executor, the device's steps on its own threads; {@link #close} never blocks (it may be called on
 * an event loop). <b>Ownership:</b> a chunk's buffers go back to the run's idle sets when it succeeds and are freed
 * when it fails; the idle sets and the resident buffer are freed once {@link #close} has been called and no chunk is
 * left running.
 */
final class LocalChunks implements AutoCloseable {
    private final Device device;
    private final RunSlot.Prepared prepared;
    private final InPlaceRun files;
    private final ChunkLayout layout;
    private final ChunkPacker packer;
    private final List<Path> outputs;
    private final ShippedArrays shipped;
    private final Executor io;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicBoolean freed = new AtomicBoolean();
    private volatile boolean closed;
    /** The resident inputs on the device, packed and copied once; {@code null} until the first chunk asks. */
    private CompletableFuture<DeviceBuffer> resident;
    /**
     * Sets of buffers that no chunk uses now, for the next chunks; guarded by itself, not by {@code this}, whose
     * monitor {@link #resident()} holds while it reads the resident inputs (a chunk arriving on the event loop must
     * not wait for that).
     */
    private final Deque<Buffers> idle = new ArrayDeque<>();

    /**
     * @param device the node's device
     * @param prepared the open run as the node set it up (its layout, and its kernel, compiled on a compiled device)
     * @param files the run's arrays bound to this node's files, in the run's binding order
     * @param io where the blocking file steps run
     * @throws IllegalArgumentException if the files' layout is not the one the run's kernel was made for
     */
    LocalChunks(Device device, RunSlot.Prepared prepared, InPlaceRun files, Executor io) {
        this.device = device;
        this.prepared = prepared;
        this.files = files;
        this.layout = ChunkLayout.of(prepared.spec().split(), List.copyOf(files.arrays().values()));
        ChunkLayout made = prepared.layout();
        if (layout.inputBytes() != made.inputBytes() || layout.outputBytes() != made.outputBytes()
                || layout.residentBytes() != made.residentBytes()) {
            throw new IllegalArgumentException("the files lay the run's chunks out otherwise than its kernel expects ("
                    + layout.inputBytes() + "/" + layout.outputBytes() + "/" + layout.residentBytes()
                    + " bytes in, out and resident against " + made.inputBytes() + "/" + made.outputBytes() + "/"
                    + made.residentBytes() + ")");
        }
        this.packer = new ChunkPacker(layout);
        this.shipped = new ShippedArrays(layout, files.shipped());
        this.outputs = files.arrays().values().stream().filter(b -> b.role() == Role.OUT
                && b.holder() instanceof FileHolder).map(b -> ((FileHolder) b.holder()).path()).distinct().toList();
        this.io = io;
    }

    /**
     * A chunk's buffers, each sized for a full chunk and freed once by {@link #close}: made on the io thread (or
     * taken from the idle sets), freed when a chunk fails, kept for the next chunk when it succeeds.
     */
    private static final class Buffers {
        volatile HostStaging in;
        volatile HostStaging out;
        volatile DeviceBuffer input;
        volatile DeviceBuffer output;

        /** Makes the buffers not made yet (all four for a new set; none for a set taken from the idle ones). */
        void makeOn(Device device, ChunkLayout layout) {
            long inBytes = Math.max(1, layout.inputBytes());
            long outBytes = Math.max(1, layout.outputBytes());
            if (in == null) {
                in = device.allocateStaging(inBytes);
            }
            if (input == null) {
                input = device.allocate(inBytes);
            }
            if (output == null) {
                output = device.allocate(outBytes);
            }
            if (out == null) {
                out = device.allocateStaging(outBytes);
            }
        }

        void close() {
            for (AutoCloseable c : new AutoCloseable[] {input, output, in, out}) {
                try {
                    if (c != null) {
                        c.close();
                    }
                } catch (Exception ignored) {
                    // freeing device memory of a failed chunk: nothing more to do
                }
            }
        }
    }

    /**
     * What a chunk gives back: the CRC32C of its outputs ({@link #outputsCrc}), and its regions of the outputs that
     * stay in the coordinator's memory.
     */
    record Ran(long checksum, List<ShippedArrays.Region> outputs) {
    }

    /**
     * Runs {@code chunk}: completes once its outputs in files are written and forced; its buffers are freed whatever
     * happens.
     *
     * @param inputs the chunk's regions of the inputs that stay in the coordinator's memory
     * @param cancelled whether the coordinator has gone: blocks not yet started are skipped
     */
    CompletableFuture<Ran> run(Chunk chunk, List<ShippedArrays.Region> inputs, BooleanSupplier cancelled) {
        inFlight.incrementAndGet();
        if (closed) {
            leave();
            return CompletableFuture.failedFuture(new IllegalStateException("the run ended before chunk "
                    + chunk.number() + " (expected: its chunks before END_RUN)"));
        }
        long inBytes = Math.max(1, layout.inputBytes(chunk));
        long outBytes = Math.max(1, layout.outputBytes(chunk));
        Kernel kernel = prepared.spec().kernel();
        Buffers b = takeIdle();
        CompletableFuture<Ran> result;
        try {
            result = CompletableFuture.supplyAsync(() -> {
                files.checkUnchangedUnchecked();
                b.makeOn(device, layout);
                packer.pack(chunk, b.in.buffer(), binding -> !shipped.isShipped(binding));
                shipped.putInputs(chunk, b.in.buffer(), inputs);
                return resident();
            }, io).thenCompose(shared -> shared)
                    .thenCompose(shared -> device.copyIn(b.in.buffer(), b.input, inBytes)
                            .thenCompose(v -> device.launch(new PackedLaunch(layout, files.arrays(), kernel,
                                    prepared.kernelSource(), chunk, b.input, b.output, shared, cancelled)))
                            .thenCompose(v -> device.copyOut(b.output, b.out.buffer(), outBytes)))
                    .thenApplyAsync(v -> {
                        packer.unpack(chunk, b.out.buffer(), binding -> !shipped.isShipped(binding));
                        forceOutputs();
                        return new Ran(outputsCrc(chunk, b.out.buffer()), shipped.outputRegions(chunk, b.out.buffer()));
                    }, io);
        } catch (RuntimeException e) { // the io executor refused the task: the node is stopping
            result = CompletableFuture.failedFuture(e);
        }
        return result.whenComplete((v, t) -> {
            giveBack(b, t == null);
            leave();
        });
    }

    /**
     * {@return the CRC32C of {@code chunk}'s outputs in {@code packed}: the bytes of each output region that the chunk
     * uses, in the layout's order} Only those: a reused buffer holds an earlier chunk's bytes in the rest.
     */
    private long outputsCrc(Chunk chunk, ByteBuffer packed) {
        CRC32C crc = new CRC32C();
        for (Placement p : layout.outputs()) {
            crc.update(p.usedRegion(packed, chunk.outerCount()));
        }
        return crc.getValue();
    }

    /** {@return a set of buffers no chunk uses, or a new empty one (its buffers made on the io thread)} */
    private Buffers takeIdle() {
        synchronized (idle) {
            Buffers b = idle.poll();
            return b == null ? new Buffers() : b;
        }
    }

    /** Keeps {@code b} for the next chunk after a success while the run is open; frees it otherwise. */
    private void giveBack(Buffers b, boolean succeeded) {
        synchronized (idle) {
            if (succeeded && !closed) {
                idle.push(b);
                return;
            }
        }
        b.close();
    }

    /**
     * The run's resident inputs on the device: packed and copied by the first chunk that asks (on an io thread),
     * shared by the rest; {@code null} for a run without resident inputs. A failed copy fails every chunk.
     */
    private synchronized CompletableFuture<DeviceBuffer> resident() {
        if (layout.residentBytes() == 0) {
            return CompletableFuture.completedFuture(null);
        }
        if (resident == null) {
            HostStaging staging = device.allocateStaging(layout.residentBytes());
            DeviceBuffer made;
            try {
                packer.packResident(staging.buffer());
                made = device.allocate(layout.residentBytes());
            } catch (RuntimeException e) {
                staging.close();
                throw e;
            }
            resident = device.copyIn(staging.buffer(), made, layout.residentBytes()).handle((v, t) -> {
                staging.close();
                if (t != null) {
                    made.close();
                    throw t instanceof CompletionException c ? c : new CompletionException(t);
                }
                return made;
            });
        }
        return resident;
    }

    private void leave() {
        if (inFlight.decrementAndGet() == 0 && closed) {
            freeRunBuffers();
        }
    }

    /** Frees the resident buffer and every idle set: once the run is closed and no chunk is left running. */
    private void freeRunBuffers() {
        List<Buffers> sets;
        synchronized (idle) {
            sets = List.copyOf(idle);
            idle.clear();
        }
        sets.forEach(Buffers::close);
        if (freed.compareAndSet(false, true)) {
            CompletableFuture<DeviceBuffer> shared;
            synchronized (this) {
                shared = resident;
            }
            if (shared != null) {
                shared.thenAccept(buffer -> buffer.close());
            }
        }
    }

    private void forceOutputs() {
        for (Path file : outputs) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                channel.force(false);
            } catch (IOException e) {
                throw new UncheckedIOException(file + ": cannot force the chunk's outputs to storage: " + e, e);
            }
        }
    }

    /**
     * Ends the run's chunks: later ones fail at once; the resident buffer is freed once no chunk is left running.
     * Idempotent; never blocks.
     */
    @Override
    public void close() {
        closed = true;
        if (inFlight.get() == 0) {
            freeRunBuffers();
        }
    }
}
