package org.loopnest.cluster;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.device.Device;

/**
 * How a {@link NodeServer} runs.
 *
 * @param bindHost           the address to listen on; loopback ({@code 127.0.0.1}) unless told otherwise
 * @param port               the port, 0 for any free one
 * @param device             the local device that runs the chunks (owned by the caller)
 * @param secret             the secret shared with coordinators
 * @param tls                a server TLS context, or {@code null} for plain TCP
 * @param maxFrame           the largest frame accepted, in bytes; it also bounds one buffer (see {@link Wire})
 * @param idleTimeout        a connection on which no byte arrives this long is closed (coordinators ping more
 *                           often)
 * @param handshakeTimeout   a connection not authenticated this long after it opened is refused and closed
 * @param maxUnauthenticated the most connections still authenticating at once; a new one above it is told
 *                           {@code "node busy: …"} ({@link Wire#REFUSED}) and closed at once, with a warning in the
 *                           log, so that silent connections cannot exhaust the node
 * @param maxUnauthenticatedPerSource the most of those from one source (an IPv4 address, or an IPv6 /64 network):
 *                           a new one above it is turned away in the same way, so that one source cannot use up
 *                           {@code maxUnauthenticated} and keep coordinators from other addresses out; at or above
 *                           {@code maxUnauthenticated} it has no effect
 * @param dataDirs           the directories under which the node reads and writes a run's files itself when the
 *                           coordinator's run names them ({@code --data-dir}); {@link DataDirs#NONE}: it does no I/O
 *                           of its own and receives every chunk over its connection
 */
