package org.loopnest.cluster;

import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.util.ReferenceCountUtil;
import java.net.InetAddress;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The node's side of {@link Wire}'s handshake: answers {@code HELLO} with a {@code CHALLENGE}, checks the
 * coordinator's {@code AUTH}, and once it is proven answers {@code READY}, lifts the pipeline to requests (the
 * request decoder and the configured frame size) and removes itself, so that what follows goes straight to the
 * {@link RequestDispatcher} behind it; bytes pipelined behind {@code AUTH} are answered after {@code READY}. Nothing
 * else passes before: any other frame, a malformed one, a wrong proof or no handshake within the configured timeout
 * is refused: one log line ({@code node: refused ADDRESS: REASON}), a {@link Wire#REFUSED} with the reason, and a
 * closed connection.
 *
 * <p><b>Ownership:</b> holds the connection's place among the node's unauthenticated ones ({@link HandshakeQuota},
 * taken before it was added) and gives it back exactly once: when the peer authenticates, when the connection
 * closes, or when this handler is removed. Tells the node's {@link FirstCoordinator} of a coordinator proven.
 * <b>Threading:</b> one per connection, on its event loop.
 */
final class NodeHandshakeHandler extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(NodeHandshakeHandler.class.getName());

    private enum State { AWAIT_HELLO, AWAIT_AUTH, REFUSED, AUTHENTICATED }

    private final NodeConfig config;
    private final HandshakeQuota quota;
    private final InetAddress peer;
    private final FirstCoordinator first;
    private State state = State.AWAIT_HELLO; // event loop only, like the rest
    private boolean holdsPlace = true;
    private ScheduledFuture<?> deadline;
    private byte[] clientNonce;
    private byte[] serverNonce;

    /**
     * @param quota the node's unauthenticated connections, where this one already holds a place
     * @param peer  the address the connection comes from, which holds the place
     * @param first told when the coordinator has proven the secret
     */
    NodeHandshakeHandler(NodeConfig config, HandshakeQuota quota, InetAddress peer, FirstCoordinator first) {
        this.config = config;
        this.quota = quota;
        this.peer = peer;
        this.first = first;
    }

    /** Starts the handshake's deadline (the channel is registered by now: it is added by its initializer). */
    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        deadline = ctx.executor().schedule(() -> timedOut(ctx), config.handshakeTimeout().toNanos(),
                TimeUnit.NANOSECONDS);
    }

    private void timedOut(ChannelHandlerContext ctx) {
        if (state == State.AWAIT_HELLO || state == State.AWAIT_AUTH) {
            refuse(ctx, "no handshake within " + config.handshakeTimeout().toMillis() + " ms");
            ctx.close(); // at once: a peer that does not read must not hold the connection open
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (state == State.AUTHENTICATED) {
            ctx.fireChannelRead(msg); // only until removed
            return;
        }
        try {
            if (state == State.AWAIT_HELLO) {
                hello(ctx, (NodeRequest) msg);
            } else if (state == State.AWAIT_AUTH) {
                auth(ctx, (NodeRequest) msg);
            }
        } finally {
            ReferenceCountUtil.release(msg);
        }
    }

    private void hello(ChannelHandlerContext ctx, NodeRequest request) {
        if (!(request instanceof NodeRequest.Hello hello)) {
            refuse(ctx, "expected a HELLO frame first (got type " + request.type() + ")");
        } else if (hello.magic() != Wire.MAGIC) {
            refuse(ctx, "not a LoopNest coordinator (magic " + Integer.toHexString(hello.magic()) + ")");
        } else if (hello.version() != Wire.VERSION) {
            refuse(ctx, "unknown protocol version " + hello.version() + " (this node speaks " + Wire.VERSION + ")");
        } else {
            clientNonce = hello.clientNonce();
            serverNonce = Handshake.nonce();
            byte[] proof = Handshake.nodeProof(config.secret().bytes(), clientNonce, serverNonce);
            ctx.writeAndFlush(Replies.challenge(ctx.alloc(), serverNonce, proof));
            state = State.AWAIT_AUTH;
        }
    }

    private void auth(ChannelHandlerContext ctx, NodeRequest request) {
        if (!(request instanceof NodeRequest.Auth auth)) {
            refuse(ctx, "expected an AUTH frame (got type " + request.type() + ")");
            return;
        }
        byte[] expected = Handshake.coordinatorProof(config.secret().bytes(), serverNonce, clientNonce);
        if (!Handshake.matches(expected, auth.proof())) {
            refuse(ctx, "authentication failed (wrong secret or replayed handshake)");
            return;
        }
        state = State.AUTHENTICATED;
        giveBackPlace();
        // claimed before READY is sent: a coordinator that has its READY is the first unless one was told before it
        // (after the write, another connection's event loop could claim first while this one is descheduled)
        first.authenticated(ctx.channel());
        ctx.writeAndFlush(Replies.ready(ctx.alloc(), config.device(), config.maxFrame()));
        LOG.log(System.Logger.Level.INFO, "node: coordinator " + ctx.channel().remoteAddress() + " authenticated");
        liftPipeline(ctx.pipeline());
    }

    /**
     * Decodes requests from now on, steps aside, and only then allows full-size frames: replacing the frame decoder
     * hands it the bytes pipelined behind {@code AUTH} at once, and their answers must follow {@code READY}.
     */
    private void liftPipeline(ChannelPipeline p) {
        p.replace(NodeServer.REQUESTS, NodeServer.REQUESTS, RequestDecoder.requests());
        p.remove(this);
        p.replace(NodeServer.FRAMES, NodeServer.FRAMES, NodeServer.decoder(config.maxFrame()));
    }

    private void refuse(ChannelHandlerContext ctx, String reason) {
        LOG.log(System.Logger.Level.WARNING, "node: refused " + ctx.channel().remoteAddress() + ": " + reason);
        state = State.REFUSED;
        ctx.writeAndFlush(Replies.refused(ctx.alloc(), reason)).addListener(ChannelFutureListener.CLOSE);
    }

    /** Gives back this connection's place among the unauthenticated ones, once, and stops the deadline. */
    private void giveBackPlace() {
        if (holdsPlace) {
            holdsPlace = false;
            quota.leave(peer);
            if (deadline != null) {
                deadline.cancel(false);
            }
        }
    }

    /**
     * Refuses a malformed handshake frame with the decoder's reason; closes the connection on any other failure
     * (an oversized frame, an I/O error) without a reply.
     */
    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (state == State.AUTHENTICATED) {
            ctx.fireExceptionCaught(cause);
        } else if (cause instanceof MalformedFrameException) {
            if (state != State.REFUSED) {
                refuse(ctx, cause.getMessage());
            }
        } else {
            LOG.log(System.Logger.Level.WARNING, "node: closing " + ctx.channel().remoteAddress() + ": " + cause);
            state = State.REFUSED;
            ctx.close();
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (state != State.AUTHENTICATED) {
            state = State.REFUSED;
        }
        giveBackPlace();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        giveBackPlace();
    }
}
