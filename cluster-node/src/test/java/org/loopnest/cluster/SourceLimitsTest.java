package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * Idle connections from one source cannot keep coordinators from other addresses out of a node: each source may
 * hold only a few of the places for connections still authenticating, and a connection turned away is told why.
 */
class SourceLimitsTest {
    private static final String FLOODER = "127.0.0.2";
    private static final int FLOOD = 70;

    private SimDevice sim;

    @BeforeEach
    void device() {
        sim = new SimDevice(SimConfig.builder().threads(1).build());
    }

    @AfterEach
    void close() {
        sim.close();
    }

    @Test
    void shouldServeACoordinatorFromAnotherAddressWhileOneSourceHoldsMoreIdleConnectionsThanTheNodeAdmits()
            throws IOException {
        List<RawNodeClient> flood = new ArrayList<>();
        try (NodeServer node = NodeServer.start(config())) {
            int challenged = 0;
            for (int k = 0; k < FLOOD; k++) {
                RawNodeClient raw = RawNodeClient.connectFrom(FLOODER, node);
                flood.add(raw);
                Frame reply = helloOrNull(raw, k);
                if (reply != null && reply.type() == Wire.CHALLENGE) {
                    challenged++;
                } else if (reply != null) {
                    assertEquals(Wire.REFUSED, reply.type(), "connection " + k);
                    assertEquals("node busy: too many unauthenticated connections from " + FLOODER + " (8 at most "
                            + "per source; try again later)", reply.string());
                }
            }
            assertEquals(NodeConfig.DEFAULT_MAX_UNAUTHENTICATED_PER_SOURCE, challenged, "connections admitted");
            HandshakeLimitsTest.awaitUnauthenticated(node, NodeConfig.DEFAULT_MAX_UNAUTHENTICATED_PER_SOURCE);
            NodeSecurityTest.assertServesACorrectCoordinator(node);
        } finally {
            for (RawNodeClient raw : flood) {
                raw.close();
            }
        }
    }

    @Test
    void shouldTellACoordinatorWhoseSourceIsAtItsCapWhyItIsTurnedAway() throws IOException {
        try (NodeServer node = NodeServer.start(config().withMaxUnauthenticatedPerSource(2));
             RawNodeClient first = RawNodeClient.connect(node);
             RawNodeClient second = RawNodeClient.connect(node)) {
            HandshakeLimitsTest.awaitUnauthenticated(node, 2);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> connect(node));
            assertEquals("node node:127.0.0.1:" + node.address().getPort() + " refused: node busy: too many "
                    + "unauthenticated connections from 127.0.0.1 (2 at most per source; try again later)",
                    e.getMessage());
        }
    }

    @Test
    void shouldTellACoordinatorTurnedAwayByAFullNodeWhy() throws IOException {
        try (NodeServer node = NodeServer.start(config().withMaxUnauthenticated(2));
             RawNodeClient first = RawNodeClient.connectFrom("127.0.0.2", node);
             RawNodeClient second = RawNodeClient.connectFrom("127.0.0.3", node)) {
            HandshakeLimitsTest.awaitUnauthenticated(node, 2);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> connect(node));
            assertEquals("node node:127.0.0.1:" + node.address().getPort() + " refused: node busy: too many "
                    + "unauthenticated connections (2 at most; try again later)", e.getMessage());
        }
    }

    @Test
    void shouldRefuseANonPositiveCapPerSourceNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> config().withMaxUnauthenticatedPerSource(0));
        assertEquals("max unauthenticated connections per source = 0 (expected: > 0)", e.getMessage());
    }

    @Test
    void shouldDefaultToEightUnauthenticatedConnectionsPerSource() {
        assertEquals(8, config().maxUnauthenticatedPerSource());
    }

    private NodeConfig config() {
        return NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET);
    }

    private static void connect(NodeServer node) {
        Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())), NodeRoundTripTest.SECRET)
                .forEach(RemoteDevice::close);
    }

    /** The node's answer to a HELLO, or {@code null} if it closed the connection without one. */
    private static Frame helloOrNull(RawNodeClient raw, int seed) throws IOException {
        try {
            return raw.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(seed));
        } catch (EOFException | java.net.SocketException closed) {
            return null;
        }
    }
}