public record NodeConfig(String bindHost, int port, Device device, Secret secret, SslContext tls, int maxFrame,
                         Duration idleTimeout, Duration handshakeTimeout, int maxUnauthenticated,
                         int maxUnauthenticatedPerSource, DataDirs dataDirs) {
    /** The default {@link #handshakeTimeout()}: 10 s. */
    public static final Duration DEFAULT_HANDSHAKE_TIMEOUT = Duration.ofSeconds(10);
    /** The default {@link #maxUnauthenticated()}: 64. */
    public static final int DEFAULT_MAX_UNAUTHENTICATED = 64;
    /** The default {@link #maxUnauthenticatedPerSource()}: 8. */
    public static final int DEFAULT_MAX_UNAUTHENTICATED_PER_SOURCE = 8;

    /**
     * Loopback, no TLS, {@link Wire#DEFAULT_MAX_FRAME}, 30 s idle timeout, {@link #DEFAULT_HANDSHAKE_TIMEOUT},
     * {@link #DEFAULT_MAX_UNAUTHENTICATED}, {@link #DEFAULT_MAX_UNAUTHENTICATED_PER_SOURCE} and no data directories.
     *
     * @param port the port, 0 for any free one
     * @param device the local device that runs the chunks (owned by the caller)
     * @param secret the secret shared with coordinators
     * @return the configuration
     */
    public static NodeConfig loopback(int port, Device device, Secret secret) {
        return new NodeConfig("127.0.0.1", port, device, secret, null, Wire.DEFAULT_MAX_FRAME, Duration.ofSeconds(30));
    }

    /**
     * The settings given, with the default handshake timeout and caps on unauthenticated connections, and no data
     * directories.
     *
     * @param bindHost the address to listen on
     * @param port the port, 0 for any free one
     * @param device the local device that runs the chunks (owned by the caller)
     * @param secret the secret shared with coordinators
     * @param tls a server TLS context, or {@code null} for plain TCP
     * @param maxFrame the largest frame accepted, in bytes
     * @param idleTimeout how long a connection may stay silent before it is closed
     */
    public NodeConfig(String bindHost, int port, Device device, Secret secret, SslContext tls, int maxFrame,
                      Duration idleTimeout) {
        this(bindHost, port, device, secret, tls, maxFrame, idleTimeout, DEFAULT_HANDSHAKE_TIMEOUT,
                DEFAULT_MAX_UNAUTHENTICATED);
    }

    /**
     * The settings given, with the default cap on unauthenticated connections per source, and no data directories.
     *
     * @param bindHost the address to listen on
     * @param port the port, 0 for any free one
     * @param device the local device that runs the chunks (owned by the caller)
     * @param secret the secret shared with coordinators
     * @param tls a server TLS context, or {@code null} for plain TCP
     * @param maxFrame the largest frame accepted, in bytes
     * @param idleTimeout how long a connection may stay silent before it is closed
     * @param handshakeTimeout how long a connection may take to authenticate
     * @param maxUnauthenticated the most connections still authenticating at once
     */
    public NodeConfig(String bindHost, int port, Device device, Secret secret, SslContext tls, int maxFrame,
                      Duration idleTimeout, Duration handshakeTimeout, int maxUnauthenticated) {
        this(bindHost, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout, maxUnauthenticated,
                DEFAULT_MAX_UNAUTHENTICATED_PER_SOURCE);
    }

    /**
     * The settings given, with no data directories ({@link DataDirs#NONE}).
     *
     * @param bindHost the address to listen on
     * @param port the port, 0 for any free one
     * @param device the local device that runs the chunks (owned by the caller)
     * @param secret the secret shared with coordinators
     * @param tls a server TLS context, or {@code null} for plain TCP
     * @param maxFrame the largest frame accepted, in bytes
     * @param idleTimeout how long a connection may stay silent before it is closed
     * @param handshakeTimeout how long a connection may take to authenticate
     * @param maxUnauthenticated the most connections still authenticating at once
     * @param maxUnauthenticatedPerSource the most of those from one source
     */
    public NodeConfig(String bindHost, int port, Device device, Secret secret, SslContext tls, int maxFrame,
                      Duration idleTimeout, Duration handshakeTimeout, int maxUnauthenticated,
                      int maxUnauthenticatedPerSource) {
        this(bindHost, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout, maxUnauthenticated,
                maxUnauthenticatedPerSource, DataDirs.NONE);
    }

    /**
     * Checks every setting.
     *
     * @param bindHost the address to listen on
     * @param port the port, 0 for any free one
     * @param device the local device that runs the chunks (owned by the caller)
     * @param secret the secret shared with coordinators
     * @param tls a server TLS context, or {@code null} for plain TCP
     * @param maxFrame the largest frame accepted, in bytes
     * @param idleTimeout how long a connection may stay silent before it is closed
     * @param handshakeTimeout how long a connection may take to authenticate
     * @param maxUnauthenticated the most connections still authenticating at once
     * @param maxUnauthenticatedPerSource the most of those from one source
     * @param dataDirs the directories for the node's own I/O, {@link DataDirs#NONE} for none
     * @throws IllegalArgumentException naming the first setting out of range and what was expected
     */
    public NodeConfig {
        if (bindHost == null || bindHost.isBlank()) {
            throw new IllegalArgumentException("bind host is blank (expected: e.g. 127.0.0.1)");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port = " + port + " (expected: 0 to 65535)");
        }
        if (device == null || secret == null) {
            throw new IllegalArgumentException("device and secret are required");
        }
        if (maxFrame < 1024) {
            throw new IllegalArgumentException("max frame = " + maxFrame + " bytes (expected: >= 1024)");
        }
        requirePositive(idleTimeout, "idle timeout");
        requirePositive(handshakeTimeout, "handshake timeout");
        if (maxUnauthenticated < 1) {
            throw new IllegalArgumentException("max unauthenticated connections = " + maxUnauthenticated
                    + " (expected: > 0)");
        }
        if (maxUnauthenticatedPerSource < 1) {
            throw new IllegalArgumentException("max unauthenticated connections per source = "
                    + maxUnauthenticatedPerSource + " (expected: > 0)");
        }
        if (dataDirs == null) {
            throw new IllegalArgumentException("data dirs = null (expected: DataDirs.NONE for no I/O of its own)");
        }
    }

    private static void requirePositive(Duration value, String name) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: > 0)");
        }
    }

    /**
     * {@return the same with TLS from {@code context}}
     *
     * @param context a server TLS context
     */
    public NodeConfig withTls(SslContext context) {
        return new NodeConfig(bindHost, port, device, secret, context, maxFrame, idleTimeout, handshakeTimeout,
                maxUnauthenticated, maxUnauthenticatedPerSource, dataDirs);
    }

    /**
     * {@return the same listening on {@code host}}
     *
     * @param host the address to listen on
     */
    public NodeConfig withBindHost(String host) {
        return new NodeConfig(host, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout,
                maxUnauthenticated, maxUnauthenticatedPerSource, dataDirs);
    }

    /**
     * {@return the same with another idle timeout}
     *
     * @param timeout how long a connection may stay silent before it is closed
     */
    public NodeConfig withIdleTimeout(Duration timeout) {
        return new NodeConfig(bindHost, port, device, secret, tls, maxFrame, timeout, handshakeTimeout,
                maxUnauthenticated, maxUnauthenticatedPerSource, dataDirs);
    }

    /**
     * {@return the same with another handshake timeout}
     *
     * @param timeout how long a connection may take to authenticate
     */
    public NodeConfig withHandshakeTimeout(Duration timeout) {
        return new NodeConfig(bindHost, port, device, secret, tls, maxFrame, idleTimeout, timeout,
                maxUnauthenticated, maxUnauthenticatedPerSource, dataDirs);
    }

    /**
     * {@return the same with another cap on connections still authenticating}
     *
     * @param connections the most connections still authenticating at once
     */
    public NodeConfig withMaxUnauthenticated(int connections) {
        return new NodeConfig(bindHost, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout,
                connections, maxUnauthenticatedPerSource, dataDirs);
    }

    /**
     * {@return the same with another cap on connections still authenticating from one source}
     *
     * @param connections the most connections still authenticating at once from one source
     */
    public NodeConfig withMaxUnauthenticatedPerSource(int connections) {
        return new NodeConfig(bindHost, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout,
                maxUnauthenticated, connections, dataDirs);
    }

    /**
     * {@return the same with other directories for the node's own I/O}
     *
     * @param dirs the directories under which the node reads and writes a run's files itself, {@link DataDirs#NONE}
     *     for none
     * @throws IllegalArgumentException if {@code dirs} is {@code null}
     */
    public NodeConfig withDataDirs(DataDirs dirs) {
        return new NodeConfig(bindHost, port, device, secret, tls, maxFrame, idleTimeout, handshakeTimeout,
                maxUnauthenticated, maxUnauthenticatedPerSource, dirs);
    }
}
