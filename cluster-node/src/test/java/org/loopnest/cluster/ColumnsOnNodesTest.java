package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.LoopNestException;

/**
 * A body that walks columns runs on worker nodes as on the cpu: the level bindings travel with their column (array,
 * axis, level, levels), so a node checks and compiles the same subscripted body; a level outside the column fails
 * the run with the body's line.
 */
class ColumnsOnNodesTest {
    private static final int NT = 3;
    private static final int NZ = 6;
    private static final int NX = 7;
    private static final String BODY = """
            float sum = 0.0f;
            for (int k = 0; k < len(z); k++) {
                sum += a[k] * (float) (k + 1);
                if (k > 0) {
                    g[k] = a[k] - a[k - 1];
                }
            }
            s = sum;
            """;

    private static float[][] run(String body, Device... devices) {
        float[] a = new float[NT * NZ * NX];
        for (int i = 0; i < a.length; i++) {
            a[i] = (i * 7 % 23) - 11;
        }
        float[] s = new float[NT * NX];
        float[] g = new float[NT * NZ * NX];
        LoopNest.of(NT, NX).names("t", "x").column("z", NZ).in("a", a, "t", "z", "x").out("s", s)
                .out("g", g, "t", "z", "x").deviceCode(body).splitAt(1).on(devices).run();
        return new float[][] {s, g};
    }

    @Test
    void shouldWalkColumnsOnTwoNodesAsOnTheCpu() {
        float[][] expected;
        try (CpuDevice cpu = new CpuDevice(1)) {
            expected = run(BODY, cpu);
        }
        try (CpuDevice cpuA = new CpuDevice(1); SimDevice simB = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer one = NodeServer.start(NodeConfig.loopback(0, cpuA, NodeRoundTripTest.SECRET));
             NodeServer two = NodeServer.start(NodeConfig.loopback(0, simB, NodeRoundTripTest.SECRET))) {
            List<RemoteDevice> nodes = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + one.address().getPort()),
                    Cluster.address("127.0.0.1:" + two.address().getPort())), NodeRoundTripTest.SECRET);
            try {
                float[][] onNodes = run(BODY, nodes.toArray(RemoteDevice[]::new));
                assertArrayEquals(expected[0], onNodes[0]);
                assertArrayEquals(expected[1], onNodes[1]);
                LoopNestException e = assertThrows(LoopNestException.class, () -> run(BODY.replace("k < len(z)",
                        "k <= len(z)"), nodes.toArray(RemoteDevice[]::new)));
                String message = e.getMessage() + " / " + e.getCause();
                assertTrue(message.contains("level 6 of column array 'a' is outside 0 to 5 (len(z) = 6)"), message);
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }
}
