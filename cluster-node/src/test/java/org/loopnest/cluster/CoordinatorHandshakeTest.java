package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A coordinator accepts a node only once the node has proven the secret; a fake node is refused in time. */
class CoordinatorHandshakeTest {
    private static final Duration SHORT_TIMEOUT = Duration.ofSeconds(2);
    private final ExecutorService fakeNodes = Executors.newSingleThreadExecutor();

    @AfterEach
    void stop() throws InterruptedException {
        fakeNodes.shutdownNow();
        assertTrue(fakeNodes.awaitTermination(10, TimeUnit.SECONDS), "fake node still running");
    }

    @Test
    void shouldRefuseANodeThatSendsReadyWithoutProvingTheSecret() throws Exception {
        IllegalStateException e = connectToFakeNode(hello -> frame(Wire.READY, ready()));
        assertTrue(e.getMessage().contains("did not prove it knows the secret"), e.getMessage());
    }

    @Test
    void shouldRefuseANodeWhoseChallengeCarriesAWrongProof() throws Exception {
        IllegalStateException e = connectToFakeNode(hello -> {
            byte[] serverNonce = RawNodeClient.nonce(9);
            byte[] proof = RawNodeClient.nodeProof("not the secret at all!".getBytes(StandardCharsets.UTF_8),
                    clientNonce(hello), serverNonce);
            return frame(Wire.CHALLENGE, ByteBuffer.allocate(4 + 64).putInt(Wire.VERSION).put(serverNonce)
                    .put(proof).array());
        });
        assertTrue(e.getMessage().contains("did not prove it knows the secret"), e.getMessage());
    }

    @Test
    void shouldReportTheNodesReasonWhenRefused() throws Exception {
        byte[] reason = "busy".getBytes(StandardCharsets.UTF_8);
        IllegalStateException e = connectToFakeNode(hello -> frame(Wire.REFUSED, ByteBuffer.allocate(4 + reason.length)
                .putInt(reason.length).put(reason).array()));
        assertTrue(e.getMessage().endsWith(" refused: busy"), e.getMessage());
    }

    @Test
    void shouldReportAMalformedRefusalAsSuch() throws Exception {
        IllegalStateException e = connectToFakeNode(hello -> frame(Wire.REFUSED, ByteBuffer.allocate(4).putInt(1000)
                .array()));
        assertTrue(e.getMessage().endsWith(" sent a malformed REFUSED frame (string of 1000 bytes in a frame with 0 "
                + "left)"), e.getMessage());
    }

    @Test
    void shouldHangUpOnANodeThatSendsMoreThanAHandshakeFrameBeforeProvingTheSecret() throws Exception {
        IllegalStateException e = connectToFakeNode(hello -> ByteBuffer.allocate(Wire.LENGTH_BYTES + Wire.HEADER_BYTES)
                .putInt(NodeServer.HANDSHAKE_MAX_FRAME + 1).put(Wire.CHALLENGE).putLong(0).array());
        assertTrue(e.getMessage().contains("frame length exceeds " + NodeServer.HANDSHAKE_MAX_FRAME),
                e.getMessage());
    }

    @Test
    void shouldAcceptAReadyLargerThanAHandshakeFrameOnceTheNodeHasProvenTheSecret() throws Exception {
        String description = "a node with a long description ".repeat(100);
        try (FakeNode fake = FakeNode.start(description, (byte) 0);
             RemoteDevice remote = new Cluster(Duration.ofSeconds(1), SHORT_TIMEOUT, null, Wire.DEFAULT_MAX_FRAME)
                     .open(List.of(Cluster.address(fake.address())), NodeRoundTripTest.SECRET).get(0)) {
            assertTrue(remote.info().description().endsWith(description), remote.info().description());
        }
    }

    @Test
    void shouldGiveUpOnASilentNodeAfterTheRequestTimeout() throws Exception {
        IllegalStateException e = connectToFakeNode(hello -> new byte[0]);
        assertTrue(e.getMessage().contains("no handshake reply in " + SHORT_TIMEOUT.toSeconds() + " s"),
                e.getMessage());
    }

    /**
     * Runs a fake node that reads one HELLO, answers {@code script}'s bytes and waits for the coordinator to hang
     * up; returns what {@link Cluster#open} threw.
     */
    private IllegalStateException connectToFakeNode(Function<byte[], byte[]> script) throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            server.setSoTimeout(10_000);
            CompletableFuture<Void> fake = CompletableFuture.runAsync(() -> {
                try (Socket s = server.accept()) {
                    s.setSoTimeout(10_000);
                    DataInputStream in = new DataInputStream(s.getInputStream());
                    byte[] hello = new byte[in.readInt()];
                    in.readFully(hello);
                    assertEquals(Wire.HELLO, hello[0]);
                    OutputStream out = s.getOutputStream();
                    out.write(script.apply(hello));
                    out.flush();
                    byte[] sink = new byte[4096];
                    for (int k = 0; k < 16 && in.read(sink) >= 0; k++) {
                        continue;
                    }
                } catch (SocketTimeoutException e) {
                    throw new AssertionError("the coordinator neither connected nor hung up in 10 s", e);
                } catch (IOException ignored) {
                    // the coordinator reset the connection: it hung up
                }
            }, fakeNodes);
            Cluster cluster = new Cluster(Duration.ofSeconds(1), SHORT_TIMEOUT, null, Wire.DEFAULT_MAX_FRAME);
            long start = System.nanoTime();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> cluster.open(
                    List.of(Cluster.address("127.0.0.1:" + server.getLocalPort())), NodeRoundTripTest.SECRET)
                    .forEach(RemoteDevice::close));
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            assertTrue(took.compareTo(SHORT_TIMEOUT.plusSeconds(2)) < 0, "took " + took);
            fake.get(15, TimeUnit.SECONDS);
            return e;
        }
    }

    /** The client nonce of a HELLO frame (type, id, magic, version, nonce). */
    private static byte[] clientNonce(byte[] hello) {
        return Arrays.copyOfRange(hello, Wire.HEADER_BYTES + 8, Wire.HEADER_BYTES + 8 + Wire.NONCE_BYTES);
    }

    /** A whole frame (length prefix included) with request id 0. */
    private static byte[] frame(byte type, byte[] payload) {
        return ByteBuffer.allocate(Wire.LENGTH_BYTES + Wire.HEADER_BYTES + payload.length)
                .putInt(Wire.HEADER_BYTES + payload.length).put(type).putLong(0).put(payload).array();
    }

    /** A READY payload describing a plausible device. */
    private static byte[] ready() {
        byte[] name = "fake".getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(4 + name.length + 8 + 8 + 4 + 1 + 4 + name.length + 4).putInt(name.length)
                .put(name).putLong(1L << 30).putLong(1L << 28).putInt(4).put((byte) 0).putInt(name.length).put(name)
                .putInt(Wire.DEFAULT_MAX_FRAME).array();
    }
}
