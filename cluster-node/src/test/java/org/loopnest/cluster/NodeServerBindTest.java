package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** A node that cannot bind its port says so with the cause, and leaves none of its threads behind. */
class NodeServerBindTest {
    @Test
    void shouldRefuseATakenPortAndStopItsThreads() throws Exception {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Set<Thread> before = Thread.getAllStackTraces().keySet();
            int port = taken.getLocalPort();
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> NodeServer.start(NodeConfig.loopback(port, sim, NodeRoundTripTest.SECRET)));
            assertTrue(e.getMessage().startsWith("cannot listen on 127.0.0.1:" + port + ": java.net.BindException"),
                    e.getMessage());
            assertInstanceOf(BindException.class, e.getCause());
            assertEquals(Set.of(), threadsStartedSince(before, 10_000));
        }
    }

    /** The live threads not in {@code before}, once none are left or {@code millis} have passed. */
    private static Set<String> threadsStartedSince(Set<Thread> before, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (true) {
            Set<Thread> started = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive())
                    .collect(Collectors.toSet());
            if (started.isEmpty() || System.nanoTime() > deadline) {
                return started.stream().map(Thread::getName).collect(Collectors.toSet());
            }
            started.iterator().next().join(100);
        }
    }
}
