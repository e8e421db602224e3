package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * {@code cpu-copy-speed-ratio}: a memory-bound body, {@code b = a} over a {@code float[]} nest {@code t, z, y, x}.
 * The baseline copies by hand with {@value #THREADS} threads, one {@code System.arraycopy} of its half each; the
 * candidates are {@link LoopNest} runs on a {@code CpuDevice(}{@value #THREADS}{@code )}, automatic split:
 * <ul>
 *   <li>{@code cpu-copy-speed-ratio}: the one-line kernel-language body {@code b = a;} ({@link #COPY}), compiled
 *       for the JVM, on the vector path ({@code kernelPath(KernelPath.VECTOR)}: {@code FloatVector.fromArray} and
 *       {@code intoArray}; the scalar one where the JVM lacks {@code jdk.incubator.vector}, as the row's detail
 *       says);</li>
 *   <li>{@code cpu-copy-speed-ratio-scalar}: the same body on the scalar path
 *       ({@code LoopNest.kernelPath(KernelPath.SCALAR)});</li>
 *   <li>{@code cpu-copy-speed-ratio-chunk}: a per-block Java body walking the block run by run
 *       ({@code b.set(it, k, a.get(it, k))} for {@code k < it.runLength()}, then {@code it.advance}), the form
 *       that {@code cpu-copy-speed-ratio} measured before issue 12.</li>
 * </ul>
 * Each side first runs alone {@value WeatherSpeedRatio#VECTOR_WARMUP} times ({@link Rounds#warmAlone}, as the weather
 * rows do: until the JIT compiler has compiled the planner and the cpu device's walk, a run's own time is several
 * times what it is after), then rounds interleaved. Ratio = hand-written time ÷ LoopNest time. Each side writes its own output, checked bit for bit
 * against the input before the measured rounds and after them. The full size holds five arrays of 256 MiB (1.25 GiB
 * of heap).
 */
public final class CpuCopyRatio implements RatioRun {
    /** Threads on each side: the goal is stated against a two-thread {@code System.arraycopy}. */
    public static final int THREADS = 2;
    /** The copy in the kernel language. */
    public static final DeviceCode COPY = new DeviceCode("copy", "b = a;", "");

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the nest {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs every side once)
     */
    public CpuCopyRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /**
     * The default: 16 × 4 × 1024 × 1024 floats (64 Mi, 256 MiB per array; rows of 4 KiB), 3 + 21 rounds.
     */
    public static CpuCopyRatio full() {
        return new CpuCopyRatio(new GridShape(16, 4, 1024, 1024), new Rounds(3, 21));
    }

    /** Tiny sizes for a smoke run. */
    public static CpuCopyRatio quick() {
        return new CpuCopyRatio(new GridShape(2, 3, 8, 16), new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "cpu copy";
    }

    @Override
    public List<BenchResult> run() {
        int n = shape.points();
        float[] a = new float[n];
        for (int k = 0; k < n; k++) {
            a[k] = k * 0.25f - 1000.5f;
        }
        float[] byHand = new float[n];
        float[] body = new float[n];
        float[] scalar = new float[n];
        float[] chunk = new float[n];
        RunReport[] last = new RunReport[2];
        List<Samples> s;
        ExecutorService pool = Executors.newFixedThreadPool(THREADS, r -> {
            Thread t = new Thread(r, "hand-written-copy");
            t.setDaemon(true);
            return t;
        });
        try (CpuDevice cpu = new CpuDevice(THREADS)) {
            List<Runnable> sides = List.of(() -> copyByHand(pool, a, byHand),
                    () -> last[0] = bodyNest(a, body, shape).kernelPath(KernelPath.VECTOR).on(cpu).run(),
                    () -> last[1] = bodyNest(a, scalar, shape).kernelPath(KernelPath.SCALAR).on(cpu).run(),
                    () -> copyNest(a, chunk, shape).on(cpu).run());
            for (float[] out : List.of(byHand, body, scalar, chunk)) {
                Arrays.fill(out, Float.NaN);
            }
            sides.forEach(Runnable::run);
            checkSame(a, byHand, body, scalar, chunk);
            int alone = rounds.warmup() > 0 ? WeatherSpeedRatio.VECTOR_WARMUP : 0;
            sides.forEach(side -> Rounds.warmAlone(side, alone));
            s = rounds.interleave(sides);
        } finally {
            pool.shutdownNow();
        }
        checkSame(a, byHand, body, scalar, chunk);
        RunReport r = last[0];
        Comparison c = new Comparison("hand-written", s.get(0), "LoopNest kernel-language body", s.get(1));
        Comparison sc = new Comparison("hand-written", s.get(0), "LoopNest kernel-language body, scalar path",
                s.get(2));
        Comparison j = new Comparison("hand-written", s.get(0), "LoopNest per-block Java", s.get(3));
        double bytes = 2.0 * n * Float.BYTES;
        String setup = String.format(Locale.ROOT, "b = a over float[]; nest t,z,y,x = %s (%d floats, %.1f MiB per"
                        + " array), %d threads each (fixed pool, one System.arraycopy per thread vs CpuDevice(%d),"
                        + " split d=%d r=%d, %d chunks, B=%d)", shape, n, n * 4.0 / (1 << 20), THREADS, THREADS,
                r.splitDepth(), r.group(), r.chunks(), r.inputBuffers());
        String lastRun = String.format(Locale.ROOT, "the body's last run: wall %.2f ms, kernel busy %.2f ms; %s",
                r.wall().toNanos() / 1e6, r.busy().getOrDefault(Stage.KERNEL, Duration.ZERO).toNanos() / 1e6,
                KernelPathNote.of(r));
        return List.of(new BenchResult("cpu-copy-speed-ratio", c.ratio(), "ratio", String.format(Locale.ROOT,
                        "hand-written time / LoopNest time, the kernel-language body 'b = a;' compiled for the JVM;"
                                + " %s; %s; GB/s read+written: hand-written %.2f, LoopNest %.2f; %s; outputs compared"
                                + " bit for bit", setup, c.describe(), bytes / c.baseline().median(),
                        bytes / c.candidate().median(), lastRun)),
                new BenchResult("cpu-copy-speed-ratio-scalar", sc.ratio(), "ratio", String.format(Locale.ROOT,
                        "hand-written time / LoopNest time, the kernel-language body 'b = a;' on the scalar path"
                                + " (LoopNest.kernelPath(KernelPath.SCALAR)); %s; %s; GB/s read+written: hand-written"
                                + " %.2f, LoopNest %.2f; %s; outputs compared bit for bit", setup, sc.describe(),
                        bytes / sc.baseline().median(), bytes / sc.candidate().median(), KernelPathNote.of(last[1]))),
                new BenchResult("cpu-copy-speed-ratio-chunk", j.ratio(), "ratio", String.format(Locale.ROOT,
                        "hand-written time / LoopNest time, a per-block Java body walking runs; %s; %s; GB/s"
                                + " read+written: hand-written %.2f, LoopNest %.2f; outputs compared bit for bit",
                        setup, j.describe(), bytes / j.baseline().median(), bytes / j.candidate().median())));
    }

    /** The nest {@code b = a} over {@code shape} with the kernel-language body {@link #COPY}. */
    public static LoopNest bodyNest(float[] a, float[] b, GridShape shape) {
        return LoopNest.of(shape.extents()).names("t", "z", "y", "x").in("a", a).out("b", b).deviceCode(COPY);
    }

    /** The nest {@code b = a} over {@code shape} with a per-block kernel that walks each block run by run. */
    public static LoopNest copyNest(float[] a, float[] b, GridShape shape) {
        return LoopNest.of(shape.extents()).names("t", "z", "y", "x").in("a", a).out("b", b)
                .blockKernel(arrays -> {
                    FloatView in = arrays.floats("a");
                    FloatView out = arrays.floats("b");
                    return cursor -> {
                        while (cursor.valid()) {
                            int n = cursor.runLength();
                            for (int k = 0; k < n; k++) {
                                out.set(cursor, k, in.get(cursor, k));
                            }
                            cursor.advance(n);
                        }
                    };
                });
    }

    /** Each of the {@value #THREADS} threads copies its share of the elements with one {@code System.arraycopy}. */
    private static void copyByHand(ExecutorService pool, float[] a, float[] b) {
        int n = a.length;
        RowBlocks.run(pool, THREADS, THREADS, "hand-written copy", (first, last) -> {
            int from = (int) ((long) n * first / THREADS);
            int to = (int) ((long) n * last / THREADS);
            System.arraycopy(a, from, b, from, to - from);
        });
    }

    private static void checkSame(float[] a, float[] byHand, float[] body, float[] scalar, float[] chunk) {
        for (int k = 0; k < a.length; k++) {
            int want = Float.floatToIntBits(a[k]);
            if (Float.floatToIntBits(byHand[k]) != want || Float.floatToIntBits(body[k]) != want
                    || Float.floatToIntBits(scalar[k]) != want || Float.floatToIntBits(chunk[k]) != want) {
                throw new IllegalStateException("cpu copy: b[" + k + "] is " + body[k] + " from the kernel-language"
                        + " body, " + scalar[k] + " from it on the scalar path, " + chunk[k] + " from the per-block"
                        + " Java body and " + byHand[k] + " by hand (expected: " + a[k] + ", the same bits on every"
                        + " side)");
            }
        }
    }
}
