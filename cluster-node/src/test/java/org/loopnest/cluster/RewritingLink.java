package org.loopnest.cluster;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A relay on loopback between one coordinator and a node that reads the coordinator's frames one by one, notes
 * their types, and in every {@link Wire#OPEN_RUN} replaces the bytes of one text by another of the same length
 * (so no length field changes): a body that the coordinator checked, altered on its way, as a node that cannot
 * compile it would see it. The node's answers pass as they are. Two daemon threads; closing ends them.
 */
final class RewritingLink implements AutoCloseable {
    private final ServerSocket listening;
    private final byte[] from;
    private final byte[] to;
    private final List<Byte> upstreamTypes = new CopyOnWriteArrayList<>();
    private volatile Socket coordinatorSide;
    private volatile Socket nodeSide;

    private RewritingLink(ServerSocket listening, String from, String to) {
        this.listening = listening;
        this.from = from.getBytes(StandardCharsets.UTF_8);
        this.to = to.getBytes(StandardCharsets.UTF_8);
        if (this.from.length != this.to.length) {
            throw new IllegalArgumentException("'" + from + "' and '" + to + "' differ in length (expected: the "
                    + "same number of UTF-8 bytes)");
        }
    }

    /** Listens on loopback and relays the first connection to {@code nodePort}, rewriting {@code from} to {@code to}. */
    static RewritingLink start(int nodePort, String from, String to) throws IOException {
        RewritingLink link = new RewritingLink(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()), from, to);
        Thread t = new Thread(() -> link.serve(nodePort), "rewriting-link");
        t.setDaemon(true);
        t.start();
        return link;
    }

    /** {@return the port the coordinator connects to} */
    int port() {
        return listening.getLocalPort();
    }

    /** {@return the types of the frames the coordinator sent so far, in order} */
    List<Byte> upstreamTypes() {
        return List.copyOf(upstreamTypes);
    }

    private void serve(int nodePort) {
        try {
            coordinatorSide = listening.accept();
            nodeSide = new Socket(InetAddress.getLoopbackAddress(), nodePort);
            Thread down = new Thread(() -> copy(nodeSide, coordinatorSide), "rewriting-link-down");
            down.setDaemon(true);
            down.start();
            relayFrames(new DataInputStream(coordinatorSide.getInputStream()),
                    new DataOutputStream(nodeSide.getOutputStream()));
        } catch (IOException e) {
            closeQuietly();
        }
    }

    private void relayFrames(DataInputStream in, DataOutputStream out) throws IOException {
        while (true) {
            int length = in.readInt();
            byte[] frame = new byte[length];
            in.readFully(frame);
            upstreamTypes.add(frame[0]);
            if (frame[0] == Wire.OPEN_RUN) {
                replace(frame);
            }
            out.writeInt(length);
            out.write(frame);
            out.flush();
        }
    }

    private void replace(byte[] frame) {
        for (int k = 0; k + from.length <= frame.length; k++) {
            if (java.util.Arrays.equals(frame, k, k + from.length, from, 0, from.length)) {
                System.arraycopy(to, 0, frame, k, to.length);
            }
        }
    }

    private void copy(Socket source, Socket target) {
        byte[] buffer = new byte[8192];
        try (InputStream in = source.getInputStream(); OutputStream out = target.getOutputStream()) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException e) {
            closeQuietly();
        }
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
