package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.internal.device.BlockExecutor;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * The vector path through the whole pipeline on cpu (in place over the user's arrays) and sim (over packed chunk
 * buffers): runs of every length from 0 to 3 × lanes (an innermost extent of 0 to 3 × lanes, and the devices' blocks
 * cutting a row into a short run and one that starts mid-row), with lanes that diverge: half of them in each branch
 * of an {@code if}, loops with a different trip count per lane, {@code break} and {@code continue} in some lanes
 * only, helpers returning early in some lanes. The bodies use exact operations only, so each output equals the scalar
 * path's bit for bit; and the report says the vector path ran. Two bodies: one of 32-bit values (16 lanes with
 * AVX-512), one reading the loop indices, {@code long}s and {@code double}s (8 lanes).
 */
class VectorPathOnHostDevicesTest {
    private static final Pattern LANES = Pattern.compile("^kernel path: vector \\(\\w+ \\d+-bit, (\\d+) lanes\\)",
            Pattern.MULTILINE);

    /** 32-bit values only; divergence by the input {@code k}. */
    private static final DeviceCode NARROW = DeviceCode.of("""
            int n = steps(k);
            float v = a;
            if ((k & 1) == 0) { v = v + (float) n; } else { v = fmin(v, (float) n) - 1.0f; }
            int w = 0;
            while (w < k % 5 + n) {
                w++;
                if (w == 4) { break; }
            }
            out = shaped(v) + (float) w;
            count = n * 3 + w;""").named("narrow").withHelpers("""
            int steps(int v) {
                if (v % 3 == 0) { return -1; }
                int s = 0;
                for (int j = 0; j < 40; j++) {
                    if (j >= v % 11) { break; }
                    if ((j & 1) == 1) { continue; }
                    s += j;
                }
                return s;
            }
            float shaped(float a) {
                if (isnan(a)) { return 0.0f; }
                return a < 0.0f ? -a * 2.0f : floor(a * 0.5f);
            }
            """);

    /** Loop indices, {@code long}s and {@code double}s; divergence by the index {@code x}. */
    private static final DeviceCode WIDE = DeviceCode.of("""
            const long t = x * 3L + r;
            double d = b;
            if (t % 2L == 0L) { d = d * 2.0; } else { d = d - (double) t; }
            long s = 0L;
            for (long j = 0L; j < t % 7L; j++) {
                if (j == 3L && r == 1L) { break; }
                s += j;
            }
            wide = firstPositive(d, t) + (double) s;""").named("wide").withHelpers("""
            double firstPositive(double d, long t) {
                if (d > 0.0) { return d; }
                for (long j = 0L; j < 5L; j++) {
                    if (t % (j + 2L) == 0L) { return (double) j; }
                }
                return -1.0;
            }
            """);

    /** The outputs of one run. */
    private record Outputs(float[] out, int[] count, double[] wide, RunReport narrowReport, RunReport wideReport) {
    }

    private static float[] floats(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i % 9 == 4 ? Float.NaN : (i * 37 % 23) - 11.5f;
        }
        return a;
    }

    private static int[] ints(int n) {
        int[] k = new int[n];
        for (int i = 0; i < n; i++) {
            k[i] = (i * 13 + 5) % 47 - 6;
        }
        return k;
    }

    private static double[] doubles(int n) {
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            b[i] = (i * 29 % 17) - 8.25;
        }
        return b;
    }

    /** Runs both bodies over {@code rows × length} on {@code device}, in one chunk. */
    private static Outputs run(Device device, KernelPath path, int rows, int length) {
        int n = rows * length;
        float[] out = new float[n];
        int[] count = new int[n];
        double[] wide = new double[n];
        RunReport narrow = LoopNest.of(rows, length).names("r", "x").in("a", floats(n)).in("k", ints(n))
                .out("out", out).out("count", count).deviceCode(NARROW).kernelPath(path).splitAt(0)
                .on(device).run();
        RunReport wideReport = LoopNest.of(rows, length).names("r", "x").in("b", doubles(n)).out("wide", wide)
                .deviceCode(WIDE).kernelPath(path).splitAt(0).on(device).run();
        return new Outputs(out, count, wide, narrow, wideReport);
    }

    /** {@return the lanes the report says the vector path ran with} */
    private static int lanes(RunReport report) {
        Matcher m = LANES.matcher(report.toString());
        assertTrue(m.find(), "the report's kernel path is the vector one:\n" + report);
        return Integer.parseInt(m.group(1));
    }

    private static void assertSame(Outputs scalar, Outputs vector, Supplier<String> what) {
        assertArrayEquals(scalar.out(), vector.out(), () -> "out, " + what.get());
        assertArrayEquals(scalar.count(), vector.count(), () -> "count, " + what.get());
        assertArrayEquals(scalar.wide(), vector.wide(), () -> "wide, " + what.get());
    }

    /** Runs {@code check} on a cpu device, then on a sim device; skips where this JVM has no vector path. */
    private static void onCpuAndSim(Consumer<Device> check) {
        assumeTrue(VectorSupport.unavailable().isEmpty(), () -> "no vector path on this JVM: "
                + VectorSupport.unavailable().orElse(""));
        try (CpuDevice cpu = new CpuDevice(2);
             SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())) {
            check.accept(cpu);
            check.accept(sim);
        }
    }

    @Test
    void shouldEqualTheScalarPathForEveryRunLengthUpToThreeTimesTheLanesOnCpuAndSim() {
        onCpuAndSim(device -> {
            Outputs probe = run(device, KernelPath.VECTOR, 3, 1);
            int narrowLanes = lanes(probe.narrowReport());
            assertEquals(narrowLanes, 2 * lanes(probe.wideReport()), "32-bit lanes are twice the 64-bit ones");
            for (int length = 0; length <= 3 * narrowLanes; length++) {
                Outputs vector = run(device, KernelPath.VECTOR, 3, length);
                Outputs scalar = run(device, KernelPath.SCALAR, 3, length);
                int l = length;
                assertSame(scalar, vector, () -> device.info().name() + ", innermost extent " + l);
                if (length > 0) {
                    assertEquals(narrowLanes, lanes(vector.narrowReport()), device.info().name());
                    assertTrue(scalar.narrowReport().toString().contains("kernel path: scalar: "),
                            scalar.narrowReport().toString());
                }
            }
        });
    }

    /**
     * A chunk of more than {@link BlockExecutor#MIN_BLOCK} iterations runs in blocks of that many, which cut a row of
     * the innermost loop where it does not divide them: with two rows of {@code MIN_BLOCK − s} iterations the second
     * is cut into a run of {@code s} and one that starts at {@code x = s}, mid-row.
     */
    @Test
    void shouldEqualTheScalarPathWhereBlocksCutARowIntoAShortRunAndOneStartingMidRow() {
        onCpuAndSim(device -> {
            int lanes = lanes(run(device, KernelPath.VECTOR, 3, 1).narrowReport());
            for (int cut = 1; cut <= 3 * lanes; cut++) {
                int length = (int) BlockExecutor.MIN_BLOCK - cut;
                Outputs vector = run(device, KernelPath.VECTOR, 2, length);
                Outputs scalar = run(device, KernelPath.SCALAR, 2, length);
                int c = cut;
                assertSame(scalar, vector, () -> device.info().name() + ", rows of " + length + ", a run of " + c);
            }
        });
    }
}
