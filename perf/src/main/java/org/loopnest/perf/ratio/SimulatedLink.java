package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.cluster.Cluster;

/**
 * The coordinator's network link, simulated on loopback: relays between the coordinator and its nodes that pass at
 * most a given number of bytes per second each way, all nodes' connections together (a full-duplex link of that
 * bandwidth in each direction, shared by every node behind it). {@link #relay} listens on a loopback port and
 * forwards each connection made to it to a node; the bytes from the coordinator to any node take from one
 * {@link LinkBudget}, those back from another. Small socket buffers on the relay's sockets keep the bytes in the
 * endpoints' own queues rather than in the kernel's, and {@code TCP_NODELAY} passes a chunk description at once.
 *
 * <p><b>Threads:</b> one accepting thread per relay and two per relayed connection, named
 * {@value #THREAD_PREFIX}…; {@link #close()} closes every socket and joins them all.
 */
final class SimulatedLink implements AutoCloseable {
    /** The prefix of the names of this class's threads. */
    static final String THREAD_PREFIX = "simulated-link-";
    private static final int SOCKET_BUFFER = 64 << 10;
    /** The most bytes a relay thread reads at a time before it takes them from its budget. */
    private static final int READ_BYTES = 64 << 10;
    private static final long JOIN_MILLIS = 5_000;

    private final long bytesPerSecond;
    private final LinkBudget up;
    private final LinkBudget down;
    private final List<AutoCloseable> sockets = new ArrayList<>(); // guarded by this
    private final List<Thread> threads = new ArrayList<>(); // guarded by this
    private boolean closed; // guarded by this

    /**
     * @param bytesPerSecond the link's bandwidth in each direction
     * @throws IllegalArgumentException if it is not positive
     */
    SimulatedLink(long bytesPerSecond) {
        this.bytesPerSecond = bytesPerSecond;
        this.up = new LinkBudget(bytesPerSecond);
        this.down = new LinkBudget(bytesPerSecond);
    }

    /** {@return the bandwidth in each direction, bytes per second} */
    long bytesPerSecond() {
        return bytesPerSecond;
    }

    /**
     * Listens on a loopback port and relays every connection made to it to {@code node} through this link.
     *
     * @return the address a coordinator connects to instead of the node's
     * @throws IOException if no port can be bound
     */
    URI relay(InetSocketAddress node) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReceiveBufferSize(SOCKET_BUFFER);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        keep(server);
        start(() -> accept(server, node), "accept-" + node.getPort());
        return Cluster.address("127.0.0.1:" + server.getLocalPort());
    }

    private void accept(ServerSocket server, InetSocketAddress node) {
        try {
            while (true) {
                Socket coordinator = server.accept();
                keep(coordinator);
                Socket target = new Socket();
                keep(target);
                target.setReceiveBufferSize(SOCKET_BUFFER);
                target.setSendBufferSize(SOCKET_BUFFER);
                target.connect(node, 5_000);
                for (Socket s : new Socket[] {coordinator, target}) {
                    s.setTcpNoDelay(true);
                    s.setSendBufferSize(SOCKET_BUFFER);
                }
                start(() -> pump(coordinator, target, up), "up-" + node.getPort());
                start(() -> pump(target, coordinator, down), "down-" + node.getPort());
            }
        } catch (IOException | IllegalStateException e) {
            // the link closed (IllegalStateException: a socket or thread came after close)
        }
    }

    /** Forwards {@code from} to {@code to} within {@code budget} until either end or the link closes. */
    private static void pump(Socket from, Socket to, LinkBudget budget) {
        byte[] buffer = new byte[READ_BYTES];
        try (from; to) {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                budget.take(n);
                out.write(buffer, 0, n);
            }
        } catch (IOException e) {
            // an end closed
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private synchronized void keep(AutoCloseable socket) {
        if (closed) {
            close(socket);
            throw new IllegalStateException("simulated link: closed");
        }
        sockets.add(socket);
    }

    private synchronized void start(Runnable task, String name) {
        if (closed) {
            throw new IllegalStateException("simulated link: closed");
        }
        Thread t = new Thread(task, THREAD_PREFIX + name);
        t.setDaemon(true);
        threads.add(t);
        t.start();
    }

    /**
     * Closes every socket and joins every thread.
     *
     * @throws IllegalStateException if a thread is still alive {@value #JOIN_MILLIS} ms after its sockets closed
     */
    @Override
    public void close() {
        List<Thread> all;
        synchronized (this) {
            closed = true;
            sockets.forEach(SimulatedLink::close);
            all = List.copyOf(threads);
        }
        for (Thread t : all) {
            try {
                t.join(JOIN_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("simulated link: interrupted while joining " + t.getName(), e);
            }
            if (t.isAlive()) {
                throw new IllegalStateException("simulated link: " + t.getName() + " still alive " + JOIN_MILLIS
                        + " ms after its sockets closed (expected: it ends)");
            }
        }
    }

    private static void close(AutoCloseable socket) {
        try {
            socket.close();
        } catch (Exception e) {
            // closing: nothing more to do with it
        }
    }
}
