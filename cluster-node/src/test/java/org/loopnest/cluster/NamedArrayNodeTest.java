package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** A kernel class whose arrays are {@code static final} typed handles runs on a node that loads it by name. */
class NamedArrayNodeTest {
    @Test
    void shouldRunAKernelClassWithStaticHandlesOnANode() {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 5);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 6);
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET))) {
            RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                    NodeRoundTripTest.SECRET).get(0);
            try {
                float[] b = new float[a.length];
                LoopNest.of(NodeRoundTripTest.ROWS, NodeRoundTripTest.COLS).names("row", "col")
                        .in(HandleAffineKernel.A, a).in(HandleAffineKernel.C, c, "col").out(HandleAffineKernel.B, b)
                        .kernel(new HandleAffineKernel()).splitAt(1).on(remote).run();
                assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
            } finally {
                remote.close();
            }
        }
    }
}
