package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.RawNodeClient.Challenge;
import org.loopnest.cluster.RawNodeClient.Frame;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * The handshake in an embedded pipeline: a proven coordinator gets READY and the handler steps aside; anything else
 * before that is refused with a reason, one log line and a closed connection, and gives its place back.
 */
class NodeHandshakeHandlerTest {
    private static final Logger LOG = Logger.getLogger(NodeHandshakeHandler.class.getName());
    private static final Duration HANDSHAKE = Duration.ofMillis(200);
    private static final int MAX_FRAME = 4096;

    private final CapturedLog capture = new CapturedLog();
    private SimDevice sim;
    private EmbeddedSession session;

    @BeforeEach
    void open() {
        LOG.addHandler(capture);
        sim = new SimDevice(SimConfig.builder().threads(1).build());
        session = new EmbeddedSession(new NodeConfig("127.0.0.1", 0, sim, NodeSecurityTest.SECRET, null, MAX_FRAME,
                Duration.ofSeconds(30)).withHandshakeTimeout(HANDSHAKE), 4);
    }

    @AfterEach
    void close() {
        session.close();
        sim.close();
        LOG.removeHandler(capture);
    }

    @Test
    void shouldChallengeAHelloWithTheDocumentedProof() {
        byte[] cn = RawNodeClient.nonce(1);
        Frame reply = session.hello(Wire.MAGIC, Wire.VERSION, cn);
        assertEquals(Wire.CHALLENGE, reply.type());
        Challenge c = Challenge.of(reply);
        assertEquals(Wire.VERSION, c.version());
        assertArrayEquals(RawNodeClient.nodeProof(NodeSecurityTest.SECRET_BYTES, cn, c.serverNonce()), c.nodeProof());
        assertEquals(1, session.quota.waiting(), "a place is held until the coordinator is proven");
    }

