package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.ReferenceCountUtil;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.internal.kernel.IterationFailure;
import org.loopnest.internal.scheduler.PackedLaunch;

/**
 * Serves an authenticated coordinator's {@link NodeRequest}s on the node's device: its run (one at a time: an
 * {@code OPEN_RUN} while a run is open is answered with an {@code ERROR}, see {@link RunSlot}), its buffers
 * ({@link SessionBuffers}), copies checked by CRC32C, launches and heartbeats. Sits behind {@link
 * NodeHandshakeHandler}, which lets nothing through before authentication.
 *
 * <p><b>Failure:</b> a request the device refuses (an allocation too large, a kernel class the node cannot load, a
 * kernel that does not compile, a chunk payload whose CRC32C does not match, a failed launch) is answered with
 * {@code ERROR} saying why, and the connection stays usable; a request that breaks the protocol (a malformed frame,
 * an unknown handle, a copy larger than its buffer, a launch with no run open) is logged and closes the
 * connection, and so does a connection on which nothing arrives for the idle timeout.
 *
 * <p><b>Threading:</b> requests arrive on the connection's event loop; runs are set up (kernel classes loaded,
 * kernels compiled) on the {@code setup} executor so that heartbeats keep flowing; device operations complete on
 * the device's threads and answer from there. On a compiled device each launch runs this connection's kernel, so
 * coordinators sharing the node do not run each other's kernels. <b>Ownership:</b> the connection's buffers are
 * freed when it ends, however it ends, once the operations using them have completed.
 */
