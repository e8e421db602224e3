package org.loopnest.cluster;

import io.netty.channel.EventLoopGroup;
import io.netty.handler.ssl.SslContext;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiConsumer;

/**
 * Connects a coordinator to worker nodes: {@code Cluster.connect(List.of(URI.create("tcp://127.0.0.1:4567")),
 * secret)} returns one {@link RemoteDevice} per node, authenticated, to pass to {@code LoopNest.on(...)}; {@link
 * #openAvailable} waits for nodes that are still starting and goes on with those that answered. Immutable; its
 * methods may be called from any thread, each call making connections of its own.
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
    /** Beyond the connect and handshake timeouts, how long {@link #open} waits for an attempt: bounds a bug only. */
    private static final long GRACE_MILLIS = 10_000;

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
     * Connects to every node, one after another, once each, and authenticates; on any failure closes the
     * connections made so far. Every address is checked before the first connection.
     *
     * @param nodes {@code tcp://host:port} (or {@code host:port}) of each node
     * @param secret the secret shared with the nodes
     * @return one device per node, in order, named {@code node:HOST:PORT}, which the caller closes
     * @throws IllegalArgumentException for no nodes, or an address without host or port
     * @throws IllegalStateException if a node cannot be reached, refuses (its reason), or fails to prove the secret
     */
    public List<RemoteDevice> open(List<URI> nodes, Secret secret) {
        if (nodes == null || nodes.isEmpty()) {
            throw new IllegalArgumentException("nodes: none given (expected: at least one tcp://host:port)");
        }
        List<NodeAddress> addresses = nodes.stream().map(NodeAddress::of).toList();
        List<RemoteDevice> devices = new ArrayList<>();
        try {
            for (NodeAddress node : addresses) {
                devices.add(connectOne(node, secret));
            }
            return devices;
        } catch (RuntimeException e) {
            devices.forEach(RemoteDevice::close);
            throw e;
        }
    }

    /**
     * Connects to the nodes that answer within {@code wait}, for nodes that may still be starting (the workers of a
     * Slurm step): every node is tried at once, and one not reached yet (connection refused, no route, connect
     * timeout, unknown host, connection reset or closed before the handshake ended, turned away as {@code "node
     * busy"}) is tried again after a short backoff (50 ms, doubling up to 1 s) until {@code wait} has passed since
     * the call. One attempt's connect may take {@link #requestTimeout()}, but no longer than what is left of {@code
     * wait} (at least 100 ms); its handshake may take {@link #requestTimeout()}, but is closed once {@code wait} is
     * over ({@link #openAvailableOrLate} lets it finish). Returns as soon as every node has answered, or once {@code
     * wait} is over if at least one has: the others are then in {@link Connections#unreachable()} with the last reason
     * seen, and every attempt still under way is closed.
     *
     * <p><b>Threading:</b> blocks the caller; each node is tried on its own event loop, which becomes its device's.
     * <b>Ownership:</b> the caller closes the devices returned; nothing else is left running (the event loops of
     * nodes not connected have ended when this returns). <b>Failure:</b> a node that answers but fails the
     * handshake (it did not prove the secret, refused the coordinator for another reason than being busy, broke the
     * protocol) fails the whole call at once, after the connections made so far are closed.
     *
     * @param nodes  the nodes, each with the name its device takes
     * @param secret the secret shared with the nodes
     * @param wait   how long to keep trying nodes not reached yet, counted from the call
     * @return the devices of the nodes that answered, in the order given, and the nodes that did not
     * @throws IllegalArgumentException naming {@code nodes}, {@code secret} or {@code wait} when missing, empty (or
     *                                  holding {@code null}), or not positive, before any connection is tried
     * @throws NodesUnreachableException if no node answered within {@code wait} (each node's name and last reason:
     *                                  {@code no node answered within 30 s (expected: at least one running 'loopnest
     *                                  node'): node:a:1: Connection refused: ...; ...}), if a node failed the
     *                                  handshake (its message), or if the caller was interrupted
     */
    public Connections openAvailable(List<NodeAddress> nodes, Secret secret, Duration wait) {
        return openAvailable(nodes, secret, wait, (node, reason) -> {
        }, false);
    }

    /**
     * {@link #openAvailable(List, Secret, Duration)} for a caller that lets nodes join the run late ({@code
     * Execution.join}): a node whose connection was accepted and whose handshake is still under way when {@code
     * wait} is over is not closed — so that a node answering a moment after the deadline is not told "joined" and
     * then "left" — but finishes its handshake in the background, bounded by {@link #requestTimeout()}; it is in
     * {@link Connections#unreachable()} (reason {@code "connected, still in the handshake when the wait was over"}),
     * whose {@link Unreachable#late()} completes with its device. When no node answered in time, the call waits for
     * those finishing their handshake instead of failing, and returns those that end in a device; one that does not
     * is named with why its handshake ended ({@code "connected before the wait was over, then no handshake reply in
     * 120 s"}). A call that ends before {@code wait} is over (interrupted, or a node failed the handshake) closes the
     * handshakes under way instead.
     *
     * <p><b>Ownership:</b> the caller closes the devices returned and every device an {@link Unreachable#late()}
     * completes with, whether it runs on it or not (a device left open keeps its node serving and its event loop
     * thread running). Otherwise as {@link #openAvailable(List, Secret, Duration)}.
     *
     * @param nodes  the nodes, each with the name its device takes
     * @param secret the secret shared with the nodes
     * @param wait   how long to keep trying nodes not reached yet, counted from the call
     * @return the devices of the nodes that answered, in the order given, and the nodes that did not, those still in
     *     the handshake with their device to come
     * @throws IllegalArgumentException as {@link #openAvailable(List, Secret, Duration)}
     * @throws NodesUnreachableException as {@link #openAvailable(List, Secret, Duration)}, once the handshakes under
     *                                  way at the end of the wait have ended without a device
     */
    public Connections openAvailableOrLate(List<NodeAddress> nodes, Secret secret, Duration wait) {
        return openAvailable(nodes, secret, wait, (node, reason) -> {
        }, true);
    }

    /**
     * {@link #openAvailable(List, Secret, Duration)}, telling {@code onRetry} (on the node's event loop) of every
     * attempt that failed as not reached, with its reason: the hook tests start a late node with.
     */
    Connections openAvailable(List<NodeAddress> nodes, Secret secret, Duration wait,
                              BiConsumer<NodeAddress, String> onRetry) {
        return openAvailable(nodes, secret, wait, onRetry, false);
    }

    /**
     * {@link #openAvailable(List, Secret, Duration, BiConsumer)}, letting the handshakes under way at the end of the
     * wait finish when {@code finishHandshakes} ({@link #openAvailableOrLate}).
     */
    Connections openAvailable(List<NodeAddress> nodes, Secret secret, Duration wait,
                              BiConsumer<NodeAddress, String> onRetry, boolean finishHandshakes) {
        if (nodes == null || nodes.isEmpty()) {
            throw new IllegalArgumentException("nodes: " + (nodes == null ? "null" : "none given")
                    + " (expected: at least one node)");
        }
        for (int k = 0; k < nodes.size(); k++) {
            if (nodes.get(k) == null) {
                throw new IllegalArgumentException("nodes[" + k + "]: null (expected: a node address)");
            }
        }
        if (secret == null) {
            throw new IllegalArgumentException("secret: null (expected: the secret shared with the nodes)");
        }
        if (wait == null || wait.isNegative() || wait.isZero()) {
            throw new IllegalArgumentException("wait: " + wait + " (expected: a positive duration, e.g. 30 s)");
        }
        return AvailableNodes.open(this, List.copyOf(nodes), secret, wait, onRetry, finishHandshakes);
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

    /** One attempt at {@code node}, waited for; bounded by the attempt's connect and handshake timeouts. */
    private RemoteDevice connectOne(NodeAddress node, Secret secret) {
        EventLoopGroup group = AvailableNodes.group(node);
        NodeAttempt attempt = new NodeAttempt(this, node, secret, group);
        try {
            return attempt.start(requestTimeout, requestTimeout)
                    .get(Math.min(requestTimeout.toMillis(), Long.MAX_VALUE / 4) * 2 + GRACE_MILLIS,
                            TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            shutDown(group);
            throw new IllegalStateException(e.getCause().getMessage(), e.getCause());
        } catch (TimeoutException e) {
            attempt.cancel();
            shutDown(group);
            throw new IllegalStateException("node " + node.name() + ": no handshake reply in "
                    + requestTimeout.toSeconds() + " s");
        } catch (InterruptedException e) {
            attempt.cancel();
            shutDown(group);
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted connecting to " + node.name(), e);
        }
    }

    private static void shutDown(EventLoopGroup group) {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
