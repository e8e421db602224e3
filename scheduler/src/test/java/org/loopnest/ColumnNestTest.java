package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.LoopNestException;

/**
 * Bodies that walk a column: a nest over (t, y, x) with column axis z, inputs stored {@code [t][z][y][x]} and
 * {@code [z]}, a per-column output and a column output stored {@code [t][y][x][z]}; the same results on every device,
 * the unwritten level NaN, and a level outside the column failing the run with the body's line, the array, the level
 * and the extent.
 */
class ColumnNestTest {
    private static final int NT = 2;
    private static final int NZ = 4;
    private static final int NY = 3;
    private static final int NX = 5;
    private static final String BODY = """
            float sum = 0.0f;
            for (int k = 0; k < len(z); k++) {
                sum += T[k] * p[k];
            }
            s = sum;
            for (int k = 0; k + 1 < len(z); k++) {
                g[k] = T[k] + (float) k;
            }
            g[0] += 0.5f;
            """;

    private static float[] temperature() {
        float[] t = new float[NT * NZ * NY * NX];
        for (int i = 0; i < t.length; i++) {
            t[i] = 200f + (i * 37 % 101);
        }
        return t;
    }

    private static final float[] P = {1000f, 850f, 500f, 250f};

    private record Result(float[] s, float[] g) {
    }

    private static Result run(Function<LoopNest, LoopNest> on, String body) {
        float[] s = new float[NT * NY * NX];
        float[] g = new float[NT * NY * NX * NZ];
        on.apply(LoopNest.of(NT, NY, NX).names("t", "y", "x").column("z", NZ)
                .in("T", temperature(), "t", "z", "y", "x").in("p", P, "z")
                .out("s", s).out("g", g, "t", "y", "x", "z").deviceCode(body)).run();
        return new Result(s, g);
    }

    private static void assertColumns(Result r, String device) {
        float[] t = temperature();
        for (int it = 0; it < NT; it++) {
            for (int y = 0; y < NY; y++) {
                for (int x = 0; x < NX; x++) {
                    float sum = 0f;
                    for (int k = 0; k < NZ; k++) {
                        sum += t[((it * NZ + k) * NY + y) * NX + x] * P[k];
                    }
                    int column = (it * NY + y) * NX + x;
                    assertEquals(sum, r.s()[column], Math.ulp(sum) * 4, device + ": s at " + column);
                    for (int k = 0; k < NZ; k++) {
                        float expected = k + 1 < NZ ? t[((it * NZ + k) * NY + y) * NX + x] + k + (k == 0 ? 0.5f : 0f)
                                : Float.NaN;
                        assertEquals(expected, r.g()[column * NZ + k], device + ": g at column " + column + ", level "
                                + k);
                    }
                }
            }
        }
    }

