package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.report.RunReport;

/** A node that stops answering (its event loop stuck) is lost after its missed heartbeats; the run goes on. */
class MissedHeartbeatsTest {

    /** A CPU device whose copies in block the calling thread (the node's event loop) once {@code freeze} is set. */
    static final class FreezingDevice extends ForwardingDevice {
        final CountDownLatch thaw = new CountDownLatch(1);
        volatile int copiesBeforeFreeze = 2;

        FreezingDevice() {
            super(new CpuDevice(1));
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            if (--copiesBeforeFreeze < 0) {
                try {
                    thaw.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.copyIn(host, target, bytes);
        }

        @Override
        public void close() {
            thaw.countDown();
            super.close();
        }
    }

    @Test
    void shouldRunAFrozenNodesChunksOnTheOtherNode() {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 3);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 4);
        try (FreezingDevice freezing = new FreezingDevice(); CpuDevice healthy = new CpuDevice(1);
             NodeServer stuck = NodeServer.start(NodeConfig.loopback(0, freezing, NodeRoundTripTest.SECRET));
             NodeServer good = NodeServer.start(NodeConfig.loopback(0, healthy, NodeRoundTripTest.SECRET))) {
            Cluster cluster = Cluster.defaults().withHeartbeat(Duration.ofMillis(100));
            List<RemoteDevice> nodes = cluster.open(List.of(Cluster.address("127.0.0.1:" + stuck.address().getPort()),
                    Cluster.address("127.0.0.1:" + good.address().getPort())), NodeRoundTripTest.SECRET);
            try {
                float[] b = new float[a.length];
                RunReport report = NodeRoundTripTest.affine(a, c, b).splitAt(1).timeout(Duration.ofMinutes(1))
                        .on(nodes.toArray(RemoteDevice[]::new)).run();
                assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
                assertTrue(report.notes().stream().anyMatch(n -> n.matches("device node:127\\.0\\.0\\.1:\\d+ lost "
                        + "after \\d+ chunks: no heartbeat reply in time; .*")),
                        report.toString());
            } finally {
                freezing.thaw.countDown();
                nodes.forEach(RemoteDevice::close);
            }
        }
    }
}
