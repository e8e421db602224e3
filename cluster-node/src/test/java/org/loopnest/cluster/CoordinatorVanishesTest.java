package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** A coordinator that vanishes leaves nothing allocated on the node, which then serves the next coordinator. */
class CoordinatorVanishesTest {

    @Test
    void shouldFreeAVanishedCoordinatorsBuffersAndServeTheNextOne() throws Exception {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET))) {
            List<java.net.URI> address = List.of(Cluster.address("127.0.0.1:" + node.address().getPort()));
            RemoteDevice first = Cluster.connect(address, NodeRoundTripTest.SECRET).get(0);
            DeviceBuffer a = first.allocate(4096);
            DeviceBuffer b = first.allocate(8192);
            assertEquals(4096 + 8192, sim.usedBytes());
            first.close();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (sim.usedBytes() != 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            assertEquals(0, sim.usedBytes(), "the node freed the vanished coordinator's buffers");
            assertTrue(first.isLost(), "the closed device reports itself lost");
            a.close();
            b.close();

            try (RemoteDevice second = Cluster.connect(address, NodeRoundTripTest.SECRET).get(0)) {
                int rows = NodeRoundTripTest.ROWS;
                int cols = NodeRoundTripTest.COLS;
                float[] in = NodeRoundTripTest.filled(rows * cols, 5);
                float[] c = NodeRoundTripTest.filled(cols, 6);
                float[] out = new float[in.length];
                LoopNest nest = NodeRoundTripTest.affine(in, c, out).splitAt(1).on(second);
                nest.run();
                assertArrayEquals(NodeRoundTripTest.onCpu(in, c), out);
            }
        }
    }
}
