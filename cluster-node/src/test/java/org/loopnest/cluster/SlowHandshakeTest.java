package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A node slow to answer the handshake (busy, or a cold JVM) is waited for up to the request timeout: the
 * heartbeat silence limit starts counting only once the node is authenticated.
 */
class SlowHandshakeTest {
    private static final Duration HEARTBEAT = Duration.ofMillis(10);
    private static final int SILENCE_MS = (int) HEARTBEAT.toMillis() * Cluster.MISSED_HEARTBEATS;
    private static final int SLOW_MS = SILENCE_MS * 6;

    @Test
    void shouldWaitForAHandshakeSlowerThanTheHeartbeatSilenceLimit() throws IOException {
        try (FakeNode slow = FakeNode.start("a node that answers slowly", (byte) 0, SLOW_MS)) {
            List<RemoteDevice> nodes = Cluster.defaults().withHeartbeat(HEARTBEAT)
                    .open(List.of(Cluster.address(slow.address())), NodeRoundTripTest.SECRET);
            try {
                assertEquals(1, nodes.size());
                assertEquals("node:" + slow.address(), nodes.get(0).info().name());
                assertTrue(nodes.get(0).info().description().contains("a node that answers slowly"),
                        nodes.get(0).info().description());
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
            assertFalse(slow.hungUpDuringHandshake(), "the coordinator hung up while the node was still answering");
        }
    }
}
