package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.loopnest.error.DeviceLostException;

/**
 * The coordinator's end of one node connection: the handshake's replies, then each reply matched to its request
 * by id, heartbeats, and the loss of the node (closed connection or missed heartbeats), which fails every
 * pending request with {@link DeviceLostException}. Thread-safe: requests are registered from any thread.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {
    private final String node;
    private final CompletableFuture<ByteBuf> handshake = new CompletableFuture<>();
    private final Map<Long, CompletableFuture<ByteBuf>> pending = new ConcurrentHashMap<>();
    private volatile DeviceLostException lost;
    private volatile Consumer<ByteBuf> handshakeStep;
    private volatile boolean nodeProven;

    ClientHandler(String node) {
        this.node = node;
    }

    /** Completed with each handshake reply (the frame after its header), retained for the caller to release. */
    void onHandshakeFrame(Consumer<ByteBuf> step) {
        this.handshakeStep = step;
    }

    /** Records that the node's CHALLENGE proved the secret; until then a READY is refused. */
    void nodeProven() {
        this.nodeProven = true;
    }

    CompletableFuture<ByteBuf> handshakeDone() {
        return handshake;
    }

    /**
     * Registers a request and returns what completes with its reply's payload (retained: the caller releases it),
     * or fails with {@link DeviceLostException} or the node's error.
     */
    CompletableFuture<ByteBuf> expect(long id) {
        CompletableFuture<ByteBuf> reply = new CompletableFuture<>();
        DeviceLostException gone = lost;
        if (gone != null) {
            reply.completeExceptionally(gone);
            return reply;
        }
        pending.put(id, reply);
        if (lost != null && pending.remove(id) != null) {
            reply.completeExceptionally(lost);
        }
        return reply;
    }

    /** The loss, if the node is lost. */
    DeviceLostException lost() {
        return lost;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        ByteBuf frame = (ByteBuf) msg;
        if (frame.readableBytes() < Wire.HEADER_BYTES) {
            frame.release();
            handshake.completeExceptionally(new IllegalStateException("node " + node + " sent a frame shorter than "
                    + "a header"));
            lose("malformed frame from the node");
            ctx.close();
            return;
        }
        byte type = frame.readByte();
        long id = frame.readLong();
        if (!handshake.isDone()) {
            if (type == Wire.REFUSED) {
                handshake.completeExceptionally(new IllegalStateException("node " + node + " refused: "
                        + Frames.readString(frame)));
                frame.release();
                ctx.close();
            } else if (type == Wire.READY && !nodeProven) {
                handshake.completeExceptionally(new IllegalStateException("node " + node + " did not prove it "
                        + "knows the secret (READY before a valid CHALLENGE)"));
                frame.release();
                ctx.close();
            } else if (type == Wire.READY) {
                handshake.complete(frame);
            } else if (type == Wire.CHALLENGE && !nodeProven) {
                Consumer<ByteBuf> step = handshakeStep;
                try {
                    step.accept(frame);
                } finally {
                    frame.release();
                }
            } else {
                handshake.completeExceptionally(new IllegalStateException("node " + node + " sent frame type "
                        + type + " during the handshake (expected: one CHALLENGE, then READY)"));
                frame.release();
                ctx.close();
            }
            return;
        }
        if (type == Wire.PONG) {
            frame.release();
            return;
        }
        CompletableFuture<ByteBuf> reply = pending.remove(id);
        if (reply == null) {
            frame.release();
            return;
        }
        if (type == Wire.ERROR) {
            String message = Frames.readString(frame);
            frame.release();
            reply.completeExceptionally(new IllegalStateException("node " + node + ": " + message));
        } else {
            reply.complete(frame);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE && handshake.isDone()) {
                ctx.writeAndFlush(Frames.frame(ctx.alloc(), Wire.PING, 0));
            } else if (idle.state() == IdleState.READER_IDLE && handshake.isDone()) {
                // before that only the handshake's own timeout applies: a busy node may take a while to answer
                lose("no heartbeat reply in time");
                ctx.close();
            }
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        handshake.completeExceptionally(new IllegalStateException("node " + node + ": connection failed during "
                + "the handshake: " + (cause.getCause() != null ? cause.getCause() : cause), cause));
        lose("connection failed: " + cause);
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        lose("connection closed");
        handshake.completeExceptionally(new IllegalStateException("node " + node + " closed the connection during "
                + "the handshake"));
    }

    /** Marks the node lost (once) and fails every pending request. */
    void lose(String reason) {
        if (lost == null) {
            lost = new DeviceLostException(node, reason);
        }
        for (Long id : pending.keySet()) {
            CompletableFuture<ByteBuf> reply = pending.remove(id);
            if (reply != null) {
                reply.completeExceptionally(lost);
            }
        }
    }
}
