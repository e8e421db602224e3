package org.loopnest.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A relay on loopback between one coordinator and a node that holds one of the node's frames until {@link
 * #release()}: its {@code READY} (frame 1, sent once it has authenticated the coordinator), as from a node whose
 * handshake ends just after the coordinator stopped waiting, or its {@code CHALLENGE} (frame 0). Everything else
 * passes as it is. Daemon threads; closing ends them.
 */
final class HeldReplyLink implements AutoCloseable {
    private static final long HOLD_SECONDS = 60;

    /** The node's {@code CHALLENGE}, its first frame. */
    static final int CHALLENGE = 0;
    /** The node's {@code READY}, its second frame. */
    static final int READY = 1;

    private final ServerSocket listening;
    private final int held;
    private final CountDownLatch released = new CountDownLatch(1);
    private volatile Socket coordinatorSide;
    private volatile Socket nodeSide;

    private HeldReplyLink(ServerSocket listening, int held) {
        this.listening = listening;
        this.held = held;
    }

    /**
     * Listens on loopback and relays the first connection to {@code nodePort}, holding the node's frame {@code
     * held} ({@link #CHALLENGE} or {@link #READY}).
     */
    static HeldReplyLink start(int nodePort, int held) throws IOException {
        HeldReplyLink link = new HeldReplyLink(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()), held);
        Thread t = new Thread(() -> link.serve(nodePort), "held-reply-link");
        t.setDaemon(true);
        t.start();
        return link;
    }

    /** {@return the port the coordinator connects to} */
    int port() {
        return listening.getLocalPort();
    }

    /** Lets the held {@code READY} through, and all after it. */
    void release() {
        released.countDown();
    }

    private void serve(int nodePort) {
        try {
            coordinatorSide = listening.accept();
            nodeSide = new Socket(InetAddress.getLoopbackAddress(), nodePort);
            Thread up = new Thread(() -> copy(coordinatorSide, nodeSide), "held-reply-link-up");
            up.setDaemon(true);
            up.start();
            DataInputStream in = new DataInputStream(nodeSide.getInputStream());
            DataOutputStream out = new DataOutputStream(coordinatorSide.getOutputStream());
            for (int k = 0; k < held; k++) {
                relayFrame(in, out);
            }
            int length = in.readInt();
            byte[] frame = in.readNBytes(length);
            if (!released.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("never released");
            }
            out.writeInt(length);
            out.write(frame);
            out.flush();
            copy(nodeSide, coordinatorSide);
        } catch (IOException | InterruptedException e) {
            closeQuietly();
        }
    }

    private static void relayFrame(DataInputStream in, DataOutputStream out) throws IOException {
        int length = in.readInt();
        out.writeInt(length);
        out.write(in.readNBytes(length));
        out.flush();
    }

    private void copy(Socket source, Socket target) {
        byte[] buffer = new byte[8192];
        try {
            InputStream in = source.getInputStream();
            OutputStream out = target.getOutputStream();
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            // closed
        }
        closeQuietly();
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException ignored) {
            // already closing
        }
    }

    @Override
    public void close() throws IOException {
        released.countDown();
        listening.close();
        Socket c = coordinatorSide;
        Socket n = nodeSide;
        if (c != null) {
            c.close();
        }
        if (n != null) {
            n.close();
        }
    }
}
