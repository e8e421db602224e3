package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * Connections that do not authenticate cannot hold a node: each is closed after the handshake timeout, and above
 * the cap new ones are turned away at once (with one warning per flood), while authenticated coordinators are served.
 */
class HandshakeLimitsTest {
    private static final Duration SHORT_HANDSHAKE = Duration.ofMillis(200);
    private static final Logger SERVER_LOG = Logger.getLogger(NodeServer.class.getName());

    private final CapturedLog capture = new CapturedLog();
    private SimDevice sim;

    @BeforeEach
    void captureLog() {
        SERVER_LOG.addHandler(capture);
        sim = new SimDevice(SimConfig.builder().threads(1).build());
    }

    @AfterEach
    void stopCapturing() {
        sim.close();
        SERVER_LOG.removeHandler(capture);
    }

    @Test
    void shouldCloseAConnectionThatSendsNothingWithinTheHandshakeTimeout() throws IOException {
        try (NodeServer node = NodeServer.start(config().withHandshakeTimeout(SHORT_HANDSHAKE));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            assertRefusedForTime(raw);
            NodeSecurityTest.assertServesACorrectCoordinator(node);
        }
    }

    @Test
    void shouldCloseAConnectionThatStopsAfterHello() throws IOException {
        try (NodeServer node = NodeServer.start(config().withHandshakeTimeout(SHORT_HANDSHAKE));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            assertEquals(Wire.CHALLENGE, raw.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(1)).type());
            assertRefusedForTime(raw);
        }
    }

    @Test
    void shouldKeepAnAuthenticatedConnectionPastTheHandshakeTimeout() throws IOException {
        try (NodeServer node = NodeServer.start(config().withHandshakeTimeout(SHORT_HANDSHAKE));
             RawNodeClient raw = RawNodeClient.connect(node)) {
            assertEquals(Wire.READY, raw.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(2)).type());
            long deadline = System.nanoTime() + SHORT_HANDSHAKE.multipliedBy(3).toNanos();
            for (long id = 1; System.nanoTime() < deadline; id++) {
                raw.send(Wire.PING, id, new byte[0]);
                Frame pong = raw.read();
                assertEquals(Wire.PONG, pong.type());
                assertEquals(id, pong.id());
            }
        }
    }

    @Test
    void shouldTurnAwayConnectionsAboveTheCapWithOneWarningAndServeOnceTheyClose() throws IOException {
        try (NodeServer node = NodeServer.start(config().withMaxUnauthenticated(2))) {
            try (RawNodeClient first = RawNodeClient.connect(node);
                 RawNodeClient second = RawNodeClient.connect(node)) {
                assertEquals(Wire.CHALLENGE, first.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(3)).type());
                assertEquals(Wire.CHALLENGE, second.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(4)).type());
                for (int k = 0; k < 2; k++) {
                    try (RawNodeClient third = RawNodeClient.connect(node)) {
                        assertTrue(third.closedByNode(), "connection " + k + " above the cap left open");
                    }
                }
            }
            List<String> warnings = capture.records().stream().filter(r -> r.getLevel() == Level.WARNING)
                    .map(LogRecord::getMessage).filter(m -> m.startsWith("node: turned away ")).toList();
            assertEquals(1, warnings.size(), warnings.toString());
            assertTrue(warnings.get(0).endsWith(": node busy: too many unauthenticated connections (2 at most; try "
                    + "again later) (see NodeConfig.maxUnauthenticated, maxUnauthenticatedPerSource, "
                    + "handshakeTimeout)"), warnings.get(0));
            awaitNoUnauthenticated(node);
            NodeSecurityTest.assertServesACorrectCoordinator(node);
        }
    }

    @Test
    void shouldNotCountAuthenticatedConnectionsAgainstTheCap() throws IOException {
        try (NodeServer node = NodeServer.start(config().withMaxUnauthenticated(1));
             RawNodeClient first = RawNodeClient.connect(node)) {
            assertEquals(Wire.READY, first.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(5)).type());
            try (RawNodeClient second = RawNodeClient.connect(node)) {
                assertEquals(Wire.READY, second.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(6))
                        .type());
            }
        }
    }

    @Test
    void shouldRefuseANonPositiveHandshakeTimeoutNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config().withHandshakeTimeout(Duration.ZERO));
        assertEquals("handshake timeout = PT0S (expected: > 0)", e.getMessage());
    }

    @Test
    void shouldRefuseANonPositiveCapNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config().withMaxUnauthenticated(0));
        assertEquals("max unauthenticated connections = 0 (expected: > 0)", e.getMessage());
    }

    @Test
    void shouldDefaultToATenSecondHandshakeAndSixtyFourUnauthenticatedConnections() {
        assertEquals(Duration.ofSeconds(10), config().handshakeTimeout());
        assertEquals(64, config().maxUnauthenticated());
    }

    private NodeConfig config() {
        return NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET);
    }

    /** The node refused {@code raw} for taking too long, then closed the connection. */
    private static void assertRefusedForTime(RawNodeClient raw) throws IOException {
        Frame reply = raw.read();
        assertEquals(Wire.REFUSED, reply.type());
        assertEquals("no handshake within " + SHORT_HANDSHAKE.toMillis() + " ms", reply.string());
        assertTrue(raw.closedByNode(), "the node kept an unauthenticated connection past its handshake timeout");
    }

    /** Waits (at most 5 s) until the node has seen the unauthenticated connections close. */
    private static void awaitNoUnauthenticated(NodeServer node) {
        awaitUnauthenticated(node, 0);
    }

    /** Waits (at most 5 s) until the node counts {@code count} connections as authenticating. */
    static void awaitUnauthenticated(NodeServer node, int count) {
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (node.unauthenticatedConnections() != count && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertEquals(count, node.unauthenticatedConnections(), "connections counted as authenticating");
    }
}
