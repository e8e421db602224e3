package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.KernelSource;
import org.loopnest.device.Launch;
import org.loopnest.device.RunSpec;
import org.loopnest.error.DeviceLostException;
import org.loopnest.error.LoopNestException;
import org.loopnest.index.Chunk;
import org.loopnest.internal.device.CostCalibration;

/**
 * A worker node seen as a device: chunks are packed here, sent as {@link Wire#COPY_IN} frames, run on the node's
 * device and sent back. Made by {@link Cluster#connect}. Memory is the node device's, and no buffer exceeds the
 * node's largest frame.
 *
 * <p><b>Threading:</b> every method may be called from any thread, but one connection serves <b>one run at a
 * time</b>: a run is open from {@link #beginRun} until every buffer allocated on this device has been closed
 * again (a run frees its buffers when it ends), or, if it never holds a buffer, until its first allocation fails.
 * {@link #beginRun} while a run is open throws a {@link LoopNestException} naming this device, before anything is
 * sent; the node, too, answers an {@code OPEN_RUN} while a run is open with an error rather than replacing the run
 * ({@link Wire#END_RUN}). For concurrent runs on one node, {@link Cluster#connect connect} once per run.
 * <b>Failure:</b> once the node disconnects or misses its heartbeats every pending and later operation fails with
 * {@link DeviceLostException}; the node's error for one request fails that request only. <b>Ownership:</b> the
 * caller closes it, which closes the connection (the node then frees this coordinator's buffers).
 *
 * <p><b>Pitfall:</b> a run that is still open (its buffers not yet closed) keeps the next one out, even from the
 * same thread; let each run end (its {@code run()} return or throw) before starting the next on this device.
 */
public final class RemoteDevice implements Device {
    private static final int COPY_HEADER = Wire.COPY_IN_HEADER_BYTES;
    /** Most bytes of a calibration copy over the connection. */
    static final long CALIBRATION_BYTES = 1L << 20;
    /** Most milliseconds of warm-up, and of timed round trips, of the calibration: keeps it near 100 ms in all. */
    static final long CALIBRATION_PHASE_MILLIS = 15;

    private final org.loopnest.internal.device.KeptResources kept;
    private final String name;
    private final Channel channel;
    private final EventLoopGroup group;
    private final ClientHandler handler;
    private final DeviceInfo info;
    private final boolean compiled;
    private final Duration requestTimeout;
    private final AtomicLong ids = new AtomicLong(1);
    private final AtomicBoolean closed = new AtomicBoolean();
    private final RunGate gate = new RunGate();
    /** Guards {@link #costs}. */
    private final Object calibrationLock = new Object();
    /** What {@link #costs()} measured on this connection; {@code null} until it has. */
    private Optional<DeviceCosts> costs;
    /** The last run the node set up and how its device runs the kernel; {@code null} before the first. */
    private volatile Opened opened;
    /** The largest frame this connection carries (the smaller of the node's and the coordinator's). */
    private final int maxFrame;
    /** The connection's byte counts, or {@code null} on a channel without one. */
    private final ByteCounter bytes;
    /** The last run's data-local state: whether the node does its own I/O, and why not; {@code null} before. */
    private volatile LocalRun local;

    /**
     * What a run's data-local offer came to on this connection ({@link Wire#FILES}), and what its chunks did.
     *
     * @param spec the run as the device was told of it
     * @param run the run's id
     * @param inPlace whether the node reads and writes the run's files itself
     * @param whyNot why it does not, or {@code ""}
     * @param sentBefore the bytes the connection had sent when the run began
     * @param receivedBefore the bytes it had received then
     * @param chunks chunks the node ran where the files are
     * @param shipped the arrays that stay in the coordinator's memory, their chunks sent with each launch; {@code null}
     *     when the node does no I/O of its own
     */
    private record LocalRun(RunSpec spec, long run, boolean inPlace, String whyNot, long sentBefore,
            long receivedBefore, AtomicLong chunks, ShippedArrays shipped) {
    }

    /**
     * A run the node set up, and the node's latest word on how its device runs the kernel ({@code ""}: compiled),
     * from its answer to {@code OPEN_RUN}, then to each {@code LAUNCH} (which says what compiling for the chunks'
     * layout decided).
     */
    private record Opened(RunSpec run, AtomicReference<String> kernelPath) {
    }

