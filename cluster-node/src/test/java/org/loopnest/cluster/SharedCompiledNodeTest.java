package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;

/**
 * Two coordinators on one node whose device runs compiled kernels: each coordinator's chunks run its own kernel,
 * even when the other opens a run (and compiles another kernel) in the middle.
 */
@Tag("opencl")
class SharedCompiledNodeTest {

    @Test
    void shouldRunEachCoordinatorsOwnKernelOnASharedOpenClNode() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, opencl, NodeRoundTripTest.SECRET))) {
            List<java.net.URI> address = List.of(Cluster.address("127.0.0.1:" + node.address().getPort()));
            try (RemoteDevice first = Cluster.connect(address, NodeRoundTripTest.SECRET).get(0);
                 RemoteDevice second = Cluster.connect(address, NodeRoundTripTest.SECRET).get(0)) {
                float[] a = new float[16 * 128];
                float[] plusOne = new float[a.length];
                float[] minusOne = new float[a.length];
                AtomicBoolean interleaved = new AtomicBoolean();
                LoopNest.of(16, 128).in("a", a).out("b", plusOne).deviceCode("b = a + 1.0f;").splitAt(1).buffers(1)
                        .on(first).onProgress((done, total) -> {
                            if (done == 2 && interleaved.compareAndSet(false, true)) {
                                LoopNest.of(16, 128).in("a", a).out("b", minusOne).deviceCode("b = -1.0f;")
                                        .splitAt(1).on(second).run();
                            }
                        }).run();
                assertTrue(interleaved.get());
                for (int k = 0; k < a.length; k++) {
                    assertEquals(1.0f, plusOne[k], "first coordinator's output at " + k);
                    assertEquals(-1.0f, minusOne[k], "second coordinator's output at " + k);
                }
            }
        }
    }

    @Test
    void shouldKeepChunkBuffersWithinTheCoordinatorsOwnFrameLimit() {
        try (org.loopnest.device.cpu.CpuDevice cpu = new org.loopnest.device.cpu.CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET))) {
            Cluster small = new Cluster(java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(30), null,
                    16 << 10);
            try (RemoteDevice remote = small.open(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                    NodeRoundTripTest.SECRET).get(0)) {
                assertTrue(remote.info().maxAllocationBytes() < 16 << 10, remote.info().toString());
                float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 9);
                float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 8);
                float[] b = new float[a.length];
                NodeRoundTripTest.affine(a, c, b).on(remote).run();
                org.junit.jupiter.api.Assertions.assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
            }
        }
    }
}
