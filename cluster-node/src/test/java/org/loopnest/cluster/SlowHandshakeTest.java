package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Boolean> closedEarly = CompletableFuture.supplyAsync(() -> slowNode(server));
            List<RemoteDevice> nodes = Cluster.defaults().withHeartbeat(HEARTBEAT)
                    .open(List.of(Cluster.address("127.0.0.1:" + server.getLocalPort())), NodeRoundTripTest.SECRET);
            try {
                assertEquals(1, nodes.size());
                assertEquals("node:127.0.0.1:" + server.getLocalPort(), nodes.get(0).info().name());
                assertTrue(nodes.get(0).info().description().contains("a node that answers slowly"),
                        nodes.get(0).info().description());
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
            assertFalse(closedEarly.join(), "the coordinator hung up while the node was still answering");
        }
    }

    /** Plays a node that answers HELLO only after {@link #SLOW_MS}; says whether the coordinator hung up first. */
    private static boolean slowNode(ServerSocket server) {
        try (Socket s = server.accept()) {
            s.setSoTimeout(5_000);
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            byte[] hello = readFrame(in);
            byte[] clientNonce = new byte[Wire.NONCE_BYTES];
            System.arraycopy(hello, Wire.HEADER_BYTES + 8, clientNonce, 0, Wire.NONCE_BYTES);
            s.setSoTimeout(SLOW_MS);
            try {
                if (in.read() < 0) {
                    return true;
                }
            } catch (SocketTimeoutException stillOpen) {
                // the coordinator waited: answer now
            }
            s.setSoTimeout(5_000);
            byte[] serverNonce = Handshake.nonce();
            ByteArrayOutputStream challenge = new ByteArrayOutputStream();
            DataOutputStream c = new DataOutputStream(challenge);
            c.writeInt(Wire.VERSION);
            c.write(serverNonce);
            c.write(Handshake.nodeProof(NodeRoundTripTest.SECRET.bytes(), clientNonce, serverNonce));
            writeFrame(out, Wire.CHALLENGE, challenge.toByteArray());
            readFrame(in); // AUTH, checked by the real node's tests
            ByteArrayOutputStream ready = new ByteArrayOutputStream();
            DataOutputStream r = new DataOutputStream(ready);
            writeString(r, "slow-node");
            r.writeLong(1 << 20);
            r.writeLong(1 << 20);
            r.writeInt(1);
            r.writeBoolean(false);
            writeString(r, "a node that answers slowly");
            r.writeInt(Wire.DEFAULT_MAX_FRAME);
            writeFrame(out, Wire.READY, ready.toByteArray());
            while (in.read() >= 0) {
                // pings, until the coordinator closes
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false; // the coordinator kept the connection after the handshake: not what this test checks
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        byte[] frame = new byte[in.readInt()];
        in.readFully(frame);
        return frame;
    }

    private static void writeFrame(DataOutputStream out, byte type, byte[] payload) throws IOException {
        out.writeInt(Wire.HEADER_BYTES + payload.length);
        out.writeByte(type);
        out.writeLong(0);
        out.write(payload);
        out.flush();
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }
}
