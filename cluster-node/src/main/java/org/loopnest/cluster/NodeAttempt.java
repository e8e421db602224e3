package org.loopnest.cluster;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.ConnectException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One try at one node: connects, runs {@link Wire}'s handshake (each side proves the secret) and makes the node's
 * {@link RemoteDevice}, without blocking any thread.
 *
 * <p><b>Ownership:</b> the event loop group is the caller's; once the attempt has made a device, the device owns
 * it (closing the device shuts it down). The attempt's connection is closed on every failure and by {@link
 * #cancel}. <b>Threading:</b> {@link #start} once, from any thread; the future completes on the group's event loop;
 * {@link #cancel} from any thread. <b>Failure:</b> the future fails with {@link NodeNotReachedException} when the
 * node was not reached or hung up before the handshake ended (worth another try), and with another {@link
 * IllegalStateException} when it answered and the handshake failed (it did not prove the secret, refused the
 * coordinator for a reason other than being busy, or broke the protocol). Every step is bounded: the connect by its
 * timeout, the handshake by its own.
 */
final class NodeAttempt {
    private final Cluster cluster;
    private final NodeAddress node;
    private final Secret secret;
    private final EventLoopGroup group;
    private final CompletableFuture<RemoteDevice> result = new CompletableFuture<>();
    private volatile Channel channel;
    private volatile boolean cancelled;
    private volatile boolean connected;

    /**
     * @param cluster the settings (heartbeat, TLS, frame size, request timeout of the device)
     * @param group   the event loop group the connection and its device run on
     */
    NodeAttempt(Cluster cluster, NodeAddress node, Secret secret, EventLoopGroup group) {
        this.cluster = cluster;
        this.node = node;
        this.secret = secret;
        this.group = group;
    }

    /**
     * Starts connecting.
     *
     * @param connectTimeout   how long the TCP connect may take (at least a millisecond)
     * @param handshakeTimeout how long the node may take to answer the handshake once connected
     * @return the device, once the node has proven the secret and said it is ready
     */
    CompletableFuture<RemoteDevice> start(Duration connectTimeout, Duration handshakeTimeout) {
        URI uri = node.uri();
        OutboundProgress progress = new OutboundProgress();
        ClientHandler handler = new ClientHandler(node.name(), progress);
        try {
            ChannelFuture connect = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.max(1, Math.min(Integer.MAX_VALUE,
                            connectTimeout.toMillis())))
                    .handler(initializer(progress, handler)).connect(uri.getHost(), uri.getPort());
            channel = connect.channel();
            if (cancelled) {
                channel.close();
            }
            connect.addListener(f -> {
                if (f.isSuccess()) {
                    connected = true;
                    handshake(connect.channel(), handler, handshakeTimeout);
                } else {
                    connect.channel().close();
                    result.completeExceptionally(notReached(f.cause()));
                }
            });
        } catch (RuntimeException e) { // e.g. the group was shut down under the attempt
            result.completeExceptionally(new IllegalStateException("cannot connect to " + node.name() + ": " + e, e));
        }
        return result;
    }

    /**
     * Whether the node accepted the connection: the handshake is under way (or over), bounded by its own timeout.
     * Set on the group's event loop before the handshake starts.
     */
    boolean connected() {
        return connected;
    }

    /** Closes the attempt's connection, if any: a pending attempt then fails as not reached. */
    void cancel() {
        cancelled = true;
        Channel c = channel;
        if (c != null) {
            c.close();
        }
    }

    private ChannelInitializer<SocketChannel> initializer(OutboundProgress progress, ClientHandler handler) {
        URI uri = node.uri();
        long heartbeat = cluster.heartbeat().toMillis();
        return new ChannelInitializer<>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                ch.pipeline().addLast("bytes", new ByteCounter());
                ch.pipeline().addLast("progress", progress);
                if (cluster.tls() != null) {
                    ch.pipeline().addLast("tls", cluster.tls().newHandler(ch.alloc(), uri.getHost(), uri.getPort()));
                }
                // before the frame decoder, so that every byte of a large frame counts as a sign of life
                ch.pipeline().addLast("idle", new IdleStateHandler(heartbeat * Cluster.MISSED_HEARTBEATS, heartbeat,
                        0, TimeUnit.MILLISECONDS));
                ch.pipeline().addLast(NodeServer.FRAMES, NodeServer.decoder(NodeServer.HANDSHAKE_MAX_FRAME));
                ch.pipeline().addLast("length", new LengthFieldPrepender(Wire.LENGTH_BYTES));
                ch.pipeline().addLast("client", handler);
            }
        };
    }

    /** A connect that failed: the node is not there (yet). */
    private NodeNotReachedException notReached(Throwable cause) {
        if (cause instanceof ConnectException) {
            return new NodeNotReachedException("cannot connect to " + node.name() + ": " + cause.getMessage()
                    + " (expected: a running 'loopnest node' at that address)", cause.getMessage(), cause);
        }
        return new NodeNotReachedException("cannot connect to " + node.name() + ": " + cause, cause.toString(), cause);
    }

    /** Sends HELLO and answers the node's CHALLENGE; on the event loop. */
    private void handshake(Channel ch, ClientHandler handler, Duration timeout) {
        byte[] clientNonce = Handshake.nonce();
        handler.onHandshakeFrame(challenge -> answer(ch, handler, challenge, clientNonce));
        ScheduledFuture<?> timer = ch.eventLoop().schedule(() -> silent(ch, handler, timeout), timeout.toNanos(),
                TimeUnit.NANOSECONDS);
        handler.handshakeDone().whenComplete((ready, error) -> {
            timer.cancel(false);
            finish(ch, handler, ready, error);
        });
        ByteBuf hello = Frames.frame(ch.alloc(), Wire.HELLO, 0);
        hello.writeInt(Wire.MAGIC).writeInt(Wire.VERSION).writeBytes(clientNonce);
        ch.writeAndFlush(hello);
    }

    /** Checks the node's proof and, if it holds, proves the secret in turn; inside the decoder's read. */
    private void answer(Channel ch, ClientHandler handler, ByteBuf challenge, byte[] clientNonce) {
        int version = challenge.readInt();
        byte[] serverNonce = new byte[Wire.NONCE_BYTES];
        challenge.readBytes(serverNonce);
        byte[] proof = new byte[Wire.PROOF_BYTES];
        challenge.readBytes(proof);
        if (version != Wire.VERSION
                || !Handshake.matches(Handshake.nodeProof(secret.bytes(), clientNonce, serverNonce), proof)) {
            handler.handshakeDone().completeExceptionally(new IllegalStateException("node " + node.name()
                    + " did not prove it knows the secret (expected: the same secret file on both sides)"));
            ch.close();
            return;
        }
        handler.nodeProven();
        // the node has proven the secret: from now on its frames may be as large as a chunk (READY included, whose
        // device description has no fixed length)
        ch.pipeline().replace(NodeServer.FRAMES, NodeServer.FRAMES, NodeServer.decoder(cluster.maxFrame()));
        ByteBuf auth = Frames.frame(ch.alloc(), Wire.AUTH, 0);
        auth.writeBytes(Handshake.coordinatorProof(secret.bytes(), serverNonce, clientNonce));
        ch.writeAndFlush(auth);
    }

    /** The handshake's deadline: a node that accepted the connection but does not answer. */
    private void silent(Channel ch, ClientHandler handler, Duration timeout) {
        String reason = "no handshake reply in " + timeout.toSeconds() + " s";
        if (handler.handshakeDone().completeExceptionally(new NodeNotReachedException("node " + node.name() + ": "
                + reason, reason, null))) {
            ch.close();
        }
    }

    /** Makes the device from the node's READY, or fails; on the event loop. */
    private void finish(Channel ch, ClientHandler handler, ByteBuf ready, Throwable error) {
        if (error != null) {
            ch.close();
            result.completeExceptionally(error);
            return;
        }
        try {
            result.complete(new RemoteDevice(node.name(), ch, group, handler, ready, cluster.requestTimeout(),
                    cluster.maxFrame()));
        } catch (RuntimeException e) { // a READY the device cannot read
            ch.close();
            result.completeExceptionally(new IllegalStateException("cannot connect to " + node.name() + ": " + e, e));
        } finally {
            ready.release();
        }
    }
}
