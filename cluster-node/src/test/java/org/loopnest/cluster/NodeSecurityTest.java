package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.RawNodeClient.Challenge;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** A node refuses whoever has not proven the shared secret, runs nothing for them, and keeps serving coordinators. */
class NodeSecurityTest {
    static final byte[] SECRET_BYTES = "correct horse battery staple".getBytes(StandardCharsets.UTF_8);
    static final Secret SECRET = Secret.of(SECRET_BYTES);
    static final byte[] WRONG_BYTES = "correct horse battery stapler".getBytes(StandardCharsets.UTF_8);
    private static final Logger SESSION_LOG = Logger.getLogger(NodeHandshakeHandler.class.getName());

    private final CapturedLog capture = new CapturedLog();
    private SimDevice sim;
    private NodeServer node;

    @BeforeEach
    void startNode() {
        SESSION_LOG.addHandler(capture);
        sim = new SimDevice(SimConfig.builder().threads(1).build());
        node = NodeServer.start(NodeConfig.loopback(0, sim, SECRET));
    }

    @AfterEach
    void stopNode() {
        node.close();
        sim.close();
        SESSION_LOG.removeHandler(capture);
    }

    @Test
    void shouldRefuseACoordinatorWithAnotherSecretBecauseTheNodeCannotProveIt() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Cluster.connect(
                List.of(Cluster.address("127.0.0.1:" + node.address().getPort())), Secret.of(WRONG_BYTES)));
        assertTrue(e.getMessage().contains("did not prove it knows the secret"), e.getMessage());
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseAnAuthWithAWrongProof() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            byte[] cn = RawNodeClient.nonce(1);
            Frame challenge = raw.hello(Wire.MAGIC, Wire.VERSION, cn);
            assertEquals(Wire.CHALLENGE, challenge.type());
            Challenge c = Challenge.of(challenge);
            assertEquals(Wire.VERSION, c.version());
            assertArrayEquals(RawNodeClient.nodeProof(SECRET_BYTES, cn, c.serverNonce()), c.nodeProof(),
                    "the node's proof follows the documented HMAC");
            Frame reply = raw.auth(RawNodeClient.coordinatorProof(WRONG_BYTES, c.serverNonce(), cn));
            assertRefused(raw, reply, "authentication failed (wrong secret or replayed handshake)");
        }
        assertEquals(0, sim.usedBytes());
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseAReplayedAuthBecauseTheServerNonceIsNew() throws IOException {
        byte[] cn = RawNodeClient.nonce(2);
        byte[] recordedProof;
        byte[] firstServerNonce;
        try (RawNodeClient first = RawNodeClient.connect(node)) {
            Challenge c = Challenge.of(first.hello(Wire.MAGIC, Wire.VERSION, cn));
            firstServerNonce = c.serverNonce();
            recordedProof = RawNodeClient.coordinatorProof(SECRET_BYTES, firstServerNonce, cn);
            assertEquals(Wire.READY, first.auth(recordedProof).type(), "the genuine handshake is accepted");
        }
        try (RawNodeClient replay = RawNodeClient.connect(node)) {
            Challenge c = Challenge.of(replay.hello(Wire.MAGIC, Wire.VERSION, cn));
            assertFalse(Arrays.equals(firstServerNonce, c.serverNonce()), "server nonce reused");
            assertRefused(replay, replay.auth(recordedProof), "authentication failed");
        }
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseAnUnknownProtocolVersion() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            assertRefused(raw, raw.hello(Wire.MAGIC, Wire.VERSION + 1, RawNodeClient.nonce(3)),
                    "unknown protocol version " + (Wire.VERSION + 1) + " (this node speaks " + Wire.VERSION + ")");
        }
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseAHelloWithoutTheMagic() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            assertRefused(raw, raw.hello(0x47455420, Wire.VERSION, RawNodeClient.nonce(4)),
                    "not a LoopNest coordinator (magic 47455420)");
        }
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseARequestBeforeHelloAndAllocateNothing() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.send(Wire.ALLOC, 7, ByteBuffer.allocate(8).putLong(1024).array());
            assertRefused(raw, raw.read(), "expected a HELLO frame first (got type " + Wire.ALLOC + ")");
        }
        assertEquals(0, sim.usedBytes(), "bytes allocated for an unauthenticated client");
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseARequestBetweenHelloAndAuthAndOpenNothing() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            assertEquals(Wire.CHALLENGE, raw.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(5)).type());
            raw.send(Wire.OPEN_RUN, 8, new byte[64]);
            assertRefused(raw, raw.read(), "expected an AUTH frame (got type " + Wire.OPEN_RUN + ")");
        }
        assertEquals(0, sim.usedBytes());
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldRefuseAFrameShorterThanAHeader() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.sendRaw(new byte[] {0, 0, 0, 3, Wire.HELLO, 0, 0});
            assertRefused(raw, raw.read(), "frame of 3 bytes is shorter than a header");
        }
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldCloseAConnectionWhoseFrameExceedsTheMaxFrame() throws IOException {
        try (SimDevice small = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer limited = NodeServer.start(new NodeConfig("127.0.0.1", 0, small, SECRET, null, 4096,
                     Duration.ofSeconds(30)))) {
            try (RawNodeClient before = RawNodeClient.connect(limited)) {
                before.sendRaw(ByteBuffer.allocate(13).putInt(1 << 20).put(Wire.HELLO).putLong(0).array());
                assertTrue(before.closedByNode(), "oversized frame before the handshake left the connection open");
            }
            try (RawNodeClient after = RawNodeClient.connect(limited)) {
                assertEquals(Wire.READY, after.authenticate(SECRET_BYTES, RawNodeClient.nonce(6)).type());
                after.sendRaw(ByteBuffer.allocate(13).putInt(4096).put(Wire.COPY_IN).putLong(1).array());
                assertTrue(after.closedByNode(), "oversized frame after the handshake left the connection open");
            }
            assertEquals(0, small.usedBytes());
            assertServesACorrectCoordinator(limited);
        }
    }

    @Test
    void shouldAnswerARequestPipelinedBehindAuthOnlyAfterReady() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            byte[] cn = RawNodeClient.nonce(7);
            Challenge c = Challenge.of(raw.hello(Wire.MAGIC, Wire.VERSION, cn));
            byte[] proof = RawNodeClient.coordinatorProof(SECRET_BYTES, c.serverNonce(), cn);
            ByteBuffer authThenPing = ByteBuffer.allocate(2 * (Wire.LENGTH_BYTES + Wire.HEADER_BYTES) + proof.length)
                    .putInt(Wire.HEADER_BYTES + proof.length).put(Wire.AUTH).putLong(0).put(proof)
                    .putInt(Wire.HEADER_BYTES).put(Wire.PING).putLong(77);
            raw.sendRaw(authThenPing.array());
            assertEquals(Wire.READY, raw.read().type(), "the first reply to AUTH is READY");
            Frame pong = raw.read();
            assertEquals(Wire.PONG, pong.type());
            assertEquals(77, pong.id());
        }
    }

    @Test
    void shouldRefuseAnAllocationLargerThanOneCopyInFrameCarriesAndKeepServing() throws IOException {
        int maxFrame = 4096;
        try (SimDevice small = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer limited = NodeServer.start(new NodeConfig("127.0.0.1", 0, small, SECRET, null, maxFrame,
                     Duration.ofSeconds(30)));
             RawNodeClient raw = RawNodeClient.connect(limited)) {
            assertEquals(Wire.READY, raw.authenticate(SECRET_BYTES, RawNodeClient.nonce(8)).type());
            int largest = maxFrame - Wire.COPY_IN_HEADER_BYTES;
            raw.send(Wire.ALLOC, 1, ByteBuffer.allocate(8).putLong(largest + 1).array());
            Frame refused = raw.read();
            assertEquals(Wire.ERROR, refused.type());
            assertTrue(refused.string().endsWith("ALLOC of " + (largest + 1) + " bytes (expected: at most " + largest
                    + ", what one COPY_IN frame of at most " + maxFrame + " bytes carries)"), refused.string());
            assertEquals(0, small.usedBytes());
            raw.send(Wire.ALLOC, 2, ByteBuffer.allocate(8).putLong(largest).array());
            assertEquals(Wire.HANDLE, raw.read().type(), "the largest buffer one frame carries is allocated");
        }
    }

    @Test
    void shouldNeverAskANodeForMoreThanItsAllocationCap() {
        int maxFrame = 4096;
        try (SimDevice small = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer limited = NodeServer.start(new NodeConfig("127.0.0.1", 0, small, SECRET, null, maxFrame,
                     Duration.ofSeconds(30)));
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:"
                     + limited.address().getPort())), SECRET).get(0)) {
            long largest = remote.info().maxAllocationBytes();
            assertTrue(largest <= maxFrame - Wire.COPY_IN_HEADER_BYTES, "coordinator's largest buffer " + largest);
            remote.allocate(largest).close();
        }
    }

    @Test
    void shouldCloseAnUnauthenticatedPeerThatSendsMoreThanAHandshakeFrame() throws IOException {
        try (RawNodeClient raw = RawNodeClient.connect(node)) {
            raw.sendRaw(ByteBuffer.allocate(13).putInt(NodeServer.HANDSHAKE_MAX_FRAME + 1).put(Wire.HELLO)
                    .putLong(0).array());
            assertTrue(raw.closedByNode(), "a large frame before authentication left the connection open");
        }
        assertEquals(0, sim.usedBytes());
        assertServesACorrectCoordinator(node);
    }

    @Test
    void shouldKeepServingAfterGarbageFromManyConnections() throws IOException {
        Random random = new Random(20240611L);
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        int connections = 0;
        for (int k = 0; k < 50 && System.nanoTime() < deadline; k++, connections++) {
            boolean wholeFrame = k % 2 == 1;
            int payload = random.nextInt(wholeFrame ? NodeServer.HANDSHAKE_MAX_FRAME - Wire.HEADER_BYTES : 4096);
            byte[] junk = new byte[Wire.LENGTH_BYTES + Wire.HEADER_BYTES + payload];
            random.nextBytes(junk);
            if (wholeFrame) {
                ByteBuffer.wrap(junk).putInt(junk.length - Wire.LENGTH_BYTES);
                if (junk[Wire.LENGTH_BYTES] == Wire.HELLO) {
                    junk[Wire.LENGTH_BYTES] = Wire.LAUNCH;
                }
            }
            try (RawNodeClient raw = RawNodeClient.connect(node)) {
                raw.sendRaw(junk);
                if (wholeFrame) {
                    Frame reply = raw.read();
                    assertEquals(Wire.REFUSED, reply.type(), "garbage frame " + k + " not refused");
                    assertTrue(raw.closedByNode(), "garbage frame " + k + " left the connection open");
                }
            } catch (SocketException hungUp) {
                assertFalse(wholeFrame, "whole frame " + k + ": " + hungUp);
            }
        }
        assertTrue(connections >= 10, "only " + connections + " garbage connections in 5 s");
        assertEquals(0, sim.usedBytes());
        // the node notices the garbage connections' ends asynchronously; until then they count against the cap of
        // unauthenticated connections from 127.0.0.1, which the coordinator below shares
        awaitNoUnauthenticatedConnections(node, Duration.ofSeconds(10));
        assertServesACorrectCoordinator(node);
    }

    /** Waits until {@code server} holds no connection that has not authenticated, or fails after {@code limit}. */
    private static void awaitNoUnauthenticatedConnections(NodeServer server, Duration limit) {
        long deadline = System.nanoTime() + limit.toNanos();
        while (server.unauthenticatedConnections() > 0) {
            assertTrue(System.nanoTime() < deadline, server.unauthenticatedConnections() + " connections still "
                    + "unauthenticated after " + limit);
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000);
        }
    }

    /** The node sent REFUSED with {@code reason}, then closed, and logged exactly one line for it. */
    private void assertRefused(RawNodeClient raw, Frame reply, String reason) throws IOException {
        assertEquals(Wire.REFUSED, reply.type(), "expected REFUSED, got type " + reply.type());
        assertTrue(reply.string().startsWith(reason), reply.string());
        assertTrue(raw.closedByNode(), "the node kept the connection open after REFUSED");
        String prefix = "node: refused " + raw.localAddress() + ": ";
        List<String> lines = capture.records().stream().map(LogRecord::getMessage).filter(m -> m.startsWith(prefix)).toList();
        assertEquals(List.of(prefix + reply.string()), lines);
    }

    /** A coordinator with the right secret runs the affine nest on {@code server} and gets the CPU's outputs. */
    static void assertServesACorrectCoordinator(NodeServer server) {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 1);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 2);
        float[] b = new float[a.length];
        List<RemoteDevice> nodes = Cluster.connect(List.of(Cluster.address("127.0.0.1:"
                + server.address().getPort())), SECRET);
        try (RemoteDevice remote = nodes.get(0)) {
            NodeRoundTripTest.affine(a, c, b).splitAt(1).on(remote).run();
        }
        assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
    }
}
