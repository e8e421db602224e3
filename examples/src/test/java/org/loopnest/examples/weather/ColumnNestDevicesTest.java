package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.cuda.CudaDevice;
import org.loopnest.device.cuda.CudaSupport;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.internal.codegen.Nvcc;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * The weather example's column body on every device over a grid of soundings (ERA5's 37 levels; tropical, dry,
 * capped, buoyant from the LCL, one with a missing level, and generated ones), stored {@code [t][z][y][x]}: the same
 * values as the sequential loop ({@link ColumnFormulas}, bit for bit on the JVM), and each column within the
 * tolerances of {@code ColumnFormulasTest} of the independent double-precision {@link ColumnReference}. The levels
 * stored from the top down give the same columns.
 */
class ColumnNestDevicesTest {
    private static final int NT = 2;
    private static final int NY = 3;
    private static final int NX = 8;
    private static final float[] P = Soundings.ERA5_LEVELS;

    /** The soundings, one per column; column 5 has a missing temperature at level 20. */
    private static List<Soundings.Sounding> soundings() {
        List<Soundings.Sounding> named = List.of(Soundings.tropical(P), Soundings.dry(P), Soundings.capped(P),
                Soundings.buoyantFromLcl(P));
        List<Soundings.Sounding> generated = Soundings.generated(11, NT * NY * NX);
        java.util.ArrayList<Soundings.Sounding> all = new java.util.ArrayList<>(named);
        for (Soundings.Sounding s : generated) {
            if (all.size() < NT * NY * NX && s.p().length == P.length) {
                all.add(s);
            }
        }
        while (all.size() < NT * NY * NX) {
            all.add(Soundings.tropical(P));
        }
        float[] t5 = all.get(5).T().clone();
        t5[20] = Float.NaN;
        all.set(5, new Soundings.Sounding("missing", P, t5, all.get(5).q()));
        return all;
    }

    /** The soundings as fields {@code [t][z][y][x]}, levels from the ground up, or stored from the top down. */
    private static WeatherFields fields(boolean fromTop) {
        List<Soundings.Sounding> columns = soundings();
        int nz = P.length;
        int plane = NY * NX;
        float[] t = new float[NT * nz * plane];
        float[] q = new float[t.length];
        for (int c = 0; c < columns.size(); c++) {
            int time = c / plane;
            for (int k = 0; k < nz; k++) {
                int stored = fromTop ? nz - 1 - k : k;
                t[(time * nz + stored) * plane + c % plane] = columns.get(c).T()[k];
                q[(time * nz + stored) * plane + c % plane] = columns.get(c).q()[k];
            }
        }
        float[] levels = P.clone();
        if (fromTop) {
            for (int k = 0; k < nz; k++) {
                levels[k] = P[nz - 1 - k];
            }
        }
        return WeatherFields.of(new GridShape(NT, nz, NY, NX), t, q, levels);
    }

    private static ColumnFields run(WeatherFields f, Device device) {
        ColumnFields out = new ColumnFields(f.shape());
        RunReport report = ColumnNest.nest(f, out, MissingMarkers.NONE).splitAt(1).on(device).run();
        assertTrue(report.chunks() > 1, report.toString());
        return out;
    }

    private static void assertAgainstReference(ColumnFields out, String device) {
        List<Soundings.Sounding> columns = soundings();
        int plane = NY * NX;
        for (int c = 0; c < columns.size(); c++) {
            Soundings.Sounding s = columns.get(c);
            ColumnReference.Result r = ColumnReference.of(s);
            String what = device + ", column " + c + " (" + s.name() + ")";
            for (int k = 0; k < P.length; k++) {
                float gh = out.output(ColumnOutput.GH)[((c / plane) * P.length + k) * plane + c % plane];
                if (Double.isNaN(r.gh()[k])) {
                    assertTrue(Float.isNaN(gh), what + ": gh NaN at level " + k);
                } else {
                    assertEquals(r.gh()[k], gh, 0.05 + 2e-6 * Math.abs(r.gh()[k]), what + ": gh at level " + k);
                }
            }
            assertClose(r.pw(), out.output(ColumnOutput.PW)[c], 1e-4 + 1e-5 * Math.abs(r.pw()), what + ": pw");
            if (r.margin() >= 0.01) { // else a rounding may choose another crossing (ColumnFormulasTest)
                assertClose(r.cape(), out.output(ColumnOutput.CAPE)[c], 1 + 1e-4 * Math.abs(r.cape()), what
                        + ": cape");
                assertClose(r.cin(), out.output(ColumnOutput.CIN)[c], 0.5 + 1e-4 * Math.abs(r.cin()), what + ": cin");
            }
        }
        assertTrue(out.output(ColumnOutput.CAPE)[0] > 500, "the tropical column has CAPE of order 1e3: "
                + out.output(ColumnOutput.CAPE)[0]);
        assertEquals(0f, out.output(ColumnOutput.CAPE)[1], "the dry column");
        assertTrue(out.output(ColumnOutput.CIN)[2] < 0, "the capped column has CIN");
        assertTrue(Float.isNaN(out.output(ColumnOutput.PW)[5]), "the column with a missing level");
    }

