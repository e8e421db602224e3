package org.loopnest.cluster;

import io.netty.handler.ssl.SslContext;
import java.time.Duration;
import org.loopnest.device.Device;

/**
 * How a {@link NodeServer} runs.
 *
 * @param bindHost    the address to listen on; loopback ({@code 127.0.0.1}) unless told otherwise
 * @param port        the port, 0 for any free one
 * @param device      the local device that runs the chunks (owned by the caller)
 * @param secret      the secret shared with coordinators
 * @param tls         a server TLS context, or {@code null} for plain TCP
 * @param maxFrame    the largest frame accepted, in bytes
 * @param idleTimeout a connection silent this long is closed (coordinators ping more often)
 */
public record NodeConfig(String bindHost, int port, Device device, Secret secret, SslContext tls, int maxFrame,
                         Duration idleTimeout) {
    /** Loopback, no TLS, {@link Wire#DEFAULT_MAX_FRAME}, 30 s idle timeout. */
    public static NodeConfig loopback(int port, Device device, Secret secret) {
        return new NodeConfig("127.0.0.1", port, device, secret, null, Wire.DEFAULT_MAX_FRAME, Duration.ofSeconds(30));
    }

    /** Checks every setting. */
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
        if (idleTimeout == null || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("idle timeout = " + idleTimeout + " (expected: > 0)");
        }
    }

    /** The same with TLS from {@code context}. */
    public NodeConfig withTls(SslContext context) {
        return new NodeConfig(bindHost, port, device, secret, context, maxFrame, idleTimeout);
    }

    /** The same listening on {@code host}. */
    public NodeConfig withBindHost(String host) {
        return new NodeConfig(host, port, device, secret, tls, maxFrame, idleTimeout);
    }
}
