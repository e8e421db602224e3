package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * {@link LoopNest#kernelPath} chooses how Java devices run a kernel-language body; the plan's kernel carries the
 * choice, and the run's report says for each Java device how it ran ({@code kernel path: …}). The assertions hold
 * whichever path this JVM can take (the module present or not).
 */
class KernelPathTest {
    private static final int ROWS = 10;
    private static final int COLS = 100;
    private static final int N = ROWS * COLS;

    private static LoopNest nest(float[] a, float[] b) {
        return LoopNest.of(ROWS, COLS).names("r", "i").in("a", a).out("b", b)
                .deviceCode("b = 2.0f * a + (float) (i % 7L);").splitAt(0);
    }

    private static float[] ramp() {
        float[] a = new float[N];
        for (int i = 0; i < N; i++) {
            a[i] = i * 0.25f - 3;
        }
        return a;
    }

    private static float[] expected(float[] a) {
        float[] b = new float[N];
        for (int i = 0; i < N; i++) {
            b[i] = 2.0f * a[i] + (float) (i % COLS % 7L);
        }
        return b;
    }

    @Test
    void shouldRefuseANullKernelPathNamingTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LoopNest.of(4).kernelPath(null));
        assertEquals("kernelPath is null (expected: KernelPath.AUTO, the default, KernelPath.VECTOR or "
                + "KernelPath.SCALAR)", e.getMessage());
    }

    @Test
    void shouldCarryTheChosenPathIntoThePlansKernel() {
        float[] a = ramp();
        RunPlan auto = nest(a, new float[N]).plan();
        assertEquals(KernelPath.SCALAR, auto.kernel().path(), "the default, AUTO, for a short run");
        assertTrue(auto.kernel().javaPathReport().startsWith("scalar: a short run (" + N + " iterations"),
                auto.kernel().javaPathReport());
        assertEquals(KernelPath.VECTOR, nest(a, new float[N]).kernelPath(KernelPath.VECTOR).plan().kernel().path());
        RunPlan scalar = nest(a, new float[N]).kernelPath(KernelPath.SCALAR).plan();
        assertEquals(KernelPath.SCALAR, scalar.kernel().path());
        assertTrue(scalar.kernel().javaPathReport().startsWith("scalar: "), scalar.kernel().javaPathReport());
    }

    @Test
    void shouldSayInTheReportHowTheCpuAndTheSimRanTheKernel() {
        float[] a = ramp();
        for (KernelPath path : KernelPath.values()) {
            float[] b = new float[N];
            try (CpuDevice cpu = new CpuDevice(2); SimDevice sim = new SimDevice(SimConfig.builder().build())) {
                RunPlan plan = nest(a, b).kernelPath(path).splitAt(1).on(cpu, sim).plan();
                RunReport report;
                try (Execution run = plan.start()) {
                    report = run.await();
                }
                String expected = plan.kernel().javaPathReport(); // after the run: compiling may decide the path
                assertTrue(expected.startsWith("scalar: ")
                        || path == KernelPath.VECTOR && expected.startsWith("vector ("), expected);
                List<String> lines = report.toString().lines().filter(l -> l.startsWith("kernel path: ")).toList();
                assertEquals(List.of("kernel path: " + expected + " (cpu)", "kernel path: " + expected + " (sim)"),
                        lines, report.toString());
                assertTrue(report.toJson().contains("\"kernelPathPerDevice\":{\"cpu\":"), report.toJson());
                assertArrayEquals(expected(a), b, path.spelling());
            }
        }
    }

    @Test
    void shouldSayJavaBodyForANestWithAJavaBody() {
        float[] a = ramp();
        float[] b = new float[N];
        RunReport report = LoopNest.of(N).in("a", a).out("b", b).kernel(arrays -> {
            var in = arrays.floats("a");
            var out = arrays.floats("b");
            return it -> out.set(it, in.get(it));
        }).kernelPath(KernelPath.SCALAR).run();
        assertTrue(report.toString().lines().anyMatch("kernel path: Java body"::equals), report.toString());
    }
}