    private static void assertClose(double expected, float actual, double tolerance, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Float.isNaN(actual), what + ": NaN expected, was " + actual);
        } else {
            assertEquals(expected, actual, tolerance, what);
        }
    }

    private static void assertSequential(WeatherFields f, ColumnFields out, boolean bitForBit, String device) {
        ColumnFields expected = new ColumnFields(f.shape());
        ColumnNest.sequential(f, expected);
        for (ColumnOutput o : ColumnOutput.values()) {
            if (bitForBit) {
                assertArrayEquals(expected.output(o), out.output(o), device + ": " + o.key());
            }
        }
        ColumnVerification v = ColumnVerification.compare(expected, out);
        assertTrue(v.passed(), device + ": " + v);
    }

    @Test
    void shouldMatchTheSequentialLoopBitForBitAndTheDoubleReferenceOnTheCpuAndTheSimulator() {
        WeatherFields f = fields(false);
        try (CpuDevice cpu = new CpuDevice(2); SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            for (Device device : new Device[] {cpu, sim}) {
                ColumnFields out = run(f, device);
                assertSequential(f, out, true, device.info().name());
                assertAgainstReference(out, device.info().name());
            }
        }
    }

    @Test
    void shouldMatchWithinTheTolerancesOnTheVectorPathWithLanesForNeighbouringColumns() {
        WeatherFields f = fields(false);
        try (CpuDevice cpu = new CpuDevice(2); SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            for (Device device : new Device[] {cpu, sim}) {
                ColumnFields out = new ColumnFields(f.shape());
                RunReport report = ColumnNest.nest(f, out, MissingMarkers.NONE).kernelPath(KernelPath.VECTOR)
                        .splitAt(1).on(device).run();
                String path = report.perDevice().get(0).kernelPath().orElse("");
                assertTrue(path.startsWith("vector (") || path.startsWith("scalar: jdk.incubator.vector"), path);
                assertSequential(f, out, false, device.info().name() + " vector");
                assertAgainstReference(out, device.info().name() + " vector");
            }
        }
    }

    @Test
    void shouldGiveTheSameColumnsForLevelsStoredFromTheTopDown() {
        WeatherFields up = fields(false);
        WeatherFields down = fields(true);
        assertTrue(ColumnNest.fromTop(down.levels()));
        try (CpuDevice cpu = new CpuDevice(2)) {
            ColumnFields fromGround = run(up, cpu);
            ColumnFields fromTop = run(down, cpu);
            for (ColumnOutput o : List.of(ColumnOutput.PW, ColumnOutput.CAPE, ColumnOutput.CIN)) {
                assertArrayEquals(fromGround.output(o), fromTop.output(o), o.key());
            }
            int plane = NY * NX;
            int nz = P.length;
            for (int i = 0; i < fromGround.output(ColumnOutput.GH).length; i++) {
                int t = i / (nz * plane);
                int k = i / plane % nz;
                int stored = (t * nz + nz - 1 - k) * plane + i % plane;
                assertEquals(fromGround.output(ColumnOutput.GH)[i], fromTop.output(ColumnOutput.GH)[stored],
                        "gh stored from the top down at " + i);
            }
            assertSequential(down, fromTop, true, "cpu, from the top down");
        }
    }

    @Test
    @Tag("opencl")
    void shouldMatchWithinTheTolerancesOnOpenCl() {
        OpenClSupport.assumeOpenCl();
        WeatherFields f = fields(false);
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            ColumnFields out = run(f, opencl);
            assertSequential(f, out, false, "opencl");
            assertAgainstReference(out, "opencl");
        }
    }

    @Test
    void shouldCompileToPtxAtEverySplitWhenNvccIsInstalled(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Nvcc.onPath(), "nvcc is not on the PATH: CUDA code generation is not compiled here");
        WeatherFields f = fields(false);
        for (int d = 0; d < 3; d++) {
            List<Path> files = ColumnNest.nest(f, new ColumnFields(f.shape()), MissingMarkers.NONE).splitAt(d)
                    .dumpKernels(dir.resolve("d" + d));
            assertEquals(List.of(dir.resolve("d" + d + "/column.cl"), dir.resolve("d" + d + "/column.cu"),
                    dir.resolve("d" + d + "/column.java"), dir.resolve("d" + d + "/column.vector.java")), files,
                    "the three targets and the JVM's vector class");
            Nvcc.assertCompiles(files.get(1));
        }
    }

    @Tag("gpu")
    @Test
    void shouldMatchWithinTheTolerancesOnCuda() {
        CudaSupport.assumeCuda();
        WeatherFields f = fields(false);
        try (CudaDevice gpu = CudaDevice.open(0)) {
            ColumnFields out = run(f, gpu);
            assertSequential(f, out, false, "cuda");
            assertAgainstReference(out, "cuda");
            assertEquals(0, gpu.usedBytes());
        }
    }
}