final class RequestDispatcher extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(RequestDispatcher.class.getName());

    private final Device device;
    private final int maxFrame;
    private final Duration idleTimeout;
    private final Executor setup;
    private final SessionBuffers buffers = new SessionBuffers();
    private final RunSlot run = new RunSlot();
    private final DataDirs dataDirs;
    /** The open run's chunks over this node's files, once it accepted a {@code FILES} offer; else {@code null}. */
    private final AtomicReference<Local> inPlace = new AtomicReference<>();

    /** A data-local run: its id and the runner of its chunks. */
    private record Local(long run, LocalChunks chunks) {
    }

    /**
     * @param setup where runs are set up, off the event loop
     */
    RequestDispatcher(NodeConfig config, Executor setup) {
        this.device = config.device();
        this.maxFrame = config.maxFrame();
        this.idleTimeout = config.idleTimeout();
        this.setup = setup;
        this.dataDirs = config.dataDirs();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            dispatch(ctx, (NodeRequest) msg);
        } catch (RuntimeException bad) {
            malformed(ctx, bad.getMessage());
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void dispatch(ChannelHandlerContext ctx, NodeRequest request) {
        if (request instanceof NodeRequest.Ping ping) {
            ctx.writeAndFlush(Replies.pong(ctx.alloc(), ping.id()));
        } else if (request instanceof NodeRequest.OpenRun open) {
            openRun(ctx, open);
        } else if (request instanceof NodeRequest.EndRun end) {
            endInPlace(end.run());
            run.end(end.run());
        } else if (request instanceof NodeRequest.Alloc alloc) {
            allocate(ctx, alloc);
        } else if (request instanceof NodeRequest.Free free) {
            buffers.free(free.handle());
        } else if (request instanceof NodeRequest.CopyIn copy) {
            copyIn(ctx, copy);
        } else if (request instanceof NodeRequest.CopyOut copy) {
            copyOut(ctx, copy);
        } else if (request instanceof NodeRequest.Launch launch) {
            launch(ctx, launch);
        } else if (request instanceof NodeRequest.Files files) {
            files(ctx, files);
        } else if (request instanceof NodeRequest.LaunchInPlace launch) {
            launchInPlace(ctx, launch);
        } else {
            throw new IllegalArgumentException("frame type " + request.type() + " after the handshake (expected: a "
                    + "request)");
        }
    }

    /**
     * Claims the connection's run slot and sets the run up off the event loop, then answers {@code OK} with how this
     * node's device runs the kernel (its own JVM's path, for the coordinator's report); answers {@code ERROR},
     * changing nothing, while another run is open.
     */
    private void openRun(ChannelHandlerContext ctx, NodeRequest.OpenRun open) {
        long id = open.id();
        try {
            run.claim(id);
        } catch (IllegalStateException busy) {
            answer(ctx, id, CompletableFuture.failedFuture(busy));
            return;
        }
        boolean compiles = device.runsCompiledKernels();
        CompletableFuture<String> setUp = CompletableFuture.supplyAsync(() -> {
            RunSlot.Prepared prepared = RunSlot.Prepared.of(open.run().load(compiles), device);
            run.ready(id, prepared);
            return device.kernelPath(prepared.spec()).orElse("");
        }, setup);
        // the slot is free again before the ERROR goes out, so the coordinator may open its next run at once
        answer(ctx, id, setUp.whenComplete((v, t) -> {
            if (t != null) {
                run.end(id);
            }
        }), path -> Replies.opened(ctx.alloc(), id, path));
    }

    private void allocate(ChannelHandlerContext ctx, NodeRequest.Alloc alloc) {
        try {
            long largest = (long) maxFrame - Wire.COPY_IN_HEADER_BYTES;
            if (alloc.bytes() > largest) {
                throw new IllegalArgumentException("ALLOC of " + alloc.bytes() + " bytes (expected: at most "
                        + largest + ", what one COPY_IN frame of at most " + maxFrame + " bytes carries)");
            }
            long handle = buffers.add(device.allocate(alloc.bytes()));
            ctx.writeAndFlush(Replies.handle(ctx.alloc(), alloc.id(), handle));
        } catch (RuntimeException e) {
            answer(ctx, alloc.id(), CompletableFuture.failedFuture(e));
        }
    }

    private void copyIn(ChannelHandlerContext ctx, NodeRequest.CopyIn copy) {
        DeviceBuffer target = buffers.get(copy.handle());
        ByteBuf data = copy.data();
        int bytes = data.readableBytes();
        if (Frames.crc(data, data.readerIndex(), bytes) != copy.crc()) {
            answer(ctx, copy.id(), CompletableFuture.failedFuture(new IllegalStateException("CRC32C mismatch on a "
                    + "chunk payload of " + bytes + " bytes")));
            return;
        }
        if (bytes > target.size()) {
            throw new IllegalArgumentException("COPY_IN of " + bytes + " bytes into a buffer of " + target.size());
        }
        ByteBuf held = data.retain();
        CompletableFuture<Void> done;
        try {
            done = device.copyIn(held.nioBuffer(held.readerIndex(), bytes), target, bytes);
        } catch (RuntimeException e) {
            held.release();
            throw e;
        }
        answer(ctx, copy.id(), done.whenComplete((v, t) -> held.release()));
    }

    private void copyOut(ChannelHandlerContext ctx, NodeRequest.CopyOut copy) {
        long id = copy.id();
        long bytes = copy.bytes();
        long largest = (long) maxFrame - Wire.DATA_HEADER_BYTES;
        if (bytes > largest) {
            answer(ctx, id, CompletableFuture.failedFuture(new IllegalArgumentException("COPY_OUT of " + bytes
                    + " bytes (expected: at most " + largest + ", what one DATA frame of at most " + maxFrame
                    + " bytes carries)")));
            return;
        }
        DeviceBuffer source = buffers.get(copy.handle());
        if (bytes < 0 || bytes > source.size()) {
            throw new IllegalArgumentException("COPY_OUT of " + bytes + " bytes from a buffer of " + source.size());
        }
        ByteBuf reply = Replies.data(ctx.alloc(), id, (int) bytes);
        CompletableFuture<Void> done;
        try {
            done = device.copyOut(source, reply.nioBuffer(Wire.DATA_HEADER_BYTES, (int) bytes), bytes);
        } catch (RuntimeException e) {
            reply.release();
            throw e;
        }
        buffers.track(done).whenComplete((v, t) -> {
            if (t != null) {
                reply.release();
                answer(ctx, id, CompletableFuture.failedFuture(t));
            } else {
                Replies.sealData(reply);
                ctx.writeAndFlush(reply);
            }
        });
    }

    private void launch(ChannelHandlerContext ctx, NodeRequest.Launch launch) {
        RunSlot.Prepared prepared = run.ready();
        DeviceBuffer in = buffers.get(launch.input());
        DeviceBuffer out = buffers.get(launch.output());
        DeviceBuffer resident = launch.resident() < 0 ? null : buffers.get(launch.resident());
        PackedLaunch packed = new PackedLaunch(prepared.layout(), prepared.arrays(), prepared.spec().kernel(),
                prepared.kernelSource(), launch.chunk(), in, out, resident, () -> !ctx.channel().isActive());
        // with how the device ran the kernel, now that it compiled for the chunks' layout
        answer(ctx, launch.id(), device.launch(packed).thenApply(v -> device.kernelPath(prepared.spec()).orElse("")),
                path -> Replies.ranKernel(ctx.alloc(), launch.id(), path));
    }

    /**
     * Checks a data-local offer off the event loop (it reads the files' ends) and answers whether this node will run
     * the open run's chunks where the files are ({@code ""}) or why not; the run then keeps its shipped path.
     */
    private void files(ChannelHandlerContext ctx, NodeRequest.Files files) {
        long runId = run.readyId();
        RunSlot.Prepared prepared = run.ready();
        CompletableFuture<String> checked = CompletableFuture.supplyAsync(() -> {
            InPlaceRun.Answer answer = InPlaceRun.accept(runId, files.arrays(), prepared, device, dataDirs);
            if (answer.run() == null) {
                return answer.whyNot();
            }
            LocalChunks chunks;
            try {
                chunks = new LocalChunks(device, prepared, answer.run(), setup);
            } catch (IllegalArgumentException e) {
                return e.getMessage();
            }
            if (!inPlace.compareAndSet(null, new Local(runId, chunks))) {
                chunks.close();
                throw new IllegalStateException("FILES again for run " + runId + " (expected: one offer per run)");
            }
            return "";
        }, setup);
        answer(ctx, files.id(), checked, why -> Replies.files(ctx.alloc(), files.id(), why));
    }

    /**
     * Runs a chunk of the open run over this node's files: the inputs checked unchanged, the kernel on the device, the
     * outputs forced to storage, then {@code OK} with how the kernel ran, the outputs' CRC32C and the time taken.
     */
    private void launchInPlace(ChannelHandlerContext ctx, NodeRequest.LaunchInPlace request) {
        RunSlot.Prepared prepared = run.ready();
        Local local = inPlace.get();
        if (local == null || local.run() != run.readyId()) {
            throw new IllegalArgumentException("LAUNCH_IN_PLACE for a run whose files this node did not accept "
                    + "(expected: after FILES answered with an empty reason)");
        }
        long start = System.nanoTime();
        CompletableFuture<LocalChunks.Ran> ran = local.chunks().run(request.chunk(), request.inputs(),
                () -> !ctx.channel().isActive());
        answer(ctx, request.id(), ran, r -> Replies.ranInPlace(ctx.alloc(), request.id(),
                device.kernelPath(prepared.spec()).orElse(""), r.checksum(), System.nanoTime() - start, r.outputs()));
    }

    /** Forgets run {@code id}'s data-local state, freeing its resident buffer. */
    private void endInPlace(long id) {
        Local ended = inPlace.getAndUpdate(r -> r != null && r.run() == id ? null : r);
        if (ended != null && ended.run() == id) {
            ended.chunks().close();
        }
    }

    /** Answers {@code OK} when {@code done} completes, or {@code ERROR} with what it failed with. */
    private void answer(ChannelHandlerContext ctx, long id, CompletableFuture<Void> done) {
        answer(ctx, id, done, v -> Replies.ok(ctx.alloc(), id));
    }

    /** Answers {@code ok}'s frame of the result when {@code done} completes, or {@code ERROR} with its failure. */
    private <T> void answer(ChannelHandlerContext ctx, long id, CompletableFuture<T> done, Function<T, ByteBuf> ok) {
        buffers.track(done).whenComplete((v, t) -> {
            if (t == null) {
                ctx.writeAndFlush(ok.apply(v));
            } else {
                Throwable cause = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
                ctx.writeAndFlush(Replies.error(ctx.alloc(), id, describe(cause)));
            }
        });
    }

    private static String describe(Throwable cause) {
        if (cause instanceof IterationFailure failure) {
            return "kernel failed at indices " + Arrays.toString(failure.indices()) + ": " + failure.getCause();
        }
        return cause.toString();
    }

    private static void malformed(ChannelHandlerContext ctx, String reason) {
        LOG.log(System.Logger.Level.WARNING, "node: malformed request from " + ctx.channel().remoteAddress() + ": "
                + reason);
        ctx.close();
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent) {
            LOG.log(System.Logger.Level.WARNING, "node: " + ctx.channel().remoteAddress() + " silent for "
                    + idleTimeout.toSeconds() + " s; closing");
            ctx.close();
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    /** Closes the connection: a {@link MalformedFrameException} is logged as a malformed request. */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof MalformedFrameException) {
            malformed(ctx, cause.getMessage());
        } else {
            LOG.log(System.Logger.Level.WARNING, "node: closing " + ctx.channel().remoteAddress() + ": " + cause);
            ctx.close();
        }
    }

    /** Frees the connection's buffers once the device operations still using them have completed. */
    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        Local local = inPlace.getAndSet(null);
        if (local != null) {
            local.chunks().close();
        }
        buffers.closeAll();
        ctx.fireChannelInactive();
    }
}
