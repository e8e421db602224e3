package org.loopnest.cluster;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A node written by hand over a plain server socket, for one coordinator: it proves the secret and describes its
 * device like a real node, then answers {@code PING} with {@code PONG}, {@code ALLOC} with a new handle, {@code FREE}
 * with nothing, {@code OPEN_RUN} and {@code LAUNCH} with {@code OK} and {@link #KERNEL_PATH}, and every other request
 * with {@code OK} — except requests of one chosen type, which it answers with an {@code ERROR} whose string claims 1000
 * bytes and carries none. It may also wait before it answers {@code HELLO}, noting whether the coordinator hangs up
 * meanwhile ({@link #hungUpDuringHandshake()}). Runs on one daemon thread; every read waits at most {@value
 * #READ_TIMEOUT_MS} ms; closing ends it.
 */
final class FakeNode implements AutoCloseable {
    private static final int READ_TIMEOUT_MS = 10_000;
    private static final int MAX_FRAMES = 100_000;
    /** How this node says its device runs a run's kernel, in its answer to every {@code OPEN_RUN}. */
    static final String KERNEL_PATH = "scalar: as the fake node's own JVM decides";

    private final ServerSocket server;
    private final String description;
    private final byte malformedFor;
    private final int challengeDelayMs;
    private volatile Socket connection;
    private volatile boolean hungUpDuringHandshake;

    private FakeNode(ServerSocket server, String description, byte malformedFor, int challengeDelayMs) {
        this.server = server;
        this.description = description;
        this.malformedFor = malformedFor;
        this.challengeDelayMs = challengeDelayMs;
    }

    /**
     * Listens on loopback.
     *
     * @param description  the device description its READY carries
     * @param malformedFor the request type answered with a malformed ERROR (0 for none)
     */
    static FakeNode start(String description, byte malformedFor) throws IOException {
        return start(description, malformedFor, 0);
    }

    /**
     * Listens on loopback, and waits {@code challengeDelayMs} after the coordinator's {@code HELLO} before it
     * answers: a node slow to handshake.
     */
    static FakeNode start(String description, byte malformedFor, int challengeDelayMs) throws IOException {
        FakeNode node = new FakeNode(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()), description,
                malformedFor, challengeDelayMs);
        Thread t = new Thread(node::serve, "fake-node");
        t.setDaemon(true);
        t.start();
        return node;
    }

    /** Whether the coordinator closed the connection while this node was slow to answer its {@code HELLO}. */
    boolean hungUpDuringHandshake() {
        return hungUpDuringHandshake;
    }

    /** {@code 127.0.0.1:PORT}, for {@link Cluster#address}. */
    String address() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    private void serve() {
        try (Socket s = server.accept()) {
            connection = s;
            s.setSoTimeout(READ_TIMEOUT_MS);
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            handshake(in, out);
            long handles = 1;
            for (int k = 0; k < MAX_FRAMES; k++) {
                ByteBuffer frame = ByteBuffer.wrap(readFrame(in));
                byte type = frame.get();
                long id = frame.getLong();
                if (type == malformedFor) {
                    writeFrame(out, Wire.ERROR, id, ByteBuffer.allocate(4).putInt(1000).array());
                } else if (type == Wire.PING) {
                    writeFrame(out, Wire.PONG, id, new byte[0]);
                } else if (type == Wire.ALLOC) {
                    writeFrame(out, Wire.HANDLE, id, ByteBuffer.allocate(8).putLong(handles++).array());
                } else if (type == Wire.OPEN_RUN || type == Wire.LAUNCH) {
                    ByteArrayOutputStream path = new ByteArrayOutputStream();
                    writeString(new DataOutputStream(path), KERNEL_PATH);
                    writeFrame(out, Wire.OK, id, path.toByteArray());
                } else if (type != Wire.FREE) {
                    writeFrame(out, Wire.OK, id, new byte[0]);
                }
            }
        } catch (IOException e) {
            // the coordinator hung up, or the test closed this node
        }
    }

    private void handshake(DataInputStream in, DataOutputStream out) throws IOException {
        byte[] hello = readFrame(in);
        byte[] clientNonce = new byte[Wire.NONCE_BYTES];
        System.arraycopy(hello, Wire.HEADER_BYTES + 8, clientNonce, 0, Wire.NONCE_BYTES);
        if (challengeDelayMs > 0 && coordinatorHangsUpWithin(in, challengeDelayMs)) {
            hungUpDuringHandshake = true;
            throw new IOException("the coordinator hung up during the handshake");
        }
        byte[] serverNonce = RawNodeClient.nonce(42);
        ByteArrayOutputStream challenge = new ByteArrayOutputStream();
        DataOutputStream c = new DataOutputStream(challenge);
        c.writeInt(Wire.VERSION);
        c.write(serverNonce);
        c.write(RawNodeClient.nodeProof(NodeSecurityTest.SECRET_BYTES, clientNonce, serverNonce));
        writeFrame(out, Wire.CHALLENGE, 0, challenge.toByteArray());
        readFrame(in); // AUTH
        ByteArrayOutputStream ready = new ByteArrayOutputStream();
        DataOutputStream r = new DataOutputStream(ready);
        writeString(r, "fake");
        r.writeLong(1 << 24);
        r.writeLong(1 << 24);
        r.writeInt(1);
        r.writeBoolean(false);
        writeString(r, description);
        r.writeInt(Wire.DEFAULT_MAX_FRAME);
        writeFrame(out, Wire.READY, 0, ready.toByteArray());
    }

    /** Waits up to {@code ms} for the coordinator, which sends nothing now, to close the connection. */
    private boolean coordinatorHangsUpWithin(DataInputStream in, int ms) throws IOException {
        connection.setSoTimeout(ms);
        try {
            return in.read() < 0;
        } catch (java.net.SocketTimeoutException stillOpen) {
            return false;
        } finally {
            connection.setSoTimeout(READ_TIMEOUT_MS);
        }
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < Wire.HEADER_BYTES || length > 64 << 20) {
            throw new IOException("frame length " + length);
        }
        byte[] frame = new byte[length];
        in.readFully(frame);
        return frame;
    }

    private static void writeFrame(DataOutputStream out, byte type, long id, byte[] payload) throws IOException {
        out.writeInt(Wire.HEADER_BYTES + payload.length);
        out.writeByte(type);
        out.writeLong(id);
        out.write(payload);
        out.flush();
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    @Override
    public void close() throws IOException {
        server.close();
        Socket s = connection;
        if (s != null) {
            s.close();
        }
    }
}
