package org.loopnest.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A relay on loopback between one coordinator and a node that holds one of the node's frames until {@link
 * #release()}: its {@code READY} (frame 1, sent once it has authenticated the coordinator), as from a node whose
 * handshake ends just after the coordinator stopped waiting, or its {@code CHALLENGE} (frame 0). Everything else
 * passes as it is. Closing ends it; so does a frame held a minute.
 */
final class HeldReplyLink extends LoopbackLink {
    /** The node's {@code CHALLENGE}, its first frame. */
    static final int CHALLENGE = 0;
    /** The node's {@code READY}, its second frame. */
    static final int READY = 1;

    private static final long HOLD_SECONDS = 60;

    private final int held;
    private final CountDownLatch released = new CountDownLatch(1);

    private HeldReplyLink(int held) throws IOException {
        this.held = held;
    }

    /**
     * Listens on loopback and relays the first connection to {@code nodePort}, holding the node's frame {@code
     * held} ({@link #CHALLENGE} or {@link #READY}).
     */
    static HeldReplyLink start(int nodePort, int held) throws IOException {
        HeldReplyLink link = new HeldReplyLink(held);
        link.start(nodePort, "held-reply-link");
        return link;
    }

    /** Lets the held frame through, and all after it. */
    void release() {
        released.countDown();
    }

    @Override
    void relay(Socket coordinator, Socket node) throws IOException, InterruptedException {
        copyInBackground(coordinator, node, "held-reply-link-up");
        DataInputStream in = new DataInputStream(node.getInputStream());
        DataOutputStream out = new DataOutputStream(coordinator.getOutputStream());
        for (int k = 0; k <= held; k++) {
            int length = in.readInt();
            byte[] frame = in.readNBytes(length);
            if (k == held && !released.await(HOLD_SECONDS, TimeUnit.SECONDS)) {
                throw new IOException("never released");
            }
            out.writeInt(length);
            out.write(frame);
            out.flush();
        }
        copy(node, coordinator);
    }

    @Override
    public void close() throws IOException {
        released.countDown();
        super.close();
    }
}
