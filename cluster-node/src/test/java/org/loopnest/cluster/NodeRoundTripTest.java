package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.DeviceReports;
import org.loopnest.report.RunReport;

/** Nodes on loopback run chunks for a coordinator and give the same outputs as the CPU. */
class NodeRoundTripTest {
    static final Secret SECRET = Secret.of("correct horse battery staple".getBytes(StandardCharsets.UTF_8));
    static final int ROWS = 40;
    static final int COLS = 300;

    static LoopNest affine(float[] a, float[] c, float[] b) {
        return LoopNest.of(ROWS, COLS).names("row", "col").in("a", a).in("c", c, "col").out("b", b)
                .kernel(new AffineKernel()).deviceCode(AffineKernel.C_BODY);
    }

    static float[] filled(int n, int seed) {
        float[] v = new float[n];
        for (int k = 0; k < n; k++) {
            v[k] = (k * 31 + seed) % 997;
        }
        return v;
    }

    static float[] onCpu(float[] a, float[] c) {
        float[] b = new float[a.length];
        try (CpuDevice cpu = new CpuDevice(1)) {
            affine(a, c, b).on(cpu).run();
        }
        return b;
    }

    @Test
    void shouldRunEveryChunkOnTwoNodesAndMatchTheCpu() {
        float[] a = filled(ROWS * COLS, 1);
        float[] c = filled(COLS, 2);
        try (CpuDevice cpuA = new CpuDevice(1); SimDevice simB = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer one = NodeServer.start(NodeConfig.loopback(0, cpuA, SECRET));
             NodeServer two = NodeServer.start(NodeConfig.loopback(0, simB, SECRET))) {
            List<RemoteDevice> nodes = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + one.address().getPort()),
                    Cluster.address("127.0.0.1:" + two.address().getPort())), SECRET);
            try {
                float[] b = new float[a.length];
                RunReport report = affine(a, c, b).splitAt(1).on(nodes.toArray(RemoteDevice[]::new)).run();
                assertArrayEquals(onCpu(a, c), b);
                assertEquals(ROWS, report.chunks());
                assertEquals(ROWS, DeviceReports.chunksRun(report));
                assertTrue(report.devices().get(0).startsWith("node:127.0.0.1:"), report.toString());
            } finally {
                nodes.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldCloseARemoteDeviceTwiceWithoutError() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, SECRET))) {
            RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                    SECRET).get(0);
            remote.close();
            assertDoesNotThrow(remote::close);
            assertTrue(remote.isLost(), "a closed device reports itself lost");
        }
    }

    @Test
    void shouldRefuseALambdaKernelForAJavaNodeWithAClearMessage() {
        try (CpuDevice cpu = new CpuDevice(1); NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, SECRET));
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                     SECRET).get(0)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(4, 4)
                    .in("a", new float[16]).out("b", new float[16]).kernel(arrays -> {
                        FloatView b = arrays.floats("b");
                        return it -> b.set(it, 1);
                    }).on(remote).run());
            assertTrue(e.getMessage().startsWith("the Java body is a lambda"), e.getMessage());
        }
    }
}