    @Test
    void shouldWalkEachColumnOnTheCpu() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertColumns(run(n -> n.on(cpu), BODY), "cpu");
        }
    }

    @Test
    void shouldWalkEachColumnOnTheSimulatorInChunksOfWholeColumns() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            assertColumns(run(n -> n.on(sim).splitAt(2), BODY), "sim");
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldWalkEachColumnOnTheVectorPathWithLanesForNeighbouringColumns() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertColumns(run(n -> n.on(cpu).kernelPath(org.loopnest.kernel.KernelPath.VECTOR), BODY), "cpu vector");
        }
    }

    /** Lanes that ask for different levels (a level per column) read and write each its own, on both paths. */
    @Test
    void shouldReadAndWriteALevelPerLaneWhenNeighbouringColumnsAskForDifferentLevels() {
        String body = """
                const int k = (int) ((x + 2L * y) % 4L);
                s = T[k] + p[(int) (x % 3L)];
                g[k] = (float) k;
                if (x % 2L == 0L) {
                    g[(k + 1) % len(z)] += 10.0f;
                }
                """;
        float[] t = temperature();
        for (org.loopnest.kernel.KernelPath path : org.loopnest.kernel.KernelPath.values()) {
            if (path == org.loopnest.kernel.KernelPath.AUTO) {
                continue;
            }
            Result r;
            try (CpuDevice cpu = new CpuDevice(2)) {
                r = run(n -> n.on(cpu).kernelPath(path), body);
            }
            for (int it = 0; it < NT; it++) {
                for (int y = 0; y < NY; y++) {
                    for (int x = 0; x < NX; x++) {
                        int column = (it * NY + y) * NX + x;
                        int k = (x + 2 * y) % 4;
                        assertEquals(t[((it * NZ + k) * NY + y) * NX + x] + P[x % 3], r.s()[column], path + ": s");
                        for (int level = 0; level < NZ; level++) {
                            float expected = level == k ? k : Float.NaN;
                            if (x % 2 == 0 && level == (k + 1) % NZ) {
                                expected += 10f;
                            }
                            assertEquals(expected, r.g()[column * NZ + level], path + ": g at column " + column
                                    + ", level " + level);
                        }
                    }
                }
            }
        }
    }

    @Test
    @Tag("opencl")
    void shouldWalkEachColumnOnOpenCl() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            assertColumns(run(n -> n.on(opencl).splitAt(2), BODY), "opencl");
        }
    }

    @Test
    void shouldWalkAnAxisStoredFromTheTopDownFromItsLastElement() {
        float[] reversed = new float[NZ];
        for (int k = 0; k < NZ; k++) {
            reversed[k] = P[NZ - 1 - k];
        }
        float[] t = temperature();
        float[] flipped = new float[t.length];
        for (int it = 0; it < NT; it++) {
            for (int k = 0; k < NZ; k++) {
                System.arraycopy(t, (it * NZ + k) * NY * NX, flipped, (it * NZ + NZ - 1 - k) * NY * NX, NY * NX);
            }
        }
        float[] s = new float[NT * NY * NX];
        float[] g = new float[NT * NY * NX * NZ];
        LoopNest.of(NT, NY, NX).names("t", "y", "x").columnFromLast("z", NZ)
                .in("T", flipped, "t", "z", "y", "x").in("p", reversed, "z")
                .out("s", s).out("g", g, "t", "y", "x", "z").deviceCode(BODY).run();
        Result fromTop = run(n -> n, BODY);
        assertEquals(java.util.Arrays.toString(fromTop.s()), java.util.Arrays.toString(s));
        for (int column = 0; column < NT * NY * NX; column++) { // g stored from the top down too
            for (int k = 0; k < NZ; k++) {
                assertEquals(fromTop.g()[column * NZ + k], g[column * NZ + NZ - 1 - k], "g at " + column + ", " + k);
            }
        }
    }

    @Test
    void shouldRefuseAColumnArrayWithoutItsAxisDeclaredAndAJaggedOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX)
                .names("t", "y", "x").in("T", temperature(), "t", "z", "y", "x").deviceCode("s = 0.0f;")
                .out("s", new float[NT * NY * NX]).plan());
        assertTrue(e.getMessage().contains("no loop index named 'z'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("z", NZ).in("T", new float[NT][NZ][NY][NX], "t", "z", "y", "x"));
        assertEquals("in 'T': a jagged array cannot carry column axis 'z' (expected: a flat primitive array, a buffer "
                + "or a file, row-major or strided)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("z", NZ).in("T", new float[5], "t", "z", "y", "x"));
        assertTrue(e.getMessage().startsWith("in 'T': "), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("y", NZ));
        assertTrue(e.getMessage().startsWith("column 'y': the name is taken by a loop index"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("z", NZ).out("g", new float[NT * NY * NZ], "t", "z", "y"));
        assertTrue(e.getMessage().startsWith("out 'g' is indexed by (t,y) and column axis 'z' (expected: an output "
                + "uses every loop index (t,y,x)"), e.getMessage());
    }

    /** A level that C would not evaluate (the right of a false &&, the other branch of ?:) is never checked. */
    @Test
    void shouldNotCheckALevelThatALaneDoesNotEvaluateOnEitherPath() {
        String body = """
                int k = 0;
                while (k < len(z) && T[k] > 0.0f) {
                    k++;
                }
                s = k < len(z) ? T[k] : -1.0f;
                """;
        for (org.loopnest.kernel.KernelPath path : List.of(org.loopnest.kernel.KernelPath.SCALAR,
                org.loopnest.kernel.KernelPath.VECTOR)) {
            try (CpuDevice cpu = new CpuDevice(2)) {
                Result r = run(n -> n.on(cpu).kernelPath(path), body);
                for (float v : r.s()) {
                    assertEquals(-1f, v, path + ": every T > 0, so k reaches len(z)");
                }
            }
        }
    }

    /** A bad level fails at once on the JVM, on both paths: a loop that only a level's value ends does not spin. */
    @Test
    void shouldFailAtOnceWhenALoopReadsPastTheColumnOnEitherPath() {
        String body = """
                int k = 0;
                while (T[k] > 0.0f) {
                    k++;
                }
                s = (float) k;
                """;
        for (org.loopnest.kernel.KernelPath path : List.of(org.loopnest.kernel.KernelPath.SCALAR,
                org.loopnest.kernel.KernelPath.VECTOR)) {
            try (CpuDevice cpu = new CpuDevice(2)) {
                LoopNestException e = assertThrows(LoopNestException.class, () -> run(n -> n.on(cpu)
                        .kernelPath(path).timeout(java.time.Duration.ofSeconds(60)), body));
                String message = String.valueOf(e.getMessage()) + " / " + e.getCause();
                assertTrue(message.contains("body line 2:8: level 4 of column array 'T' is outside 0 to 3"), path
                        + ": " + message);
            }
        }
    }

    /** Every level of a column output the body never names comes back NaN, on every path and device. */
    @Test
    void shouldGiveNaNForEveryLevelOfAColumnOutputTheBodyNeverNames() {
        try (CpuDevice cpu = new CpuDevice(2); SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            for (Device device : new Device[] {cpu, sim}) {
                for (org.loopnest.kernel.KernelPath path : List.of(org.loopnest.kernel.KernelPath.SCALAR,
                        org.loopnest.kernel.KernelPath.VECTOR)) {
                    float[] g = new float[NT * NY * NX * NZ];
                    java.util.Arrays.fill(g, 7f);
                    LoopNest.of(NT, NY, NX).names("t", "y", "x").column("z", NZ)
                            .in("T", temperature(), "t", "z", "y", "x").out("s", new float[NT * NY * NX])
                            .out("g", g, "t", "y", "x", "z").deviceCode("s = 1.0f;").kernelPath(path).splitAt(1)
                            .on(device).run();
                    for (float v : g) {
                        assertTrue(Float.isNaN(v), device.info().name() + ", " + path + ": " + v);
                    }
                }
            }
        }
    }

    @Test
    void shouldRefuseALevelNamedLikeAnArrayAndTwoAxesOnOneArray() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX)
                .names("t", "y", "x").column("z", NZ).in("T[0]", new float[NT * NY * NX])
                .in("T", temperature(), "t", "z", "y", "x"));
        assertEquals("in 'T': its level T[0] has the name of an array bound before (expected: distinct names; a "
                + "column array's levels are named T[0] to T[3])", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("z", NZ).column("w", 2).in("T", new float[NT * NZ * 2 * NY * NX], "t", "z", "w", "y", "x"));
        assertEquals("in 'T': column axes z and w (expected: at most one column axis per array)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(NT, NY, NX).names("t", "y", "x")
                .column("z", NZ).in(org.loopnest.kernel.NamedArray.doubles("T"), temperature(), "t", "z", "y", "x"));
        assertEquals("in NamedArray.doubles(\"T\"): the array holds float elements (expected: double, as the handle "
                + "says)", e.getMessage());
    }

    private static final String OUT_OF_COLUMN = """
            float sum = 0.0f;
            for (int k = 0; k <= len(z); k++) {
                sum += T[k];
            }
            s = sum;
            """;

    private static void assertLevelError(Device device) {
        LoopNestException e = assertThrows(LoopNestException.class, () -> run(n -> n.on(device).splitAt(2),
                OUT_OF_COLUMN));
        String message = String.valueOf(e.getMessage()) + " / " + e.getCause();
        assertTrue(message.contains("body line 3:12: level 4 of column array 'T' is outside 0 to 3 (len(z) = 4)"),
                message);
    }

    @Test
    void shouldFailTheRunAtALevelOutsideTheColumnOnTheCpu() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertLevelError(cpu);
        }
    }

    @Test
    void shouldFailTheRunAtALevelOutsideTheColumnOnTheVectorPath() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            LoopNestException e = assertThrows(LoopNestException.class, () -> run(n -> n.on(cpu).splitAt(2)
                    .kernelPath(org.loopnest.kernel.KernelPath.VECTOR), OUT_OF_COLUMN));
            String message = String.valueOf(e.getMessage()) + " / " + e.getCause();
            assertTrue(message.contains("body line 3:12: level 4 of column array 'T' is outside 0 to 3 (len(z) = 4)"),
                    message);
        }
    }

    @Test
    @Tag("opencl")
    void shouldFailTheRunAtALevelOutsideTheColumnOnOpenCl() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            assertLevelError(opencl);
            LoopNestException e = assertThrows(LoopNestException.class, () -> run(n -> n.on(opencl).splitAt(2),
                    "s = 0.0f;\nint k = 5;\ng[k] = 1.0f;\n"));
            String message = String.valueOf(e.getMessage()) + " / " + e.getCause();
            assertTrue(message.contains("body line 3:1: level 5 of column array 'g' is outside 0 to 3 (len(z) = 4)"),
                    "a level written: " + message);
        }
    }
}
