package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.cpu.CpuDevice;

/**
 * {@link RemoteDevice#costs()} on loopback: measured over the connection at the first plan and kept for it, leaving
 * the connection free for runs; not measured while a run is open on it; nothing once closed.
 */
class RemoteCostsTest {
    private static RemoteDevice connect(NodeServer node) {
        return Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                NodeRoundTripTest.SECRET).get(0);
    }

    @Test
    void shouldMeasureTheConnectionOnceAndLeaveItFreeForRuns() {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = connect(node)) {
            Optional<DeviceCosts> first = remote.costs();
            DeviceCosts costs = first.orElseThrow();
            assertTrue(costs.copyInBytesPerSecond() > 0 && Double.isFinite(costs.copyInBytesPerSecond()),
                    costs.toString());
            assertTrue(costs.copyOutBytesPerSecond() > 0 && Double.isFinite(costs.copyOutBytesPerSecond()),
                    costs.toString());
            assertTrue(costs.perChunk().compareTo(Duration.ZERO) > 0, costs + " (expected: a request's round trip)");
            assertFalse(costs.kernelRateKnown());
            assertTrue(costs.source().startsWith("measured (copies each way, ")
                    && costs.source().endsWith(", once per connection)"), costs.source());
            assertSame(first, remote.costs(), "kept for the connection");
            float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 1);
            float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 2);
            float[] b = new float[a.length];
            NodeRoundTripTest.affine(a, c, b).on(remote).run();
            assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b, "a run after the calibration");
        }
    }

    @Test
    void shouldNotMeasureWhileARunIsOpenOnTheConnection() {
        try (CpuDevice cpu = new CpuDevice(1);
             CpuDevice local = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = connect(node)) {
            float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 3);
            float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 4);
            float[] b = new float[a.length];
            AtomicReference<Optional<DeviceCosts>> during = new AtomicReference<>();
            // two devices: the planner asks neither for costs, so the first call comes while the run is open
            NodeRoundTripTest.affine(a, c, b).splitAt(1).on(remote, local).onProgress((done, total) -> {
                if (done == total) { // the run still holds its buffers on the node
                    during.set(remote.costs());
                }
            }).run();
            assertEquals(Optional.empty(), during.get(), "measured while a run was open");
            assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
            assertTrue(remote.costs().isPresent(), "measured once the run has ended");
        }
    }

    @Test
    void shouldDescribeNothingOnceClosed() {
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET))) {
            RemoteDevice remote = connect(node);
            remote.close();
            assertEquals(Optional.empty(), remote.costs());
        }
    }
}
