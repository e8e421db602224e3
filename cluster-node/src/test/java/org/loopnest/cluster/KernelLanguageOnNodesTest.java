package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;

/**
 * A body given only in the kernel language travels to nodes as its text; a node with a cpu or sim device compiles
 * it for the JVM itself (no class on its class path) and the results are bit-identical to the local cpu's.
 */
class KernelLanguageOnNodesTest {
    private static final DeviceCode BODY = new DeviceCode("scaled", """
            float s = a;
            for (int i = 0; i < 4; i++) { s = s * 0.75f + sqrt(fabs(c)); }
            b = s + (float) (row % 7L) - exp(-(float) col / 300.0f);
            """, "");

    private static LoopNest nest(float[] a, float[] c, float[] b) {
        return LoopNest.of(NodeRoundTripTest.ROWS, NodeRoundTripTest.COLS).names("row", "col").in("a", a)
                .in("c", c, "col").out("b", b).deviceCode(BODY).splitAt(1);
    }

    private static float[] run(float[] a, float[] c, Device... devices) {
        float[] b = new float[a.length];
        nest(a, c, b).on(devices).run();
        return b;
    }

    @Test
    void shouldCompileTheTextOnEachNodeAndMatchTheLocalCpuBitForBit() {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 1);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 2);
        try (CpuDevice local = new CpuDevice(1); CpuDevice cpuA = new CpuDevice(1);
             SimDevice simB = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer one = NodeServer.start(NodeConfig.loopback(0, cpuA, NodeRoundTripTest.SECRET));
             NodeServer two = NodeServer.start(NodeConfig.loopback(0, simB, NodeRoundTripTest.SECRET))) {
            float[] expected = run(a, c, local);
            List<RemoteDevice> nodes = Cluster.connect(List.of(
                    Cluster.address("127.0.0.1:" + one.address().getPort()),
                    Cluster.address("127.0.0.1:" + two.address().getPort())), NodeRoundTripTest.SECRET);
            try {
                float[] b = new float[a.length];
                RunReport report = nest(a, c, b).on(nodes.toArray(RemoteDevice[]::new)).run();
                assertArrayEquals(expected, b);
                assertEquals(NodeRoundTripTest.ROWS, report.chunks());
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }
}
