package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.timeout.IdleState;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import javax.net.ssl.SSLException;
import org.loopnest.error.DeviceLostException;

/**
 * The coordinator's end of one node connection: the handshake's replies, then each reply matched to its request
 * by id, heartbeats, and the loss of the node (closed connection, missed heartbeats, or a reply that breaks the
 * protocol), which fails every pending request with {@link DeviceLostException}. Every reply completes its
 * request, so no caller waits for a frame that was dropped. Thread-safe: requests are registered from any thread.
 *
 * <p>Silence is forgiven while this side is still uploading: a node cannot answer a heartbeat queued behind a
 * large frame until it has read that frame, so when the heartbeat replies are overdue but bytes were waiting to be
 * sent (now or at the last check) and some were sent since, the node gets another silence period. A node that
 * reads nothing makes no such progress and is lost as before.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {
    /** How a node's refusal reads when it only turned the connection away for now ({@link HandshakeQuota}). */
    private static final String BUSY = "refused: node busy";

    private final String node;
    private final OutboundProgress progress;
    private final CompletableFuture<ByteBuf> handshake = new CompletableFuture<>();
    private final Map<Long, CompletableFuture<ByteBuf>> pending = new ConcurrentHashMap<>();
    private volatile DeviceLostException lost;
    private volatile Consumer<ByteBuf> handshakeStep;
    private volatile boolean nodeProven;
    private long sentAtLastCheck; // event loop only, like the next
    private long unsentAtLastCheck;

    /**
     * @param progress counts what this connection's socket has sent (first in the same pipeline)
     */
    ClientHandler(String node, OutboundProgress progress) {
        this.node = node;
        this.progress = progress;
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
        remember(ctx);
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
            handshakeFrame(ctx, type, frame);
            return;
        }
        if (type == Wire.PONG) {
            frame.release();
            return;
        }
        CompletableFuture<ByteBuf> reply = pending.remove(id);
        if (reply == null) {
            frame.release();
        } else if (type == Wire.ERROR) {
            fail(ctx, reply, frame);
        } else {
            reply.complete(frame);
        }
    }

    private void handshakeFrame(ChannelHandlerContext ctx, byte type, ByteBuf frame) {
        if (type == Wire.READY && nodeProven) {
            handshake.complete(frame);
        } else if (type == Wire.CHALLENGE && !nodeProven) {
            Consumer<ByteBuf> step = handshakeStep;
            try {
                step.accept(frame);
            } finally {
                frame.release();
            }
        } else {
            String why;
            try {
                why = type == Wire.REFUSED ? refusal(frame)
                        : type == Wire.READY ? "did not prove it knows the secret (READY before a valid CHALLENGE)"
                        : "sent frame type " + type + " during the handshake (expected: one CHALLENGE, then READY)";
            } finally {
                frame.release();
            }
            handshake.completeExceptionally(why.startsWith(BUSY)
                    ? new NodeNotReachedException("node " + node + " " + why, why, null)
                    : new IllegalStateException("node " + node + " " + why));
            ctx.close();
        }
    }

    private static String refusal(ByteBuf frame) {
        try {
            return "refused: " + Frames.readString(frame);
        } catch (RuntimeException e) {
            return "sent a malformed REFUSED frame (" + e.getMessage() + ")";
        }
    }

    /**
     * Fails {@code reply} with the node's message. A malformed ERROR frame breaks the protocol: the node is lost
     * (its connection closed) and {@code reply} fails with the loss. Releases {@code frame} either way.
     */
    private void fail(ChannelHandlerContext ctx, CompletableFuture<ByteBuf> reply, ByteBuf frame) {
        String message = null;
        String malformed = null;
        try {
            message = Frames.readString(frame);
        } catch (RuntimeException e) {
            malformed = "sent a malformed ERROR frame (" + e.getMessage() + ")";
        } finally {
            frame.release();
        }
        if (malformed == null) {
            reply.completeExceptionally(new IllegalStateException("node " + node + ": " + message));
        } else {
            lose(malformed);
            reply.completeExceptionally(lost);
            ctx.close();
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
        if (event instanceof IdleStateEvent idle) {
            if (idle.state() == IdleState.WRITER_IDLE && handshake.isDone()) {
                ctx.writeAndFlush(Frames.frame(ctx.alloc(), Wire.PING, 0));
            } else if (idle.state() == IdleState.READER_IDLE && handshake.isDone() && !stillUploading(ctx)) {
                // before the handshake only its own timeout applies: a busy node may take a while to answer
                lose("no heartbeat reply in time");
                ctx.close();
            }
        } else {
            ctx.fireUserEventTriggered(event);
        }
    }

    /**
     * Whether bytes were waiting to be sent (now, or at the last frame or check, the last of a large frame may still
     * be in the socket's buffers) and some were sent since: then the node's replies may be queued behind what it is
     * still reading.
     */
    private boolean stillUploading(ChannelHandlerContext ctx) {
        long sentBefore = sentAtLastCheck;
        long unsentBefore = unsentAtLastCheck;
        remember(ctx);
        return sentAtLastCheck > sentBefore && (unsentAtLastCheck > 0 || unsentBefore > 0);
    }

    private void remember(ChannelHandlerContext ctx) {
        sentAtLastCheck = progress.sent(ctx.channel());
        unsentAtLastCheck = OutboundProgress.unsent(ctx.channel());
    }

    /**
     * Fails the handshake if it is not over (an I/O error of the connection, not of TLS, as not reached: the node
     * may have reset a connection it was not ready for), loses the node and closes the connection.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        // a decoder's exception wraps the real one; any other keeps its own message and class
        Throwable root = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
        String why = "connection failed during the handshake: " + root;
        handshake.completeExceptionally(cause instanceof IOException && !(cause instanceof SSLException)
                ? new NodeNotReachedException("node " + node + ": " + why, why, cause)
                : new IllegalStateException("node " + node + ": " + why, cause));
        lose(describe(root));
        ctx.close();
    }

    /**
     * {@code "connection reset (java.net.SocketException)"}: what {@code cause} says, as the rest of a sentence (its
     * first letter in lower case unless the first word is an acronym), then its class; the class alone without a
     * message.
     */
    static String describe(Throwable cause) {
        String message = cause.getMessage();
        if (message == null || message.isBlank()) {
            return cause.getClass().getName();
        }
        if (message.length() > 1 && Character.isUpperCase(message.charAt(0))
                && Character.isLowerCase(message.charAt(1))) {
            message = Character.toLowerCase(message.charAt(0)) + message.substring(1);
        }
        return message + " (" + cause.getClass().getName() + ")";
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        lose("connection closed");
        String why = "closed the connection during the handshake";
        handshake.completeExceptionally(new NodeNotReachedException("node " + node + " " + why, why, null));
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
