package org.loopnest.perf.jmh;

import java.util.concurrent.TimeUnit;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.perf.ratio.CpuCopyRatio;
import org.loopnest.report.RunReport;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The forms a CPU kernel can take, on one memory-bound body ({@code b = a} over {@code 8 × 7 × 181 × 360} floats,
 * 14.6 MB per array, split at {@code d=1}) on {@code CpuDevice(1)}: element by element ({@code cursor.next()} and
 * {@code get(cursor)}), run by run ({@code cursor.runLength()}, {@code get(cursor, k)}, {@code cursor.advance(n)}), and
 * run by run on the raw arrays (the views bypassed, for what the views cost); {@code plainLoop} is the same copy as
 * one {@code for} loop without LoopNest. Each LoopNest measurement is a whole run, start included.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KernelFormBench {
    private static final long[] EXTENTS = {8, 7, 181, 360};

    private CpuDevice cpu;
    private float[] a;
    private float[] b;

    /** One thread, so that the forms compare without the memory contention of two. */
    @Setup
    public void setUp() {
        cpu = new CpuDevice(1);
        a = new float[8 * 7 * 181 * 360];
        b = new float[a.length];
        for (int k = 0; k < a.length; k++) {
            a[k] = k;
        }
    }

    /** Stops the device. */
    @TearDown
    public void tearDown() {
        cpu.close();
    }

    private LoopNest nest() {
        return LoopNest.of(EXTENTS).in("a", a).out("b", b).splitAt(1).on(cpu);
    }

    /** {@code for (; cursor.valid(); cursor.next()) b.set(cursor, a.get(cursor));} */
    @Benchmark
    public RunReport elementByElement() {
        return nest().blockKernel(arrays -> {
            FloatView in = arrays.floats("a");
            FloatView out = arrays.floats("b");
            return cursor -> {
                for (; cursor.valid(); cursor.next()) {
                    out.set(cursor, in.get(cursor));
                }
            };
        }).run();
    }

    /** A counted loop over each run through the views: the {@code cpu-copy-speed-ratio} kernel. */
    @Benchmark
    public RunReport runByRun() {
        return CpuCopyRatio.copyNest(a, b, new GridShape(8, 7, 181, 360)).splitAt(1).on(cpu).run();
    }

    /** The same counted loop on the raw arrays (valid here: both arrays are in nest order). */
    @Benchmark
    public RunReport runByRunRawArrays() {
        float[] in = a;
        float[] out = b;
        return nest().blockKernel(arrays -> cursor -> {
            while (cursor.valid()) {
                int n = cursor.runLength();
                int at = (int) cursor.flat();
                for (int k = 0; k < n; k++) {
                    out[at + k] = in[at + k];
                }
                cursor.advance(n);
            }
        }).run();
    }

    /** The copy without LoopNest. */
    @Benchmark
    public float[] plainLoop() {
        for (int k = 0; k < a.length; k++) {
            b[k] = a[k];
        }
        return b;
    }
}
