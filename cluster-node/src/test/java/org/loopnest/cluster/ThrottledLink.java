package org.loopnest.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A relay on loopback between one coordinator and a node that passes at most a given number of bytes per second in
 * each direction, to play a slow link without sleeping: a timer adds a slice of each direction's budget every
 * {@value #TICK_MS} ms, and each relay thread waits for budget before it forwards what it read. {@link #stall()}
 * stops the upstream budget (a link that has stopped moving). Small socket buffers keep the bytes in the
 * endpoints' own queues rather than in the kernel's. Closing ends both threads and the timer.
 */
final class ThrottledLink implements AutoCloseable {
    private static final int TICK_MS = 10;
    private static final int SOCKET_BUFFER = 64 << 10;

    private final ServerSocket listening;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r,
            "throttled-link-timer"));
    private final Semaphore upBudget = new Semaphore(0);
    private final Semaphore downBudget = new Semaphore(0);
    private volatile boolean stalled;
    private volatile boolean closed;
    private volatile Socket coordinatorSide;
    private volatile Socket nodeSide;

    private ThrottledLink(ServerSocket listening) {
        this.listening = listening;
    }

    /**
     * Listens on loopback and relays the first connection to {@code nodePort}.
     *
     * @param upBytesPerSecond   coordinator to node
     * @param downBytesPerSecond node to coordinator
     */
    static ThrottledLink start(int nodePort, int upBytesPerSecond, int downBytesPerSecond) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReceiveBufferSize(SOCKET_BUFFER);
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1);
        ThrottledLink link = new ThrottledLink(server);
        link.refillEveryTick(link.upBudget, upBytesPerSecond, true);
        link.refillEveryTick(link.downBudget, downBytesPerSecond, false);
        daemon(() -> link.relay(nodePort, upBytesPerSecond, downBytesPerSecond), "throttled-link").start();
        return link;
    }

    /** The port a coordinator connects to. */
    int port() {
        return listening.getLocalPort();
    }

    /** Stops passing bytes from the coordinator to the node, for good. */
    void stall() {
        stalled = true;
    }

    private void refillEveryTick(Semaphore budget, int bytesPerSecond, boolean upstream) {
        int slice = slice(bytesPerSecond);
        timer.scheduleAtFixedRate(() -> {
            if (!(upstream && stalled) && budget.availablePermits() < 2 * slice) {
                budget.release(slice);
            }
        }, TICK_MS, TICK_MS, TimeUnit.MILLISECONDS);
    }

    private static int slice(int bytesPerSecond) {
        return Math.max(1, bytesPerSecond / (1000 / TICK_MS));
    }

    private void relay(int nodePort, int up, int down) {
        try {
            Socket coordinator = listening.accept();
            coordinatorSide = coordinator;
            Socket node = new Socket();
            node.setReceiveBufferSize(SOCKET_BUFFER);
            node.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), nodePort), 5_000);
            nodeSide = node;
            daemon(() -> pump(coordinator, node, upBudget, slice(up)), "throttled-link-up").start();
            pump(node, coordinator, downBudget, slice(down));
        } catch (IOException e) {
            // closed before a coordinator came
        }
    }

    /** Forwards {@code from} to {@code to} within {@code budget}, until either end closes or the link does. */
    private void pump(Socket from, Socket to, Semaphore budget, int slice) {
        byte[] buffer = new byte[Math.min(8192, slice)];
        try (from; to) {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0 && !closed; n = in.read(buffer)) {
                if (!awaitBudget(budget, n)) {
                    return;
                }
                out.write(buffer, 0, n);
                out.flush();
            }
        } catch (IOException | InterruptedException e) {
            // an end closed
        }
    }

    /** Waits for {@code bytes} of budget; {@code false} if the link closed first. */
    private boolean awaitBudget(Semaphore budget, int bytes) throws InterruptedException {
        while (!closed) {
            if (budget.tryAcquire(bytes, 50, TimeUnit.MILLISECONDS)) {
                return true;
            }
        }
        return false;
    }

    private static Thread daemon(Runnable task, String name) {
        Thread t = new Thread(task, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        timer.shutdownNow();
        listening.close();
        for (Socket s : new Socket[] {coordinatorSide, nodeSide}) {
            if (s != null) {
                s.close();
            }
        }
    }
}
