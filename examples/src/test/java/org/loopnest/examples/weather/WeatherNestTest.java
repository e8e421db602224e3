package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * The weather nest against the plain sequential loop, on the CPU and on a simulated device too small for the data:
 * bit for bit on the scalar path, within each output's tolerance on the vector path (its {@code exp}, {@code log}
 * and {@code pow} are SVML's once compiled). The tests of the verification's own arithmetic run the scalar path, so
 * that its errors are exactly 0.
 */
class WeatherNestTest {
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldMatchTheSequentialLoopOnTheCpu(KernelPath path) {
        WeatherFields f = WeatherFields.synthetic(3, 7, 12, 20, 5);
        try (CpuDevice cpu = new CpuDevice(2)) {
            RunReport report = WeatherNest.nest(f).kernelPath(path).splitAt(2).on(cpu).run();
            assertEquals(21, report.chunks());
        }
        assertSequential(f, path);
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldMatchTheSequentialLoopOnASmallSimulatedDeviceThroughManyChunks(KernelPath path) {
        WeatherFields f = WeatherFields.synthetic(2, 7, 16, 24, 6);
        long dataBytes = (long) f.shape().points() * (2 + WeatherOutput.COUNT) * Float.BYTES;
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(dataBytes / 8).threads(2).build())) {
            for (int buffers = 1; buffers <= 3; buffers++) {
                RunReport report = WeatherNest.nest(f).kernelPath(path).on(sim).buffers(buffers).run();
                assertTrue(report.chunks() >= 8, "out-of-core needs many chunks: " + report);
                assertEquals(0, sim.usedBytes());
                assertSequential(f, path);
            }
        }
    }

    @Test
    void shouldSeeThePressureOfEachLevel() {
        WeatherFields f = WeatherFields.synthetic(1, 3, 1, 1, 1);
        WeatherNest.nest(f).kernelPath(KernelPath.SCALAR).splitAt(1).run();
        for (int z = 0; z < 3; z++) {
            float t = f.temperature()[z];
            if (!WeatherFormulas.isMissing(t)) {
                assertEquals(WeatherFormulas.theta(t, f.levels()[z]), f.theta()[z]);
            }
        }
    }

    @Test
    void shouldTakeNaNOnlyForNaN() {
        WeatherFields f = WeatherFields.synthetic(1, 2, 3, 4, 1);
        WeatherNest.nest(f).run();
        f.temperature()[0] = Float.NaN;
        Verification numberForNaN = WeatherNest.verify(f);
        assertFalse(numberForNaN.passed(), "a number where the reference has NaN is a mismatch");
        assertEquals(0, numberForNaN.firstMismatch());
        for (WeatherOutput o : WeatherOutput.values()) {
            f.output(o)[0] = Float.NaN;
        }
        assertTrue(WeatherNest.verify(f).passed(), "NaN matches NaN");
    }

    @Test
    void shouldCountMismatchesAndReportTheLargestError() {
        WeatherFields f = WeatherFields.synthetic(1, 2, 3, 4, 1);
        WeatherNest.nest(f).kernelPath(KernelPath.SCALAR).run();
        assertFalse(Float.isNaN(f.theta()[5]));
        f.theta()[5] *= 1.001f;
        Verification wrong = WeatherNest.verify(f);
        assertEquals(1, wrong.mismatches());
        assertEquals(5, wrong.firstMismatch());
        assertEquals(0.001, wrong.maxErrors().get(WeatherOutput.THETA), 1e-6);
        assertTrue(wrong.toString().startsWith("verification FAILED: 1 of 24 points differ"), wrong.toString());
    }

    @Test
    void shouldReportTheLclErrorsAndWhichToleranceIsAbsolute() {
        WeatherFields f = WeatherFields.synthetic(1, 2, 3, 4, 1);
        WeatherNest.nest(f).kernelPath(KernelPath.SCALAR).run();
        String passed = WeatherNest.verify(f).toString();
        assertTrue(passed.endsWith("lcl_p 0, lcl_t 0 K; td, lcl_t absolute, others relative)"), passed);
        assertFalse(Float.isNaN(f.lclT()[7]), "a humid point has a condensation level");
        f.lclT()[7] += 0.02f;
        f.lclP()[7] *= 1.00001f;
        Verification check = WeatherNest.verify(f);
        assertEquals(1, check.mismatches(), "lcl_t 0.02 K off is outside 0.01 K; lcl_p 1e-5 off is within 2e-5");
        assertEquals(0.02, check.maxErrors().get(WeatherOutput.LCL_T), 1e-4);
        assertEquals(1e-5, check.maxErrors().get(WeatherOutput.LCL_P), 1e-6);
        assertTrue(check.toString().endsWith("lcl_t 0.020 K)"), check.toString());
    }

    /** Bit for bit on the scalar path (every error of the verification 0), within the tolerances on the vector. */
    private static void assertSequential(WeatherFields f, KernelPath path) {
        float[][] expected = sequential(f);
        for (WeatherOutput o : WeatherOutput.values()) {
            WeatherAssertions.assertMatches(path, o, expected[o.ordinal()], f.output(o), "point");
        }
        Verification check = WeatherNest.verify(f);
        assertTrue(check.passed(), check.toString());
        if (path == KernelPath.SCALAR) {
            check.maxErrors().values().forEach(error -> assertEquals(0.0, error));
        }
    }

    private static float[][] sequential(WeatherFields f) {
        float[][] expected = f.newOutputs();
        WeatherNest.sequential(f, expected);
        return expected;
    }
}
