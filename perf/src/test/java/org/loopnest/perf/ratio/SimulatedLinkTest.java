package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

class SimulatedLinkTest {
    private static final long RATE = 20_000_000L;
    private static final int BYTES = 8 << 20;

    @Test
    void shouldPassTheBytesUnchangedAtTheLinksRateAndEndItsThreadsOnClose() throws Exception {
        Set<Thread> before = Threads.live();
        byte[] sent = new byte[BYTES];
        new Random(26).nextBytes(sent);
        try (ServerSocket node = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            FutureTask<byte[]> echoed = started(new FutureTask<>(() -> echo(node)));
            long nanos;
            byte[] back = new byte[BYTES];
            try (SimulatedLink link = new SimulatedLink(RATE)) {
                URI relay = link.relay((InetSocketAddress) node.getLocalSocketAddress());
                try (Socket coordinator = new Socket(relay.getHost(), relay.getPort())) {
                    long start = System.nanoTime();
                    FutureTask<Void> writing = started(new FutureTask<>(() -> write(coordinator, sent), null));
                    new DataInputStream(coordinator.getInputStream()).readFully(back);
                    nanos = System.nanoTime() - start;
                    writing.get();
                }
            }
            assertArrayEquals(sent, echoed.get(), "the bytes the node read");
            assertArrayEquals(sent, back, "the bytes the node sent back");
            double seconds = (double) (BYTES - LinkBudget.BURST_BYTES) / RATE;
            assertTrue(nanos / 1e9 > 0.95 * seconds && nanos / 1e9 < 1.5 * seconds, nanos / 1e9 + " s for "
                    + BYTES + " bytes each way at " + RATE + " bytes/s (expected: about " + seconds + " s)");
        }
        assertEquals(Set.of(), Threads.leftSince(before), "threads left");
    }

    @Test
    void shouldRefuseABandwidthThatIsNotPositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new SimulatedLink(0));
        assertEquals("link bandwidth = 0 bytes/s (expected: > 0)", e.getMessage());
    }

    /** Runs {@code task} on a thread of its own, which ends with it. */
    private static <T> FutureTask<T> started(FutureTask<T> task) {
        new Thread(task, "simulated-link-test").start();
        return task;
    }

    /** Accepts one connection, sends back everything it reads, and returns what it read. */
    private static byte[] echo(ServerSocket server) {
        try (Socket s = server.accept()) {
            byte[] all = new byte[BYTES];
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            int at = 0;
            for (int n; at < BYTES && (n = in.read(all, at, Math.min(64 << 10, BYTES - at))) > 0; at += n) {
                out.write(all, at, n);
            }
            return java.util.Arrays.copyOf(all, at);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void write(Socket s, byte[] bytes) {
        try {
            s.getOutputStream().write(bytes);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
