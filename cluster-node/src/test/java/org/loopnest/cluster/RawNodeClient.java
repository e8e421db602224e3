package org.loopnest.cluster;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A coordinator written by hand over a plain socket, speaking {@link Wire}'s frames byte by byte (independently
 * of the production encoder and of {@link Handshake}), so tests can send what a real coordinator never would.
 * Every read waits at most {@link #READ_TIMEOUT_MS}.
 */
final class RawNodeClient implements AutoCloseable {
    static final int READ_TIMEOUT_MS = 5_000;

    /** One frame as received: its type, request id and payload. */
    record Frame(byte type, long id, byte[] payload) {
        /** The payload read as one wire string (int32 byte count, UTF-8). */
        String string() {
            ByteBuffer b = ByteBuffer.wrap(payload);
            byte[] text = new byte[b.getInt()];
            b.get(text);
            return new String(text, StandardCharsets.UTF_8);
        }
    }

    /** A CHALLENGE's parts. */
    record Challenge(int version, byte[] serverNonce, byte[] nodeProof) {
        static Challenge of(Frame frame) {
            ByteBuffer b = ByteBuffer.wrap(frame.payload());
            int version = b.getInt();
            byte[] sn = new byte[Wire.NONCE_BYTES];
            b.get(sn);
            byte[] proof = new byte[Wire.PROOF_BYTES];
            b.get(proof);
            return new Challenge(version, sn, proof);
        }
    }

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private RawNodeClient(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** Connects to {@code node} on loopback. */
    static RawNodeClient connect(NodeServer node) throws IOException {
        return connectFrom("127.0.0.1", node);
    }

    /**
     * Connects to {@code node} on loopback from the local address {@code from} (any of 127.0.0.0/8 on Linux), so
     * that the node sees another source.
     */
    static RawNodeClient connectFrom(String from, NodeServer node) throws IOException {
        Socket s = new Socket();
        s.bind(new InetSocketAddress(from, 0));
        s.connect(new InetSocketAddress("127.0.0.1", node.address().getPort()), READ_TIMEOUT_MS);
        s.setSoTimeout(READ_TIMEOUT_MS);
        s.setTcpNoDelay(true);
        return new RawNodeClient(s);
    }

    /** This end's address as the node logs it ({@code /127.0.0.1:PORT}). */
    String localAddress() {
        return socket.getLocalSocketAddress().toString();
    }

    /** Sends one well-formed frame. */
    void send(byte type, long id, byte[] payload) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(Wire.LENGTH_BYTES + Wire.HEADER_BYTES + payload.length);
        b.putInt(Wire.HEADER_BYTES + payload.length).put(type).putLong(id).put(payload);
        sendRaw(b.array());
    }

    /** Sends bytes as they are. */
    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /**
     * Reads one frame.
     *
     * @throws EOFException if the node closed the connection first
     * @throws SocketTimeoutException if nothing came in time
     */
    Frame read() throws IOException {
        int length = in.readInt();
        if (length < Wire.HEADER_BYTES || length > 1 << 20) {
            throw new IOException("node sent a frame length of " + length);
        }
        byte type = in.readByte();
        long id = in.readLong();
        byte[] payload = new byte[length - Wire.HEADER_BYTES];
        in.readFully(payload);
        return new Frame(type, id, payload);
    }

    /**
     * Whether the node closes the connection within the read timeout, skipping at most 64 KiB it still sends.
     * A reset counts as closed; a timeout does not.
     */
    boolean closedByNode() throws IOException {
        byte[] sink = new byte[4096];
        try {
            for (int k = 0; k < 16; k++) {
                if (in.read(sink) < 0) {
                    return true;
                }
            }
            return false;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            return String.valueOf(e.getMessage()).contains("reset");
        }
    }

    /** Sends HELLO with {@code magic}, {@code version} and {@code clientNonce}, and reads the answer. */
    Frame hello(int magic, int version, byte[] clientNonce) throws IOException {
        send(Wire.HELLO, 0, ByteBuffer.allocate(8 + clientNonce.length).putInt(magic).putInt(version)
                .put(clientNonce).array());
        return read();
    }

    /** Sends AUTH with {@code proof} and reads the answer. */
    Frame auth(byte[] proof) throws IOException {
        send(Wire.AUTH, 0, proof);
        return read();
    }

    /** A full, correct handshake with {@code secret}; returns the READY frame. */
    Frame authenticate(byte[] secret, byte[] clientNonce) throws IOException {
        Challenge c = Challenge.of(hello(Wire.MAGIC, Wire.VERSION, clientNonce));
        return auth(coordinatorProof(secret, c.serverNonce(), clientNonce));
    }

    /** {@code HMAC-SHA256(secret, "coordinator" ‖ serverNonce ‖ clientNonce)}, computed here from the spec. */
    static byte[] coordinatorProof(byte[] secret, byte[] serverNonce, byte[] clientNonce) {
        return hmac(secret, "coordinator", serverNonce, clientNonce);
    }

    /** {@code HMAC-SHA256(secret, "node" ‖ clientNonce ‖ serverNonce)}, computed here from the spec. */
    static byte[] nodeProof(byte[] secret, byte[] clientNonce, byte[] serverNonce) {
        return hmac(secret, "node", clientNonce, serverNonce);
    }

    private static byte[] hmac(byte[] secret, String label, byte[] first, byte[] second) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            mac.update(label.getBytes(StandardCharsets.US_ASCII));
            mac.update(first);
            mac.update(second);
            return mac.doFinal();
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** A client nonce from a fixed pattern: the same {@code seed} gives the same nonce. */
    static byte[] nonce(int seed) {
        byte[] n = new byte[Wire.NONCE_BYTES];
        for (int k = 0; k < n.length; k++) {
            n[k] = (byte) (seed * 31 + k * 7);
        }
        return n;
    }

    /** Drops the connection abruptly: a reset, as when the coordinator's process is killed. */
    void abort() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
