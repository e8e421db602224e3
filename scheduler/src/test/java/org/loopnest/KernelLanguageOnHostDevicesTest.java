package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.KernelCompileException;
import org.loopnest.error.StageFailedException;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.Stage;

/**
 * A body written only in the kernel language runs on the Java devices, compiled for the JVM: the same results bit
 * for bit on cpu (straight into the user's arrays, a jagged one among them) and sim (packed chunk buffers), at random
 * shapes and splits, equal to the same code written in Java; and an integer division by zero is reported at its
 * iteration as a Java body's exception is.
 */
class KernelLanguageOnHostDevicesTest {
    private static final String HELPERS = """
            float damp(float v, int steps) {
                float s = v;
                for (int i = 0; i < steps; i++) {
                    if (i % 3 == 1) { continue; }
                    if (fabs(s) < 1.0e-3f) { break; }
                    s = s * 0.5f + (float) i;
                }
                return s;
            }
            double blend(double w, float v) { return w * (double) damp(v, 7) + sqrt(fabs(w)); }
            """;
    private static final String BODY = """
            const long cell = y * 1000L + x;
            int k = n % 5;
            while (k > 0 && a > -100.0f) { k--; }
            r = (float) blend(w, a) + (float) k;
            c = cell << 2 ^ (long) n;
            """;

    /** The body above, in Java. */
    private static float damp(float v, int steps) {
        float s = v;
        for (int i = 0; i < steps; i++) {
            if (i % 3 == 1) {
                continue;
            }
            if (Math.abs(s) < 1.0e-3f) {
                break;
            }
            s = s * 0.5f + (float) i;
        }
        return s;
    }

    private static double blend(double w, float v) {
        return w * (double) damp(v, 7) + Math.sqrt(Math.abs(w));
    }

    private record Result(float[] r, long[] c) {
    }

    private static Result run(Device device, int rows, int columns, float[] a, int[] n, double[] w, int depth,
                              boolean jagged) {
        float[] r = new float[rows * columns];
        long[] c = new long[rows * columns];
        Arrays.fill(r, Float.NaN);
        Object aHolder = a;
        if (jagged) {
            float[][] lines = new float[rows][];
            for (int y = 0; y < rows; y++) {
                lines[y] = Arrays.copyOfRange(a, y * columns, (y + 1) * columns);
            }
            aHolder = lines;
        }
        LoopNest.of(rows, columns).names("y", "x").in("a", aHolder).in("n", n).in("w", w, "y").out("r", r)
                .out("c", c).deviceCode(new DeviceCode("mixed", BODY, HELPERS)).splitAt(depth).on(device).run();
        return new Result(r, c);
    }

    @Test
    void shouldGiveTheSameBitsOnCpuAndSimAsTheBodyInJava() {
        Random random = new Random(12);
        try (CpuDevice cpu = new CpuDevice(2);
             SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            for (int trial = 0; trial < 6; trial++) {
                int rows = 1 + random.nextInt(7);
                int columns = 1 + random.nextInt(300);
                float[] a = new float[rows * columns];
                int[] n = new int[rows * columns];
                double[] w = new double[rows];
                for (int i = 0; i < a.length; i++) {
                    a[i] = (random.nextFloat() - 0.5f) * 400f;
                    n[i] = random.nextInt(2001) - 1000;
                }
                for (int y = 0; y < rows; y++) {
                    w[y] = random.nextGaussian();
                }
                int depth = random.nextInt(2);
                Result onCpu = run(cpu, rows, columns, a, n, w, depth, false);
                Result onCpuJagged = run(cpu, rows, columns, a, n, w, depth, true);
                Result onSim = run(sim, rows, columns, a, n, w, depth, false);
                for (int y = 0; y < rows; y++) {
                    for (int x = 0; x < columns; x++) {
                        int i = y * columns + x;
                        int k = n[i] % 5;
                        while (k > 0 && a[i] > -100.0f) {
                            k--;
                        }
                        String where = rows + "x" + columns + " split " + depth + " at [" + y + ", " + x + "]";
                        assertEquals((float) blend(w[y], a[i]) + (float) k, onCpu.r()[i], "cpu r " + where);
                        assertEquals((y * 1000L + x) << 2 ^ (long) n[i], onCpu.c()[i], "cpu c " + where);
                    }
                }
                assertArrayEquals(onCpu.r(), onCpuJagged.r(), "jagged input");
                assertArrayEquals(onCpu.r(), onSim.r(), "sim r");
                assertArrayEquals(onCpu.c(), onSim.c(), "sim c");
            }
        }
    }

    @Test
    void shouldReportAnIntegerDivisionByZeroAtItsIterationOnCpuAndSim() {
        int[] d = new int[4 * 50];
        Arrays.fill(d, 3);
        d[2 * 50 + 17] = 0;
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            for (Device device : new Device[] {null, sim}) {
                LoopNest nest = LoopNest.of(4, 50).in("d", d).out("q", new int[4 * 50]).deviceCode("q = 100 / d;")
                        .splitAt(1);
                StageFailedException e = assertThrows(StageFailedException.class,
                        () -> (device == null ? nest : nest.on(device)).run());
                assertEquals(Stage.KERNEL, e.stage());
                assertArrayEquals(new long[] {2, 17}, e.indices().orElseThrow());
                assertTrue(e.getCause() instanceof ArithmeticException, String.valueOf(e.getCause()));
                assertTrue(e.getMessage().startsWith("stage kernel failed on chunk 2 at indices [2, 17] (device "),
                        e.getMessage());
            }
        }
    }

    @Test
    void shouldRefuseABodyTooLargeForTheJvmWhenThePlanIsMadeNotOnTheFirstChunk() {
        StringBuilder body = new StringBuilder("float v = a;\n");
        for (int line = 0; line < 6000; line++) {
            body.append("v = v * 1.0001f + sqrt(fabs(v) + ").append(line).append(".0f);\n");
        }
        body.append("b = v;\n");
        float[] out = new float[4 * 8];
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            for (Device device : new Device[] {null, sim}) {
                LoopNest nest = LoopNest.of(4, 8).in("a", new float[4 * 8]).out("b", out)
                        .deviceCode(body.toString());
                KernelCompileException e = assertThrows(KernelCompileException.class,
                        () -> (device == null ? nest : nest.on(device)).plan());
                assertEquals("jvm", e.device());
                assertTrue(e.log().contains("64 KB"), e.log()); // Janino's "Code grows beyond 64 KB"
            }
        }
    }
}