    RemoteDevice(String name, Channel channel, EventLoopGroup group, ClientHandler handler, ByteBuf ready,
                 Duration requestTimeout, int ownMaxFrame) {
        this.name = name;
        this.kept = new org.loopnest.internal.device.KeptResources(this.name);
        this.channel = channel;
        this.group = group;
        this.handler = handler;
        this.requestTimeout = requestTimeout;
        String nodeDevice = Frames.readString(ready);
        long memory = ready.readLong();
        long maxAllocation = ready.readLong();
        int units = ready.readInt();
        this.compiled = ready.readBoolean();
        String description = Frames.readString(ready);
        int maxFrame = Math.min(ready.readInt(), ownMaxFrame);
        this.maxFrame = maxFrame;
        this.bytes = channel.pipeline().get(ByteCounter.class);
        this.info = new DeviceInfo(name, memory, Math.min(maxAllocation, maxFrame - COPY_HEADER - 64), units, false,
                "node " + channel.remoteAddress() + " running " + nodeDevice + ": " + description);
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    /**
     * {@return the costs of a chunk over this connection, measured the first time a run on it is planned and kept for
     * the connection}: per chunk, the round trip of a copy of a few bytes each way (request, the node's device, reply;
     * both directions at once), and the bandwidth each way from copies of {@value CostCalibration#SMALL_BYTES} bytes
     * and of up to {@value #CALIBRATION_BYTES} bytes ({@link CostCalibration}, round trips for at most
     * 2 × {@value #CALIBRATION_PHASE_MILLIS} ms; 50–100 ms on loopback, bounded on a slow link). The kernel's rate
     * is left unknown (the planner learns it from runs). Empty, and measured at a later plan, while a run is open on
     * the connection (its buffers must not be counted with the calibration's); empty for good if the copies failed,
     * and once the node is lost or the device closed.
     */
    @Override
    public Optional<DeviceCosts> costs() {
        synchronized (calibrationLock) {
            if (closed.get() || isLost()) {
                return Optional.empty();
            }
            if (costs == null) {
                if (gate.open() != RunGate.NONE) {
                    return Optional.empty();
                }
                costs = CostCalibration.measure(this, CALIBRATION_BYTES, CALIBRATION_PHASE_MILLIS,
                        "once per connection");
            }
            return costs;
        }
    }

    /** Whether the node's device runs compiled kernels (then the nest needs device code). */
    @Override
    public boolean runsCompiledKernels() {
        return compiled;
    }

    /**
     * Sends the run's description to the node, which builds the layout and loads the kernel (by class name, or
     * from its device code, compiled by the run's {@linkplain org.loopnest.kernel.KernelPath kernel path} as the
     * node's JVM can), and answers how its device runs it ({@link #kernelPath}).
     *
     * @throws IllegalArgumentException if the Java body is a lambda a node cannot load
     * @throws LoopNestException if a run is already open on this device (see the class comment), or if the node
     *                           refuses the run (unknown class, compile error), with its message
     */
    @Override
    public void beginRun(RunSpec run) {
        long id = ids.getAndIncrement();
        DeviceLostException gone = handler.lost();
        if (gone != null) {
            throw gone;
        }
        if (!gate.tryOpen(id)) {
            throw new LoopNestException("device " + name + ": a run is already open on this connection (expected: "
                    + "one run at a time per RemoteDevice; let it end, or connect again for a concurrent run)");
        }
        local = null; // until this run's offer is answered: a failed begin reports nothing of the previous run
        try {
            ByteBuf frame = Frames.frame(channel.alloc(), Wire.OPEN_RUN, id);
            try {
                RunSpecCodec.write(frame, run, compiled);
            } catch (RuntimeException e) {
                frame.release();
                throw e;
            }
            long sentBefore = bytesSent();
            long receivedBefore = bytesReceived();
            ByteBuf reply = await(send(id, frame), "OPEN_RUN");
            try {
                opened = new Opened(run, new AtomicReference<>(Frames.readString(reply)));
            } catch (RuntimeException malformed) {
                throw new LoopNestException("device " + name + ": the node's answer to OPEN_RUN is malformed ("
                        + malformed.getMessage() + "; expected: how its device runs the kernel, as a string)");
            } finally {
                reply.release();
            }
            Offered offered = offerFiles(run);
            local = new LocalRun(run, id, offered.whyNot().isEmpty(), offered.whyNot(), sentBefore, receivedBefore,
                    new AtomicLong(), offered.shipped());
        } catch (RuntimeException e) {
            synchronized (gate) {
                gate.openFailed(id);
                endRun(id); // in case the node set it up after all (this side stopped waiting)
            }
            throw e;
        }
    }

    /**
     * Offers the open run's files to the node ({@link Wire#FILES}) if the run keeps its arrays in files
     * ({@link DataLocalOffer}), and returns the node's answer — {@code ""} if it will run the chunks where the files
     * are, else why not (the run then ships its chunks) — with the arrays that then travel with each launch. A node's
     * {@code ERROR} is a reason too; only the node's loss fails the run.
     */
    private Offered offerFiles(RunSpec run) {
        DataLocalOffer.Decision decision = DataLocalOffer.of(run, maxFrame);
        if (decision.offer() == null) {
            return new Offered(decision.whyNot(), null);
        }
        String whyNot = askNode(decision.offer());
        if (!whyNot.isEmpty()) {
            return new Offered(whyNot, null);
        }
        java.util.Set<String> names = new java.util.HashSet<>();
        decision.offer().arrays().stream().filter(LocalArrays.LocalArray::shipped).forEach(a -> names.add(a.name()));
        return new Offered("", new ShippedArrays(org.loopnest.internal.serializer.ChunkLayout.of(run.split(),
                run.bindings()), names));
    }

    /** The node's answer to an offer, and the arrays that then travel with each launch. */
    private record Offered(String whyNot, ShippedArrays shipped) {
    }

    /** Sends the offer ({@link Wire#FILES}) and returns the node's answer: {@code ""}, or why it declines. */
    private String askNode(LocalArrays offer) {
        long id = ids.getAndIncrement();
        ByteBuf frame = Frames.frame(channel.alloc(), Wire.FILES, id);
        offer.write(frame);
        ByteBuf reply;
        try {
            reply = await(send(id, frame), "FILES");
        } catch (DeviceLostException gone) {
            throw gone;
        } catch (LoopNestException refused) {
            return "the node could not check the files: " + refused.getMessage();
        }
        try {
            return Frames.readString(reply);
        } catch (RuntimeException malformed) {
            return "the node's answer to FILES is malformed (" + malformed.getMessage() + ")";
        } finally {
            reply.release();
        }
    }

    /**
     * {@return whether the node runs the open run's chunks where the files are, reading and writing them itself: the
     * run then launches each chunk with no buffers and no copies ({@link Wire#LAUNCH_IN_PLACE})}
     */
    @Override
    public boolean runsInPlace() {
        LocalRun run = local;
        return run != null && run.inPlace() && gate.open() == run.run();
    }

    /** Ends {@code run} if it held no buffer (a data-local one): the node hears {@link Wire#END_RUN}. */
    @Override
    public void endRun(RunSpec run) {
        LocalRun last = local;
        if (last != null && last.spec() == run) {
            synchronized (gate) {
                endRun(gate.endWithoutBuffers(last.run()));
            }
        }
    }

    /**
     * {@return what the report says of this node for {@code spec}, if it is the last run it began: whether it did
     * its own I/O (and how many chunks it ran so), or why its chunks were shipped; and the bytes its connection
     * carried each way during the run}
     */
    @Override
    public java.util.List<String> runNotes(RunSpec spec) {
        LocalRun run = local;
        if (run == null || run.spec() != spec) {
            return java.util.List.of();
        }
        String traffic = "its connection carried " + (bytesSent() - run.sentBefore()) + " bytes out and "
                + (bytesReceived() - run.receivedBefore()) + " bytes in during the run";
        return java.util.List.of(run.inPlace()
                ? name + " did its own I/O on the shared files (" + run.chunks().get() + " chunks read and written "
                + "where the files are, outputs forced before each answer); " + traffic
                : name + " was sent its chunks (no I/O of its own: " + run.whyNot() + "); " + traffic);
    }

    /** {@return the bytes this connection has handed to its socket since it opened (0 without a counter)} */
    public long bytesSent() {
        return bytes == null ? 0 : bytes.sent();
    }

    /** {@return the bytes this connection has read from its socket since it opened (0 without a counter)} */
    public long bytesReceived() {
        return bytes == null ? 0 : bytes.received();
    }

    /**
     * {@return how the node's device runs {@code run}'s kernel, as the node last said (when {@code run} began, then
     * with each chunk it ran): its own JVM's path ({@code vector (…)}, or {@code scalar: } and why: a node started
     * without {@code --add-modules jdk.incubator.vector} says so), {@code Java body}; empty on a node that runs
     * compiled kernels, and for a run this device did not begin last}
     */
    @Override
    public Optional<String> kernelPath(RunSpec run) {
        Opened last = opened;
        String path = last == null || last.run() != run ? "" : last.kernelPath().get();
        return path.isEmpty() ? Optional.empty() : Optional.of(path);
    }

    /** Nothing: the node compiles when the run begins ({@link #beginRun}). */
    @Override
    public void prepare(KernelSource kernel) {
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        long id = ids.getAndIncrement();
        ByteBuf frame = Frames.frame(channel.alloc(), Wire.ALLOC, id);
        frame.writeLong(bytes);
        ByteBuf reply;
        try {
            reply = await(send(id, frame), "ALLOC of " + bytes + " bytes");
        } catch (RuntimeException e) {
            synchronized (gate) {
                endRun(gate.allocationFailed());
            }
            throw e;
        }
        try {
            gate.allocated();
            return new RemoteBuffer(this, reply.readLong(), bytes);
        } finally {
            reply.release();
        }
    }

    /**
     * Tells the node to free a buffer, and that the open run ended if this was the last buffer; nothing is awaited
     * (the connection's end frees it too).
     */
    void free(long handle) {
        synchronized (gate) {
            if (channel.isActive()) {
                ByteBuf frame = Frames.frame(channel.alloc(), Wire.FREE, ids.getAndIncrement());
                frame.writeLong(handle);
                channel.writeAndFlush(frame);
            }
            endRun(gate.freed());
        }
    }

    /** Tells the node that run {@code run} ended (nothing for {@link RunGate#NONE}); the caller holds the gate. */
    private void endRun(long run) {
        if (run != RunGate.NONE && channel.isActive()) {
            ByteBuf frame = Frames.frame(channel.alloc(), Wire.END_RUN, ids.getAndIncrement());
            frame.writeLong(run);
            channel.writeAndFlush(frame);
        }
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        long id = ids.getAndIncrement();
        ByteBuf frame = channel.alloc().directBuffer(COPY_HEADER + (int) bytes);
        frame.writeByte(Wire.COPY_IN);
        frame.writeLong(id);
        frame.writeLong(handle(target));
        frame.writeLong(bytes);
        int crcAt = frame.writerIndex();
        frame.writeInt(0);
        int dataAt = frame.writerIndex();
        frame.writeBytes(host.duplicate().clear().limit((int) bytes));
        frame.setInt(crcAt, Frames.crc(frame, dataAt, (int) bytes));
        return send(id, frame).thenAccept(ByteBuf::release);
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        long id = ids.getAndIncrement();
        ByteBuf frame = Frames.frame(channel.alloc(), Wire.COPY_OUT, id);
        frame.writeLong(handle(source));
        frame.writeLong(bytes);
        return send(id, frame).thenAccept(reply -> {
            try {
                int crc = reply.readInt();
                if (reply.readableBytes() != bytes || Frames.crc(reply, reply.readerIndex(), (int) bytes) != crc) {
                    throw new IllegalStateException("node " + name + ": chunk payload of " + reply.readableBytes()
                            + " bytes failed its CRC32C check (expected " + bytes + " bytes)");
                }
                reply.getBytes(reply.readerIndex(), host.duplicate().clear().limit((int) bytes));
            } finally {
                reply.release();
            }
        });
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        if (launch.input() == null) { // a launch over the arrays in place: only for a run the node does in place
            if (!runsInPlace()) {
                return CompletableFuture.failedFuture(new LoopNestException("device " + name + ": a chunk to run in "
                        + "place, but the node does not run the open run where its files are (expected: a chunk "
                        + "packed into this device's buffers)"));
            }
            return launchInPlace(launch.chunk());
        }
        long id = ids.getAndIncrement();
        Chunk c = launch.chunk();
        ByteBuf frame = Frames.frame(channel.alloc(), Wire.LAUNCH, id);
        Frames.writeChunk(frame, c);
        frame.writeLong(handle(launch.input()));
        frame.writeLong(handle(launch.output()));
        frame.writeLong(launch.resident() == null ? -1 : handle(launch.resident()));
        Opened run = opened;
        return send(id, frame).thenAccept(reply -> {
            try {
                String path = Frames.readString(reply);
                if (run != null) {
                    run.kernelPath().set(path);
                }
            } catch (RuntimeException malformed) {
                handler.lose("sent a malformed OK to LAUNCH (" + malformed.getMessage() + "; expected: how its "
                        + "device ran the kernel, as a string)");
                channel.close();
                throw handler.lost();
            } finally {
                reply.release();
            }
        });
    }

    /**
     * Has the node run {@code c} where the files are ({@link Wire#LAUNCH_IN_PLACE}); completes once it answered, its
     * outputs forced to storage.
     */
    private CompletableFuture<Void> launchInPlace(Chunk c) {
        long id = ids.getAndIncrement();
        ByteBuf frame = Frames.frame(channel.alloc(), Wire.LAUNCH_IN_PLACE, id);
        Frames.writeChunk(frame, c);
        Opened run = opened;
        LocalRun files = local;
        try {
            files.shipped().writeInputs(c, frame);
        } catch (RuntimeException e) {
            frame.release();
            return CompletableFuture.failedFuture(e);
        }
        return send(id, frame).thenAccept(reply -> {
            try {
                String path = Frames.readString(reply);
                reply.readLong(); // the outputs' CRC32C: nothing here to check it against (the files are the node's)
                reply.readLong(); // the node's time for the chunk: the run's clock times the launch
                files.shipped().readOutputs(c, reply);
                if (run != null) {
                    run.kernelPath().set(path);
                }
                files.chunks().incrementAndGet();
            } catch (RuntimeException malformed) {
                handler.lose("sent a malformed OK to LAUNCH_IN_PLACE (" + malformed.getMessage() + "; expected: how "
                        + "its device ran the kernel, the outputs' CRC32C, the chunk's nanoseconds and its regions of "
                        + "the outputs in the coordinator's memory)");
                channel.close();
                throw handler.lost();
            } finally {
                reply.release();
            }
        });
    }

    private CompletableFuture<ByteBuf> send(long id, ByteBuf frame) {
        CompletableFuture<ByteBuf> reply = handler.expect(id);
        if (reply.isDone()) {
            frame.release();
            return reply;
        }
        channel.writeAndFlush(frame).addListener(f -> {
            if (!f.isSuccess()) {
                handler.lose("write failed: " + f.cause());
            }
        });
        return reply;
    }

    private ByteBuf await(CompletableFuture<ByteBuf> reply, String what) {
        try {
            return reply.get(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            Frames.releaseWhenReplied(reply);
            handler.lose(what + " got no reply in " + requestTimeout.toSeconds() + " s");
            channel.close();
            throw handler.lost();
        } catch (InterruptedException e) {
            Frames.releaseWhenReplied(reply);
            Thread.currentThread().interrupt();
            throw new LoopNestException("interrupted waiting for node " + name, e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof LoopNestException known) {
                throw known;
            }
            throw new LoopNestException(e.getCause().getMessage(), e.getCause());
        }
    }

    private long handle(DeviceBuffer buffer) {
        if (buffer instanceof RemoteBuffer remote && remote.device() == this) {
            return remote.handle();
        }
        throw new IllegalArgumentException("buffer " + buffer + " (expected: one allocated by " + name + ")");
    }

    /** {@return whether the node has been lost} */
    public boolean isLost() {
        return handler.lost() != null;
    }

    /** Whether {@link #close()} was called; a lost node's device is not closed until then ({@link #isLost()}). */
    /** Keeps the scheduler's pipeline (its stage threads) until this device closes; see {@link Device#keep}. */
    @Override
    public <T extends AutoCloseable> java.util.Optional<T> keep(Class<T> type,
                                                                java.util.function.Supplier<? extends T> maker) {
        return java.util.Optional.of(kept.get(type, maker));
    }

    @Override
    public boolean isClosed() {
        return closed.get();
    }

    /**
     * Closes the connection and its event loop (bounded wait). Idempotent: only the first call closes, later or
     * concurrent ones return at once.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            kept.closeAll(); // the pipeline first: it stops sending before the connection closes
        } finally {
            channel.close().syncUninterruptibly();
        }
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @Override
    public String toString() {
        return name;
    }
}