    @Test
    void shouldAnswerReadyGiveBackItsPlaceAndRemoveItselfOnceTheCoordinatorIsProven() {
        Frame ready = session.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(2));
        assertEquals(Wire.READY, ready.type());
        ByteBuffer payload = ByteBuffer.wrap(ready.payload());
        assertEquals(sim.info().name(), string(payload));
        assertEquals(0, session.quota.waiting());
        assertNull(session.channel.pipeline().get(NodeHandshakeHandler.class), "the handshake handler stayed");
        assertInstanceOf(RequestDispatcher.class, session.channel.pipeline().last());
        session.send(Wire.PING, 5, new byte[0]);
        assertEquals(new Reply(Wire.PONG, 5), Reply.of(session.read()));
    }

    @Test
    void shouldAcceptFramesUpToTheConfiguredSizeOnlyAfterAuthentication() {
        assertTrue(session.channel.pipeline().get(NodeServer.FRAMES) instanceof LengthFieldBasedFrameDecoder);
        session.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(3));
        String longName = "org.example." + "K".repeat(2 * NodeServer.HANDSHAKE_MAX_FRAME);
        session.send(Wire.OPEN_RUN, 6, OpenRunRefusalTest.openRun(longName));
        Frame error = session.read();
        assertEquals(new Reply(Wire.ERROR, 6), Reply.of(error), "a frame above the handshake's cap was read");
        assertTrue(error.string().contains("kernel class " + longName + " is not on this node's class path"),
                error.string());
        session.sendRaw(ByteBuffer.allocate(13).putInt(MAX_FRAME + 1).put(Wire.PING).putLong(7).array());
        assertFalse(session.channel.isOpen(), "a frame above the configured maximum left the connection open");
    }

    @Test
    void shouldAnswerARequestPipelinedBehindAuthOnlyAfterReady() {
        byte[] cn = RawNodeClient.nonce(4);
        Challenge c = Challenge.of(session.hello(Wire.MAGIC, Wire.VERSION, cn));
        byte[] proof = RawNodeClient.coordinatorProof(NodeSecurityTest.SECRET_BYTES, c.serverNonce(), cn);
        session.sendRaw(ByteBuffer.allocate(2 * (Wire.LENGTH_BYTES + Wire.HEADER_BYTES) + proof.length)
                .putInt(Wire.HEADER_BYTES + proof.length).put(Wire.AUTH).putLong(0).put(proof)
                .putInt(Wire.HEADER_BYTES).put(Wire.PING).putLong(77).array());
        assertEquals(Wire.READY, session.read().type());
        assertEquals(new Reply(Wire.PONG, 77), Reply.of(session.read()));
    }

    @Test
    void shouldRefuseARequestBeforeHelloAllocatingNothing() {
        session.send(Wire.ALLOC, 7, RequestDecoderTest.longs(1024));
        assertRefused("expected a HELLO frame first (got type " + Wire.ALLOC + ")");
        assertEquals(0, sim.usedBytes());
    }

    @Test
    void shouldRefuseAnUnknownFrameTypeBeforeHello() {
        session.send((byte) 99, 1, new byte[3]);
        assertRefused("expected a HELLO frame first (got type 99)");
    }

    @Test
    void shouldRefuseARequestBetweenHelloAndAuth() {
        session.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(5));
        session.send(Wire.OPEN_RUN, 8, OpenRunRefusalTest.openRun(AffineKernel.class.getName()));
        assertRefused("expected an AUTH frame (got type " + Wire.OPEN_RUN + ")");
    }

    @Test
    void shouldRefuseAWrongProof() {
        byte[] cn = RawNodeClient.nonce(6);
        Challenge c = Challenge.of(session.hello(Wire.MAGIC, Wire.VERSION, cn));
        session.send(Wire.AUTH, 0, RawNodeClient.coordinatorProof(NodeSecurityTest.WRONG_BYTES, c.serverNonce(), cn));
        assertRefused("authentication failed (wrong secret or replayed handshake)");
    }

    @Test
    void shouldRefuseAnotherMagicAndAnotherVersion() {
        session.send(Wire.HELLO, 0, ByteBuffer.allocate(Wire.HELLO_BYTES).putInt(0x47455420).putInt(Wire.VERSION)
                .put(RawNodeClient.nonce(7)).array());
        assertRefused("not a LoopNest coordinator (magic 47455420)");
        try (EmbeddedSession other = new EmbeddedSession(NodeConfig.loopback(0, sim, NodeSecurityTest.SECRET), 1)) {
            Frame reply = other.hello(Wire.MAGIC, Wire.VERSION + 1, RawNodeClient.nonce(8));
            assertEquals("unknown protocol version " + (Wire.VERSION + 1) + " (this node speaks " + Wire.VERSION + ")",
                    reply.string());
        }
    }

    @Test
    void shouldRefuseATruncatedHelloSayingWhatWasExpected() {
        session.send(Wire.HELLO, 0, new byte[10]);
        assertRefused("HELLO payload of 10 bytes (expected: at least 40)");
    }

    @Test
    void shouldRefuseAFrameShorterThanAHeader() {
        session.sendRaw(new byte[] {0, 0, 0, 3, Wire.HELLO, 0, 0});
        assertRefused("frame of 3 bytes is shorter than a header");
    }

    @Test
    void shouldCloseWithoutAReplyAFrameAboveTheHandshakeCap() {
        session.sendRaw(ByteBuffer.allocate(13).putInt(NodeServer.HANDSHAKE_MAX_FRAME + 1).put(Wire.HELLO).putLong(0)
                .array());
        assertFalse(session.channel.isOpen(), "an oversized frame before authentication left the connection open");
        assertTrue(session.silent());
        assertEquals(0, session.quota.waiting());
    }

    @Test
    void shouldRefuseAConnectionThatHasNotAuthenticatedWithinTheHandshakeTimeout() {
        session.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(9));
        session.channel.advanceTimeBy(HANDSHAKE.toNanos() - 1, TimeUnit.NANOSECONDS);
        session.channel.runScheduledPendingTasks();
        assertTrue(session.channel.isOpen(), "closed before the handshake timeout");
        session.channel.advanceTimeBy(1, TimeUnit.NANOSECONDS);
        session.channel.runScheduledPendingTasks();
        assertRefused("no handshake within 200 ms");
    }

    @Test
    void shouldKeepAnAuthenticatedConnectionPastTheHandshakeTimeout() {
        session.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(10));
        session.channel.advanceTimeBy(HANDSHAKE.multipliedBy(3).toNanos(), TimeUnit.NANOSECONDS);
        session.channel.runScheduledPendingTasks();
        assertTrue(session.channel.isOpen());
        assertTrue(session.silent());
    }

    @Test
    void shouldTellTheFirstCoordinatorWatchOnlyOnceTheCoordinatorIsProvenAndWhenItsConnectionCloses() {
        byte[] cn = RawNodeClient.nonce(11);
        Challenge c = Challenge.of(session.hello(Wire.MAGIC, Wire.VERSION, cn));
        assertFalse(session.first.joined().isDone(), "joined on HELLO, before AUTH");
        session.send(Wire.AUTH, 0, RawNodeClient.coordinatorProof(NodeSecurityTest.SECRET_BYTES, c.serverNonce(), cn));
        assertEquals(Wire.READY, session.read().type());
        assertTrue(session.first.joined().isDone(), "not joined once proven");
        assertNull(session.first.joined().join(), "an embedded channel has no socket address");
        assertFalse(session.first.left().isDone(), "left while the connection is open");
        session.channel.close();
        assertTrue(session.first.left().isDone(), "not left once the connection closed");
    }

    @Test
    void shouldNotTellTheFirstCoordinatorWatchOfAWrongProof() {
        byte[] cn = RawNodeClient.nonce(12);
        Challenge c = Challenge.of(session.hello(Wire.MAGIC, Wire.VERSION, cn));
        session.send(Wire.AUTH, 0, RawNodeClient.coordinatorProof(NodeSecurityTest.WRONG_BYTES, c.serverNonce(), cn));
        assertRefused("authentication failed (wrong secret or replayed handshake)");
        assertFalse(session.first.joined().isDone(), "a coordinator with a wrong secret counted as joined");
        assertFalse(session.first.left().isDone(), "a coordinator with a wrong secret counted as left");
    }

    /** The node sent REFUSED with {@code reason}, closed, logged it once and gave the connection's place back. */
    private void assertRefused(String reason) {
        Frame reply = session.read();
        assertEquals(Wire.REFUSED, reply.type());
        assertEquals(reason, reply.string());
        assertFalse(session.channel.isOpen(), "the connection stayed open after REFUSED");
        assertTrue(session.silent(), "more after REFUSED");
        assertEquals(0, session.quota.waiting(), "the place among unauthenticated connections was kept");
        List<String> lines = capture.records().stream().map(LogRecord::getMessage)
                .filter(m -> m.startsWith("node: refused ")).toList();
        assertEquals(List.of("node: refused embedded: " + reason), lines);
    }

    private static String string(ByteBuffer b) {
        byte[] text = new byte[b.getInt()];
        b.get(text);
        return new String(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** A reply's type and id. */
    record Reply(byte type, long id) {
        static Reply of(Frame frame) {
            return new Reply(frame.type(), frame.id());
        }
    }
}
