package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * An output element the body leaves unset comes back as 0 from a node too, whatever its device, as from a local
 * one: not the array's old value, not an earlier chunk's result in a reused buffer.
 */
class UnsetOutputOnNodeTest {
    private static final int Y = 6;
    private static final int X = 8;

    private static void assertSetOrZero(Device nodeDevice, int buffers) {
        try (NodeServer node = NodeServer.start(NodeConfig.loopback(0, nodeDevice, NodeRoundTripTest.SECRET));
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                     NodeRoundTripTest.SECRET).get(0)) {
            float[] out = new float[Y * X];
            Arrays.fill(out, -7f);
            LoopNest.of(Y, X).names("y", "x").in("a", new float[Y * X]).out("o", out).splitAt(1).buffers(buffers)
                    .kernel(new UpperTriangleKernel()).on(remote).run();
            for (int y = 0; y < Y; y++) {
                for (int x = 0; x < X; x++) {
                    assertEquals(x >= y ? 1 + y * X + x : 0, out[y * X + x], nodeDevice + " with " + buffers
                            + " buffer sets: o[" + y + ", " + x + "]");
                }
            }
        }
    }

    @Test
    void shouldGiveZeroForAnUnsetElementFromANodeOnACpu() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            assertSetOrZero(cpu, 1);
            assertSetOrZero(cpu, 2);
        }
    }

    @Test
    void shouldGiveZeroForAnUnsetElementFromANodeOnASimulator() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build())) {
            assertSetOrZero(sim, 1);
            assertSetOrZero(sim, 2);
        }
    }
}
