package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.RunSpec;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * The coordinator's kernel path travels with the run to worker nodes, which compile the kernel-language body by it
 * themselves; each node answers how its own JVM runs it, and the run's report gives that answer for the node.
 */
class KernelPathOnNodesTest {
    private static final DeviceCode BODY = new DeviceCode("scaled", "b = a * 0.5f + exp(-c);", "");

    private static RunReport run(KernelPath path, float[] b, Device... devices) {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 1);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 2);
        return LoopNest.of(NodeRoundTripTest.ROWS, NodeRoundTripTest.COLS).names("row", "col").in("a", a)
                .in("c", c, "col").out("b", b).deviceCode(BODY).kernelPath(path).splitAt(1).on(devices).run();
    }

    @Test
    void shouldRunTheScalarPathOnANodeWhenTheCoordinatorForcesItAndReportTheNodesPath() {
        float[] expected = new float[NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS];
        float[] b = new float[expected.length];
        try (CpuDevice local = new CpuDevice(1); CpuDevice cpu = new CpuDevice(1);
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, cpu, NodeRoundTripTest.SECRET));
             RemoteDevice remote = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                     NodeRoundTripTest.SECRET).get(0)) {
            RunReport here = run(KernelPath.SCALAR, expected, local);
            RunReport there = run(KernelPath.SCALAR, b, remote);
            String path = here.perDevice().get(0).kernelPath().orElseThrow();
            assertTrue(path.startsWith("scalar: "), path);
            assertEquals(Optional.of(path), there.perDevice().get(0).kernelPath(), there.toString());
            assertTrue(there.toString().lines().anyMatch(("kernel path: " + path)::equals), there.toString());
            assertArrayEquals(expected, b);
        }
    }

    @Test
    void shouldReportTheNodesOwnAnswerForTheRunItSetUp() throws IOException {
        Kernel kernel = Kernel.of(new AffineKernel());
        RunSpec run = new RunSpec(IndexSpace.of(4).split(0, 1), List.of(), kernel, null);
        try (FakeNode fake = FakeNode.start("a node that says its path", (byte) 0);
             RemoteDevice remote = Cluster.defaults().withHeartbeat(Duration.ofMillis(100))
                     .open(List.of(Cluster.address(fake.address())), NodeRoundTripTest.SECRET).get(0)) {
            remote.beginRun(run);
            assertEquals(Optional.of(FakeNode.KERNEL_PATH), remote.kernelPath(run));
            RunSpec other = new RunSpec(IndexSpace.of(4).split(0, 1), List.of(), kernel, null);
            assertEquals(Optional.empty(), remote.kernelPath(other), "a run this device did not begin");
        }
    }

    @Test
    void shouldCarryTheKernelPathInTheRunDescription() {
        IndexSpace space = IndexSpace.of(3, 5).withNames("i", "j");
        List<ArrayBinding> arrays = List.of(
                ArrayBinding.descriptor("a", Role.IN, ElementType.FLOAT, space, new int[] {0, 1}),
                ArrayBinding.descriptor("b", Role.OUT, ElementType.FLOAT, space, new int[] {0, 1}));
        DeviceCode code = DeviceCode.of("b = 2.0f * a;");
        for (KernelPath path : List.of(KernelPath.VECTOR, KernelPath.SCALAR)) { // settled in a kernel: never AUTO
            Kernel kernel = Kernel.ofProgram(KernelLanguage.check(code, KernelContext.of(space, arrays)), path);
            ByteBuf wire = Unpooled.buffer();
            try {
                RunSpecCodec.write(wire, new RunSpec(space.split(1, 1), arrays, kernel, null), false);
                RunSpecCodec.Decoded decoded = RunSpecCodec.read(wire);
                assertEquals(path, decoded.path());
                assertEquals(path, decoded.load(false).kernel().path(), "a node running Java");
                assertEquals(path, decoded.load(true).kernel().path(), "a node that compiles");
            } finally {
                wire.release();
            }
        }
    }

    @Test
    void shouldRefuseAnUnknownKernelPathInTheRunDescription() {
        byte[] run = OpenRunRefusalTest.openRun("org.example.K");
        run[run.length - 1] = 7;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> RunSpecCodec.read(Unpooled.wrappedBuffer(run)));
        assertEquals("kernel path 7 (expected: 0 to 1)", e.getMessage());
    }
}
