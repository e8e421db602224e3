package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.loopnest.codegen.KernelGenerator;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.RunSpec;
import org.loopnest.index.Chunk;
import org.loopnest.kernel.IterationFailure;
import org.loopnest.scheduler.PackedLaunch;
import org.loopnest.serializer.ChunkLayout;

/**
 * One coordinator's connection to a node: the handshake, then its run (one at a time: an {@code OPEN_RUN} while
 * a run is open is answered with an {@code ERROR}, see {@link RunSlot}) and its buffers. Nothing but the handshake
 * is accepted before authentication, which must complete within the configured handshake timeout; a refusal is
 * one log line and a closed connection. A run the node cannot set up (a kernel class it cannot load, a kernel that
 * does not compile) is answered with an {@code ERROR} saying why; only a frame that does not follow {@link Wire}
 * closes the connection. Buffers are freed when the connection ends, however it ends, once the device operations
 * using them have completed. On a compiled device, each launch runs this session's kernel (prepared again under
 * the device's lock, a cache hit), so coordinators sharing the node do not run each other's kernels. Runs are set
 * up (kernel classes loaded, kernels compiled) off the event loop. Runs on the connection's event loop; device
 * operations complete on the device's threads and answer from there.
 */
final class NodeSession extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(NodeSession.class.getName());

    private enum State { AWAIT_HELLO, AWAIT_AUTH, READY, CLOSED }

    private final NodeConfig config;
    private final Device device;
    private final Map<Long, DeviceBuffer> buffers = new ConcurrentHashMap<>();
    private final java.util.Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.Executor setup;
    private final AtomicLong nextHandle = new AtomicLong(1);
    private final HandshakeQuota quota;
    private final java.net.InetAddress peer;
    private State state = State.AWAIT_HELLO;
    private boolean authenticating = true; // holds a place in the quota; event loop only
    private ScheduledFuture<?> handshakeDeadline;
    private byte[] clientNonce;
    private byte[] serverNonce;
    private final RunSlot run = new RunSlot();

    /**
     * @param setup where runs are set up (kernels loaded or compiled), off the event loop so that heartbeats keep
     *              flowing
     * @param quota the node's unauthenticated connections, where this one already holds a place; given back once
     *              it authenticates or closes
     * @param peer  the address the connection comes from, which holds the place
     */
    NodeSession(NodeConfig config, java.util.concurrent.Executor setup, HandshakeQuota quota,
                java.net.InetAddress peer) {
        this.config = config;
        this.device = config.device();
        this.setup = setup;
        this.quota = quota;
        this.peer = peer;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        handshakeDeadline = ctx.executor().schedule(() -> handshakeTimedOut(ctx),
                config.handshakeTimeout().toNanos(), TimeUnit.NANOSECONDS);
        ctx.fireChannelActive();
    }

    private void handshakeTimedOut(ChannelHandlerContext ctx) {
        if (authenticating && state != State.CLOSED) {
            refuse(ctx, "no handshake within " + config.handshakeTimeout().toMillis() + " ms");
            ctx.close(); // at once: a peer that does not read must not hold the connection open
        }
    }

    /** Gives back this connection's place among the unauthenticated ones, once. */
    private void stopAuthenticating() {
        if (authenticating) {
            authenticating = false;
            quota.leave(peer);
            if (handshakeDeadline != null) {
                handshakeDeadline.cancel(false);
            }
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        try {
            if (frame.readableBytes() < Wire.HEADER_BYTES) {
                refuse(ctx, "frame of " + frame.readableBytes() + " bytes is shorter than a header");
                return;
            }
            byte type = frame.readByte();
            long id = frame.readLong();
            switch (state) {
                case AWAIT_HELLO -> hello(ctx, type, frame);
                case AWAIT_AUTH -> auth(ctx, type, frame);
                case READY -> request(ctx, type, id, frame);
                case CLOSED -> { }
            }
        } catch (RuntimeException bad) {
            if (state == State.READY) {
                LOG.log(System.Logger.Level.WARNING, "node: malformed request from " + ctx.channel().remoteAddress()
                        + ": " + bad.getMessage());
                ctx.close();
            } else {
                refuse(ctx, "malformed handshake: " + bad.getMessage());
            }
        } finally {
            frame.release();
        }
    }

    private void hello(ChannelHandlerContext ctx, byte type, ByteBuf frame) {
        if (type != Wire.HELLO || frame.readableBytes() < 8 + Wire.NONCE_BYTES) {
            refuse(ctx, "expected a HELLO frame first (got type " + type + ")");
            return;
        }
        int magic = frame.readInt();
        int version = frame.readInt();
        if (magic != Wire.MAGIC) {
            refuse(ctx, "not a LoopNest coordinator (magic " + Integer.toHexString(magic) + ")");
            return;
        }
        if (version != Wire.VERSION) {
            refuse(ctx, "unknown protocol version " + version + " (this node speaks " + Wire.VERSION + ")");
            return;
        }
        clientNonce = new byte[Wire.NONCE_BYTES];
        frame.readBytes(clientNonce);
        serverNonce = Handshake.nonce();
        ByteBuf reply = Frames.frame(ctx.alloc(), Wire.CHALLENGE, 0);
        reply.writeInt(Wire.VERSION);
        reply.writeBytes(serverNonce);
        reply.writeBytes(Handshake.nodeProof(config.secret().bytes(), clientNonce, serverNonce));
        ctx.writeAndFlush(reply);
        state = State.AWAIT_AUTH;
    }

    private void auth(ChannelHandlerContext ctx, byte type, ByteBuf frame) {
        if (type != Wire.AUTH) {
            refuse(ctx, "expected an AUTH frame (got type " + type + ")");
            return;
        }
        if (frame.readableBytes() != Wire.PROOF_BYTES) {
            refuse(ctx, "AUTH frame with a " + frame.readableBytes() + "-byte proof (expected " + Wire.PROOF_BYTES
                    + ")");
            return;
        }
        byte[] proof = new byte[Wire.PROOF_BYTES];
        frame.readBytes(proof);
        if (!Handshake.matches(Handshake.coordinatorProof(config.secret().bytes(), serverNonce, clientNonce), proof)) {
            refuse(ctx, "authentication failed (wrong secret or replayed handshake)");
            return;
        }
        state = State.READY;
        stopAuthenticating();
        DeviceInfo info = device.info();
        ByteBuf reply = Frames.frame(ctx.alloc(), Wire.READY, 0);
        Frames.writeString(reply, info.name());
        reply.writeLong(info.memoryBytes());
        reply.writeLong(info.maxAllocationBytes());
        reply.writeInt(info.computeUnits());
        reply.writeBoolean(device.runsCompiledKernels());
        Frames.writeString(reply, info.description());
        reply.writeInt(config.maxFrame());
        ctx.writeAndFlush(reply);
        LOG.log(System.Logger.Level.INFO, "node: coordinator " + ctx.channel().remoteAddress() + " authenticated");
        // after READY is written: replace() hands the bytes pipelined behind AUTH to the new decoder at once, and
        // their answers must follow READY
        ctx.pipeline().replace(NodeServer.FRAMES, NodeServer.FRAMES, NodeServer.decoder(config.maxFrame()));
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        LOG.log(System.Logger.Level.WARNING, "node: refused " + ctx.channel().remoteAddress() + ": " + reason);
        state = State.CLOSED;
        ByteBuf reply = Frames.frame(ctx.alloc(), Wire.REFUSED, 0);
        Frames.writeString(reply, reason);
        ctx.writeAndFlush(reply).addListener(f -> ctx.close());
    }

    private void request(ChannelHandlerContext ctx, byte type, long id, ByteBuf frame) {
        switch (type) {
            case Wire.PING -> ctx.writeAndFlush(Frames.frame(ctx.alloc(), Wire.PONG, id));
            case Wire.OPEN_RUN -> openRun(ctx, id, RunSpecCodec.read(frame));
            case Wire.END_RUN -> run.end(frame.readLong());
            case Wire.ALLOC -> allocate(ctx, id, frame.readLong());
            case Wire.FREE -> {
                DeviceBuffer freed = buffers.remove(frame.readLong());
                if (freed != null) {
                    CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new))
                            .whenComplete((v, t) -> freed.close());
                }
            }
            case Wire.COPY_IN -> copyIn(ctx, id, frame);
            case Wire.COPY_OUT -> copyOut(ctx, id, frame.readLong(), frame.readLong());
            case Wire.LAUNCH -> launch(ctx, id, frame);
            default -> throw new IllegalArgumentException("unknown request type " + type);
        }
    }

    /**
     * Claims the connection's run slot and sets the run up off the event loop; answers {@code ERROR}, changing
     * nothing, while another run is open.
     */
    private void openRun(ChannelHandlerContext ctx, long id, RunSpecCodec.Decoded decoded) {
        try {
            run.claim(id);
        } catch (IllegalStateException busy) {
            answer(ctx, id, CompletableFuture.failedFuture(busy));
            return;
        }
        boolean compiles = device.runsCompiledKernels();
        CompletableFuture<Void> setUp = CompletableFuture.runAsync(() -> run.ready(id, prepare(decoded.load(compiles))),
                setup);
        // the slot is free again before the ERROR goes out, so the coordinator may open its next run at once
        answer(ctx, id, setUp.whenComplete((v, t) -> {
            if (t != null) {
                run.end(id);
            }
        }));
    }

    /** Lays out the run and, on a compiled device, compiles its kernel; runs on the setup executor. */
    private RunSlot.Prepared prepare(RunSpec spec) {
        ChunkLayout newLayout = ChunkLayout.of(spec.split(), spec.bindings());
        org.loopnest.device.KernelSource source = null;
        if (device.runsCompiledKernels()) {
            source = KernelGenerator.generate(newLayout, spec.kernel().deviceCode().orElseThrow());
            device.prepare(source);
        }
        Map<String, ArrayBinding> byName = new LinkedHashMap<>();
        spec.bindings().forEach(b -> byName.put(b.name(), b));
        return new RunSlot.Prepared(spec, newLayout, byName, source);
    }

    private void allocate(ChannelHandlerContext ctx, long id, long bytes) {
        try {
            long largest = (long) config.maxFrame() - Wire.COPY_IN_HEADER_BYTES;
            if (bytes > largest) {
                throw new IllegalArgumentException("ALLOC of " + bytes + " bytes (expected: at most " + largest
                        + ", what one COPY_IN frame of at most " + config.maxFrame() + " bytes carries)");
            }
            DeviceBuffer buffer = device.allocate(bytes);
            long handle = nextHandle.getAndIncrement();
            buffers.put(handle, buffer);
            ByteBuf reply = Frames.frame(ctx.alloc(), Wire.HANDLE, id);
            reply.writeLong(handle);
            ctx.writeAndFlush(reply);
        } catch (RuntimeException e) {
            answer(ctx, id, CompletableFuture.failedFuture(e));
        }
    }

    private void copyIn(ChannelHandlerContext ctx, long id, ByteBuf frame) {
        DeviceBuffer target = buffer(frame.readLong());
        long bytes = frame.readLong();
        int crc = frame.readInt();
        if (bytes != frame.readableBytes()) {
            throw new IllegalArgumentException("COPY_IN of " + bytes + " bytes carries " + frame.readableBytes());
        }
        if (Frames.crc(frame, frame.readerIndex(), (int) bytes) != crc) {
            answer(ctx, id, CompletableFuture.failedFuture(new IllegalStateException("CRC32C mismatch on a chunk "
                    + "payload of " + bytes + " bytes")));
            return;
        }
        if (bytes > target.size()) {
            throw new IllegalArgumentException("COPY_IN of " + bytes + " bytes into a buffer of " + target.size());
        }
        ByteBuf held = frame.retain();
        CompletableFuture<Void> copy;
        try {
            copy = device.copyIn(held.nioBuffer(held.readerIndex(), (int) bytes), target, bytes);
        } catch (RuntimeException e) {
            held.release();
            throw e;
        }
        answer(ctx, id, copy.whenComplete((v, t) -> held.release()));
    }

    private void copyOut(ChannelHandlerContext ctx, long id, long handle, long bytes) {
        long largest = (long) config.maxFrame() - Wire.DATA_HEADER_BYTES;
        if (bytes > largest) {
            answer(ctx, id, CompletableFuture.failedFuture(new IllegalArgumentException("COPY_OUT of " + bytes
                    + " bytes (expected: at most " + largest + ", what one DATA frame of at most "
                    + config.maxFrame() + " bytes carries)")));
            return;
        }
        DeviceBuffer source = buffer(handle);
        if (bytes < 0 || bytes > source.size()) {
            throw new IllegalArgumentException("COPY_OUT of " + bytes + " bytes from a buffer of " + source.size());
        }
        int header = Wire.DATA_HEADER_BYTES;
        ByteBuf reply = ctx.alloc().directBuffer(header + (int) bytes);
        reply.writeByte(Wire.DATA);
        reply.writeLong(id);
        reply.writeInt(0);
        reply.writerIndex(header + (int) bytes);
        CompletableFuture<Void> copy;
        try {
            copy = device.copyOut(source, reply.nioBuffer(header, (int) bytes), bytes);
        } catch (RuntimeException e) {
            reply.release();
            throw e;
        }
        track(copy).whenComplete((v, t) -> {
            if (t != null) {
                reply.release();
                answer(ctx, id, CompletableFuture.failedFuture(t));
            } else {
                reply.setInt(Wire.HEADER_BYTES, Frames.crc(reply, header, (int) bytes));
                ctx.writeAndFlush(reply);
            }
        });
    }

    private void launch(ChannelHandlerContext ctx, long id, ByteBuf frame) {
        RunSlot.Prepared prepared = run.ready();
        Chunk chunk = new Chunk(frame.readLong(), frame.readLong(), frame.readLong(), frame.readLong(),
                frame.readLong());
        DeviceBuffer in = buffer(frame.readLong());
        DeviceBuffer out = buffer(frame.readLong());
        long res = frame.readLong();
        PackedLaunch launch = new PackedLaunch(prepared.layout(), prepared.arrays(), prepared.spec().kernel(),
                prepared.kernelSource(), chunk, in, out,
                res < 0 ? null : buffer(res), () -> !ctx.channel().isActive());
        answer(ctx, id, device.launch(launch));
    }

    private DeviceBuffer buffer(long handle) {
        DeviceBuffer b = buffers.get(handle);
        if (b == null) {
            throw new IllegalArgumentException("no buffer with handle " + handle);
        }
        return b;
    }

    /** Remembers {@code operation} until it completes, so that the session's buffers outlive it. */
    private <T> CompletableFuture<T> track(CompletableFuture<T> operation) {
        inFlight.add(operation);
        operation.whenComplete((v, t) -> inFlight.remove(operation));
        return operation;
    }

    /** Answers {@code OK} when {@code done} completes, or {@code ERROR} with what it failed with. */
    private void answer(ChannelHandlerContext ctx, long id, CompletableFuture<Void> done) {
        track(done).whenComplete((v, t) -> {
            if (t == null) {
                ctx.writeAndFlush(Frames.frame(ctx.alloc(), Wire.OK, id));
            } else {
                Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
                ByteBuf reply = Frames.frame(ctx.alloc(), Wire.ERROR, id);
                Frames.writeString(reply, describe(cause));
                ctx.writeAndFlush(reply);
            }
        });
    }

    private static String describe(Throwable cause) {
        if (cause instanceof IterationFailure failure) {
            return "kernel failed at indices " + java.util.Arrays.toString(failure.indices()) + ": "
                    + failure.getCause();
        }
        return cause.toString();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            LOG.log(System.Logger.Level.WARNING, "node: " + ctx.channel().remoteAddress() + " silent for "
                    + config.idleTimeout().toSeconds() + " s; closing");
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.log(System.Logger.Level.WARNING, "node: closing " + ctx.channel().remoteAddress() + ": " + cause);
        state = State.CLOSED;
        ctx.close();
    }

    /** Frees the session's buffers once the device operations still using them have completed. */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        state = State.CLOSED;
        stopAuthenticating();
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).whenComplete((v, t) -> {
            buffers.values().forEach(DeviceBuffer::close);
            buffers.clear();
        });
        ctx.fireChannelInactive();
    }
}
