package org.loopnest.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * A relay on loopback between one coordinator and a node, for tests that meddle with what passes: it accepts the
 * first connection, connects to the node and hands both sockets to {@link #relay}. Daemon threads; closing (or
 * either side hanging up) ends them and closes both connections.
 */
abstract class LoopbackLink implements AutoCloseable {
    private final ServerSocket listening;
    private volatile Socket coordinatorSide;
    private volatile Socket nodeSide;

    LoopbackLink() throws IOException {
        this.listening = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }

    /** Starts relaying to {@code nodePort} on a daemon thread named {@code name}. */
    final void start(int nodePort, String name) {
        Thread t = new Thread(() -> serve(nodePort), name);
        t.setDaemon(true);
        t.start();
    }

    /** {@return the port the coordinator connects to} */
    final int port() {
        return listening.getLocalPort();
    }

    /**
     * Relays between the two connected sockets until one side ends (then returns or throws); run on the link's
     * thread.
     */
    abstract void relay(Socket coordinator, Socket node) throws IOException, InterruptedException;

    private void serve(int nodePort) {
        try {
            coordinatorSide = listening.accept();
            nodeSide = new Socket(InetAddress.getLoopbackAddress(), nodePort);
            relay(coordinatorSide, nodeSide);
        } catch (IOException | InterruptedException e) {
            // one side hung up, or the test closed the link
        }
        closeQuietly();
    }

    /** Copies {@code source} to {@code target} as it comes on a daemon thread named {@code name}, until either ends. */
    final void copyInBackground(Socket source, Socket target, String name) {
        Thread t = new Thread(() -> {
            copy(source, target);
            closeQuietly();
        }, name);
        t.setDaemon(true);
        t.start();
    }

    /** Copies {@code source} to {@code target} as it comes, until either ends. */
    static void copy(Socket source, Socket target) {
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
