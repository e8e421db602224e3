package org.loopnest.cluster;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Connects a coordinator to worker nodes: {@code Cluster.connect(List.of(URI.create("tcp://127.0.0.1:4567")),
 * secret)} returns one {@link RemoteDevice} per node, authenticated, to pass to {@code LoopNest.on(...)}.
 *
 * @param heartbeat      how often to ping a node; it is lost after {@value #MISSED_HEARTBEATS} periods in which no
 *                       byte arrived from it, unless this side is still sending it a large frame and bytes keep
 *                       leaving (the node cannot answer a ping queued behind that frame)
 * @param requestTimeout how long to wait for the handshake and for a synchronous request (open, allocate)
 * @param tls            a client TLS context (trusting the nodes' certificates), or {@code null} for plain TCP
 * @param maxFrame       the largest frame accepted from a node once it has proven the secret (before that, the
 *                       handshake's small limit applies, so an impostor cannot make the coordinator buffer a chunk)
 */
public record Cluster(Duration heartbeat, Duration requestTimeout, SslContext tls, int maxFrame) {
    /** Heartbeats a node may miss before it is lost. */
    public static final int MISSED_HEARTBEATS = 5;

    /**
     * Defaults: a heartbeat per second, 2 minutes for requests, no TLS, {@link Wire#DEFAULT_MAX_FRAME}.
     *
     * @return the default settings
     */
    public static Cluster defaults() {
        return new Cluster(Duration.ofSeconds(1), Duration.ofMinutes(2), null, Wire.DEFAULT_MAX_FRAME);
    }

    /**
     * Connects to {@code nodes} with the defaults; see {@link #open}.
     *
     * @param nodes {@code tcp://host:port} (or {@code host:port}) of each node
     * @param secret the secret shared with the nodes
     * @return one device per node, in order, which the caller closes
     */
    public static List<RemoteDevice> connect(List<URI> nodes, Secret secret) {
        return defaults().open(nodes, secret);
    }

    /**
     * {@return the same with TLS}
     *
     * @param context a client TLS context, trusting the nodes' certificates
     */
    public Cluster withTls(SslContext context) {
        return new Cluster(heartbeat, requestTimeout, context, maxFrame);
    }

    /**
     * {@return the same with another heartbeat period}
     *
     * @param period how often to ping a node
     */
    public Cluster withHeartbeat(Duration period) {
        return new Cluster(period, requestTimeout, tls, maxFrame);
    }

    /**
     * Connects to every node and authenticates; on any failure closes the connections made so far.
     *
     * @param nodes {@code tcp://host:port} (or {@code host:port}) of each node
     * @param secret the secret shared with the nodes
     * @return one device per node, in order, which the caller closes
     * @throws IllegalArgumentException for an address without host or port
     * @throws IllegalStateException if a node cannot be reached, refuses (its reason), or fails to prove the secret
     */
    public List<RemoteDevice> open(List<URI> nodes, Secret secret) {
        if (nodes == null || nodes.isEmpty()) {
            throw new IllegalArgumentException("nodes: none given (expected: at least one tcp://host:port)");
        }
        List<RemoteDevice> devices = new ArrayList<>();
        try {
            for (URI node : nodes) {
                devices.add(connectOne(node, secret));
            }
            return devices;
        } catch (RuntimeException e) {
            devices.forEach(RemoteDevice::close);
            throw e;
        }
    }

    /**
     * {@code tcp://host:port} for {@code host:port}; checks both parts.
     *
     * @param hostPort {@code host:port}, or a {@code tcp://} URI
     * @return the node's {@code tcp://host:port} address
     * @throws IllegalArgumentException naming {@code hostPort} if it is not a host and a port from 1 to 65535
     */
    public static URI address(String hostPort) {
        String expected = " (expected: host:port with a port from 1 to 65535, e.g. 127.0.0.1:4567)";
        URI uri;
        try {
            uri = new URI(hostPort.contains("://") ? hostPort : "tcp://" + hostPort);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("node address '" + hostPort + "'" + expected, e);
        }
        if (uri.getHost() == null || uri.getPort() < 1 || uri.getPort() > 65535) {
            throw new IllegalArgumentException("node address '" + hostPort + "'" + expected);
        }
        return uri;
    }

    private RemoteDevice connectOne(URI node, Secret secret) {
        URI uri = address(node.toString());
        String name = "node:" + uri.getHost() + ":" + uri.getPort();
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        OutboundProgress progress = new OutboundProgress();
        ClientHandler handler = new ClientHandler(name, progress);
        try {
            Channel channel = new Bootstrap().group(group).channel(NioSocketChannel.class)
                    .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) requestTimeout.toMillis())
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast("progress", progress);
                            if (tls != null) {
                                ch.pipeline().addLast("tls", tls.newHandler(ch.alloc(), uri.getHost(), uri.getPort()));
                            }
                            // before the frame decoder, so that every byte of a large frame counts as a sign of life
                            ch.pipeline().addLast("idle", new IdleStateHandler(
                                    heartbeat.toMillis() * MISSED_HEARTBEATS, heartbeat.toMillis(), 0,
                                    TimeUnit.MILLISECONDS));
                            ch.pipeline().addLast(NodeServer.FRAMES,
                                    NodeServer.decoder(NodeServer.HANDSHAKE_MAX_FRAME));
                            ch.pipeline().addLast("length", new LengthFieldPrepender(Wire.LENGTH_BYTES));
                            ch.pipeline().addLast("client", handler);
                        }
                    }).connect(uri.getHost(), uri.getPort()).syncUninterruptibly().channel();
            ByteBuf ready = handshake(channel, handler, secret, name);
            try {
                return new RemoteDevice(name, channel, group, handler, ready, requestTimeout, maxFrame);
            } finally {
                ready.release();
            }
        } catch (Exception e) { // Netty rethrows connect failures (checked IOExceptions) without declaring them
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            if (e instanceof IllegalStateException) {
                throw (IllegalStateException) e;
            }
            if (e instanceof java.net.ConnectException) {
                throw new IllegalStateException("cannot connect to " + name + ": " + e.getMessage()
                        + " (expected: a running 'loopnest node' at that address)", e);
            }
            throw new IllegalStateException("cannot connect to " + name + ": " + e, e);
        }
    }

    private ByteBuf handshake(Channel channel, ClientHandler handler, Secret secret, String name) {
        byte[] clientNonce = Handshake.nonce();
        handler.onHandshakeFrame(challenge -> {
            int version = challenge.readInt();
            byte[] serverNonce = new byte[Wire.NONCE_BYTES];
            challenge.readBytes(serverNonce);
            byte[] proof = new byte[Wire.PROOF_BYTES];
            challenge.readBytes(proof);
            if (version != Wire.VERSION
                    || !Handshake.matches(Handshake.nodeProof(secret.bytes(), clientNonce, serverNonce), proof)) {
                handler.handshakeDone().completeExceptionally(new IllegalStateException("node " + name
                        + " did not prove it knows the secret (expected: the same secret file on both sides)"));
                channel.close();
                return;
            }
            handler.nodeProven();
            // the node has proven the secret: from now on its frames may be as large as a chunk (READY included,
            // whose device description has no fixed length). On the event loop, inside the decoder's read.
            channel.pipeline().replace(NodeServer.FRAMES, NodeServer.FRAMES, NodeServer.decoder(maxFrame));
            ByteBuf auth = Frames.frame(channel.alloc(), Wire.AUTH, 0);
            auth.writeBytes(Handshake.coordinatorProof(secret.bytes(), serverNonce, clientNonce));
            channel.writeAndFlush(auth);
        });
        ByteBuf hello = Frames.frame(channel.alloc(), Wire.HELLO, 0);
        hello.writeInt(Wire.MAGIC).writeInt(Wire.VERSION).writeBytes(clientNonce);
        channel.writeAndFlush(hello);
        try {
            return handler.handshakeDone().get(requestTimeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            Frames.releaseWhenReplied(handler.handshakeDone());
            channel.close();
            throw new IllegalStateException("node " + name + ": no handshake reply in " + requestTimeout.toSeconds()
                    + " s");
        } catch (InterruptedException e) {
            Frames.releaseWhenReplied(handler.handshakeDone());
            Thread.currentThread().interrupt();
            channel.close();
            throw new IllegalStateException("interrupted connecting to " + name, e);
        } catch (ExecutionException e) {
            channel.close();
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        }
    }
}
