package org.loopnest.cluster;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.netty.handler.codec.LengthFieldPrepender;
import io.netty.handler.timeout.IdleStateHandler;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A worker node: listens for coordinators, authenticates each ({@link Wire}), and runs their chunks on its local
 * device. Until a coordinator has authenticated, frames above {@value #HANDSHAKE_MAX_FRAME} bytes close its
 * connection; after, the configured maximum applies. A connection that has not authenticated within the
 * configured handshake timeout is closed, and while the configured number of connections are authenticating, in
 * all or from the new one's source ({@link NodeConfig#maxUnauthenticatedPerSource()}), a new one is sent
 * {@link Wire#REFUSED} ({@code "node busy: …"}) and closed at once. Serves any number of coordinators, one after
 * another or at once; a coordinator that vanishes has its buffers freed and does not disturb the others. Start with
 * {@link #start}; {@link #close()} stops listening and ends every connection (the device stays open: its owner closes
 * it). {@link #firstCoordinatorJoined()} and {@link #firstCoordinatorLeft()} follow the first coordinator that proves
 * the secret, for a worker started for one coordinator (a Slurm task) that ends when it is done.
 */
public final class NodeServer implements AutoCloseable {
    /** The largest frame before a coordinator has authenticated: the handshake's frames are tiny. */
    static final int HANDSHAKE_MAX_FRAME = 1024;
    /** The name of the frame decoder in each connection's pipeline (replaced once the peer authenticates). */
    static final String FRAMES = "frames";
    /** The name of the {@link RequestDecoder} in each connection's pipeline (replaced once the peer authenticates). */
    static final String REQUESTS = "requests";

    private static final System.Logger LOG = System.getLogger(NodeServer.class.getName());

    private final EventLoopGroup boss;
    private final EventLoopGroup workers;
    private final java.util.concurrent.ExecutorService setup;
    private final Channel listening;
    private final HandshakeQuota quota;
    private final FirstCoordinator first;

    private NodeServer(EventLoopGroup boss, EventLoopGroup workers, java.util.concurrent.ExecutorService setup,
                       Channel listening, HandshakeQuota quota, FirstCoordinator first) {
        this.boss = boss;
        this.workers = workers;
        this.setup = setup;
        this.listening = listening;
        this.quota = quota;
        this.first = first;
    }

    /**
     * Binds and starts serving.
     *
     * @param config how to run, with the device the node runs chunks on
     * @return the running server, which the caller closes
     * @throws IllegalStateException if the address cannot be bound, saying which (the cause is the {@link
     *     java.net.BindException}), after shutting down the threads started for the server
     */
    public static NodeServer start(NodeConfig config) {
        EventLoopGroup boss = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        EventLoopGroup workers = new MultiThreadIoEventLoopGroup(2, NioIoHandler.newFactory());
        java.util.concurrent.ExecutorService setup = java.util.concurrent.Executors.newCachedThreadPool(r -> {
            Thread t = new Thread(r, "loopnest-node-setup");
            t.setDaemon(true);
            return t;
        });
        HandshakeQuota quota = new HandshakeQuota(config.maxUnauthenticated(), config.maxUnauthenticatedPerSource());
        AtomicInteger telling = new AtomicInteger();
        FirstCoordinator first = new FirstCoordinator();
        try {
            ServerBootstrap bootstrap = new ServerBootstrap().group(boss, workers)
                    .channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            InetAddress peer = ch.remoteAddress().getAddress();
                            String busy = quota.tryEnter(peer);
                            if (busy != null) {
                                turnAway(ch, config, quota, busy, telling);
                                return;
                            }
                            try {
                                pipeline(ch, config, setup, quota, peer, first);
                            } catch (RuntimeException e) {
                                quota.leave(peer); // no session to give the place back
                                throw e;
                            }
                        }
                    });
            Channel channel = bootstrap.bind(config.bindHost(), config.port()).syncUninterruptibly().channel();
            LOG.log(System.Logger.Level.INFO, "node listening on " + channel.localAddress() + " with device "
                    + config.device().info().name() + (config.tls() != null ? " (TLS)" : "")
                    + (config.dataDirs().isEmpty() ? "" : ", own I/O under " + config.dataDirs()));
            return new NodeServer(boss, workers, setup, channel, quota, first);
        } catch (Exception e) {
            // Exception, not RuntimeException: syncUninterruptibly() rethrows the bind's checked BindException
            boss.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            workers.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            setup.shutdownNow();
            throw new IllegalStateException("cannot listen on " + config.bindHost() + ":" + config.port() + ": " + e,
                    e);
        }
    }

    private static void pipeline(SocketChannel ch, NodeConfig config, java.util.concurrent.Executor setup,
                                 HandshakeQuota quota, InetAddress peer, FirstCoordinator first) {
        ChannelPipeline p = ch.pipeline();
        if (config.tls() != null) {
            p.addLast("tls", config.tls().newHandler(ch.alloc()));
        }
        // before the frame decoder, so that every byte of a large frame counts as activity
        p.addLast("idle", new IdleStateHandler(config.idleTimeout().toMillis(), 0, 0, TimeUnit.MILLISECONDS));
        addSession(p, config, setup, quota, peer, first);
    }

    /**
     * Adds one coordinator's session to {@code p}, after the transport's handlers (TLS, idle detection): frames cut
     * at {@value #HANDSHAKE_MAX_FRAME} bytes, decoded to handshake messages for the {@link NodeHandshakeHandler},
     * which on success lifts both to requests and full-size frames and leaves the {@link RequestDispatcher}.
     *
     * @param quota where the connection from {@code peer} already holds a place, given back by the handshake
     * @param first told when the coordinator has proven the secret
     */
    static void addSession(ChannelPipeline p, NodeConfig config, java.util.concurrent.Executor setup,
                           HandshakeQuota quota, InetAddress peer, FirstCoordinator first) {
        p.addLast(FRAMES, decoder(HANDSHAKE_MAX_FRAME));
        p.addLast("length", new LengthFieldPrepender(Wire.LENGTH_BYTES));
        p.addLast(REQUESTS, RequestDecoder.handshake());
        p.addLast("handshake", new NodeHandshakeHandler(config, quota, peer, first));
        p.addLast("dispatcher", new RequestDispatcher(config, setup));
    }

    /**
     * Tells a connection above a cap on unauthenticated ones why it is turned away and closes it; warns once per
     * episode of being full.
     */
    private static void turnAway(SocketChannel ch, NodeConfig config, HandshakeQuota quota, String reason,
                                 AtomicInteger telling) {
        System.Logger.Level level = quota.firstRefusal() ? System.Logger.Level.WARNING : System.Logger.Level.DEBUG;
        LOG.log(level, "node: turned away " + ch.remoteAddress() + ": " + reason + " (see NodeConfig."
                + "maxUnauthenticated, maxUnauthenticatedPerSource, handshakeTimeout)");
        ChannelPipeline p = ch.pipeline();
        if (config.tls() != null) {
            p.addLast("tls", config.tls().newHandler(ch.alloc()));
        }
        p.addLast("length", new LengthFieldPrepender(Wire.LENGTH_BYTES));
        p.addLast("turn-away", new TurnAway(reason, config.handshakeTimeout(), telling, config.maxUnauthenticated()));
    }

    /** Connections that have not authenticated yet (for tests and monitoring). */
    int unauthenticatedConnections() {
        return quota.waiting();
    }

    /** A frame decoder for frames of at most {@code maxFrame} bytes after the length prefix. */
    static LengthFieldBasedFrameDecoder decoder(int maxFrame) {
        return new LengthFieldBasedFrameDecoder(maxFrame, 0, Wire.LENGTH_BYTES, 0, Wire.LENGTH_BYTES);
    }

    /**
     * Completes with the remote address of the first coordinator that proves the secret on this node; never fails.
     * A connection that fails the handshake (a wrong secret) does not count. Lets a worker started for one
     * coordinator (a Slurm task) know that it has been found.
     *
     * <p><b>Threading:</b> completes on a connection's event loop: dependent actions that block belong on another
     * thread ({@code thenAcceptAsync}). Each call returns a new future, completing with the same address; completing
     * or cancelling it changes nothing here.
     *
     * @return completes with the first authenticated coordinator's address
     */
    public CompletableFuture<InetSocketAddress> firstCoordinatorJoined() {
        return first.joined().copy();
    }

    /**
     * Completes when the first authenticated coordinator's connection has closed, whatever the reason: its run ended
     * and it closed the device, it was killed, it was lost to missed heartbeats ({@link NodeConfig#idleTimeout()}),
     * or this server was closed. Never completes if no coordinator ever authenticates; never fails. Later
     * coordinators are served as before, and their coming and going does not complete it. Lets a Slurm worker exit
     * once its coordinator is done.
     *
     * <p><b>Threading:</b> as {@link #firstCoordinatorJoined()}; it completes after that one.
     *
     * @return completes once the first authenticated coordinator has gone
     */
    public CompletableFuture<Void> firstCoordinatorLeft() {
        return first.left().copy();
    }

    /** {@return the address the node listens on (the real port when 0 was asked for)} */
    public InetSocketAddress address() {
        return (InetSocketAddress) listening.localAddress();
    }

    /** Stops listening, closes every connection and waits (bounded) for the event loops to end. */
    @Override
    public void close() {
        listening.close().syncUninterruptibly();
        boss.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        workers.shutdownGracefully(0, 2, TimeUnit.SECONDS).syncUninterruptibly();
        setup.shutdownNow();
        try {
            setup.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
