package org.loopnest.cluster;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import org.loopnest.cluster.RawNodeClient.Challenge;
import org.loopnest.cluster.RawNodeClient.Frame;

/**
 * A node's session pipeline ({@link NodeServer#addSession}) in an {@link EmbeddedChannel}: no network, no threads
 * but the test's. Bytes go in with their length prefix, as a coordinator sends them; replies come out as {@link
 * Frame}s. Runs are set up on the calling thread. Not thread-safe.
 */
final class EmbeddedSession implements AutoCloseable {
    static final InetAddress PEER = InetAddress.getLoopbackAddress();

    final EmbeddedChannel channel = new EmbeddedChannel();
    final HandshakeQuota quota;
    /** Told when the session's coordinator has proven the secret. */
    final FirstCoordinator first = new FirstCoordinator();
    private final ByteBuf received = Unpooled.buffer();

    /** A session for {@code config} whose connection holds a place in a quota of {@code places}. */
    EmbeddedSession(NodeConfig config, int places) {
        quota = new HandshakeQuota(places, places);
        if (quota.tryEnter(PEER) != null) {
            throw new AssertionError("no place in a fresh quota");
        }
        channel.freezeTime(); // deadlines move only with advanceTimeBy
        NodeServer.addSession(channel.pipeline(), config, Runnable::run, quota, PEER, first);
    }

    /** Sends one well-formed frame. */
    void send(byte type, long id, byte[] payload) {
        sendRaw(ByteBuffer.allocate(Wire.LENGTH_BYTES + Wire.HEADER_BYTES + payload.length)
                .putInt(Wire.HEADER_BYTES + payload.length).put(type).putLong(id).put(payload).array());
    }

    /** Sends bytes as they are. */
    void sendRaw(byte[] bytes) {
        channel.writeInbound(Unpooled.wrappedBuffer(bytes));
    }

    /**
     * The next reply.
     *
     * @throws AssertionError if no whole frame was sent
     */
    Frame read() {
        drain();
        if (received.readableBytes() < Wire.LENGTH_BYTES
                || received.readableBytes() < Wire.LENGTH_BYTES + received.getInt(received.readerIndex())) {
            throw new AssertionError("no reply (" + received.readableBytes() + " bytes waiting)");
        }
        int length = received.readInt();
        byte type = received.readByte();
        long id = received.readLong();
        byte[] payload = new byte[length - Wire.HEADER_BYTES];
        received.readBytes(payload);
        return new Frame(type, id, payload);
    }

    /** Whether the node sent nothing more. */
    boolean silent() {
        drain();
        return !received.isReadable();
    }

    /** Sends HELLO and returns the reply. */
    Frame hello(int magic, int version, byte[] clientNonce) {
        send(Wire.HELLO, 0, ByteBuffer.allocate(Wire.HELLO_BYTES).putInt(magic).putInt(version).put(clientNonce)
                .array());
        return read();
    }

    /** A full, correct handshake with {@code secret}; returns the READY frame. */
    Frame authenticate(byte[] secret, byte[] clientNonce) {
        Challenge c = Challenge.of(hello(Wire.MAGIC, Wire.VERSION, clientNonce));
        send(Wire.AUTH, 0, RawNodeClient.coordinatorProof(secret, c.serverNonce(), clientNonce));
        return read();
    }

    private void drain() {
        for (Object out = channel.readOutbound(); out != null; out = channel.readOutbound()) {
            ByteBuf b = (ByteBuf) out;
            received.writeBytes(b);
            b.release();
        }
    }

    @Override
    public void close() {
        channel.finishAndReleaseAll();
        received.release();
    }
}
