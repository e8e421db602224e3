package org.loopnest.perf.ratio;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cpu-copy-speed-ratio}: a memory-bound kernel, {@code b = a} over a {@code float[]} nest {@code t, z, y,
 * x}. The baseline copies by hand on a fixed pool of threads, the flattened rows {@code (t, z, y)} cut into blocks
 * as {@link HandWrittenWeather} cuts them, one {@code System.arraycopy} per block; the candidate is a
 * {@link LoopNest} with a per-block kernel walking the block run by run ({@code b.set(it, k, a.get(it, k))} for
 * {@code k < it.runLength()}, then {@code it.advance}) on a
 * {@link CpuDevice} with the same number of threads, automatic split. Rounds interleaved. Ratio = hand-written
 * time ÷ LoopNest time. Both sides write their own output, checked bit for bit against the input before the
 * measured rounds and after them.
 */
public final class CpuCopyRatio implements RatioRun {
    /** Blocks per thread, as in {@link HandWrittenWeather}. */

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the nest {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public CpuCopyRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /** The default: 8 × 7 × 181 × 360 floats (3.6 million, 14.6 MB per array), 10 + 31 rounds. */
    public static CpuCopyRatio full() {
        return new CpuCopyRatio(new GridShape(8, 7, 181, 360), new Rounds(10, 31));
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
        float[] nest = new float[n];
        int threads = Runtime.getRuntime().availableProcessors();
        RunReport[] last = new RunReport[1];
        List<Samples> s;
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "hand-written-copy");
            t.setDaemon(true);
            return t;
        });
        try (CpuDevice cpu = new CpuDevice(threads)) {
            Runnable hand = () -> copyByHand(pool, threads, a, byHand);
            Runnable loopNest = () -> last[0] = copyNest(a, nest).on(cpu).run();
            Arrays.fill(byHand, Float.NaN);
            Arrays.fill(nest, Float.NaN);
            hand.run();
            loopNest.run();
            checkSame(a, byHand, nest);
            s = rounds.interleave(List.of(hand, loopNest));
        } finally {
            pool.shutdownNow();
        }
        checkSame(a, byHand, nest);
        RunReport r = last[0];
        Comparison c = new Comparison("hand-written", s.get(0), "LoopNest", s.get(1));
        double bytes = 2.0 * n * Float.BYTES;
        return List.of(new BenchResult("cpu-copy-speed-ratio", c.ratio(), "ratio", String.format(Locale.ROOT,
                "hand-written time / LoopNest time, b = a over float[]; nest t,z,y,x = %s (%d floats, %.1f MB per"
                        + " array), %d threads each (fixed pool, System.arraycopy per block of (t,z,y) rows vs"
                        + " CpuDevice(%d) with a per-block kernel walking runs, split d=%d r=%d, %d chunks, B=%d); %s; GB/s read"
                        + "+written: hand-written %.2f, LoopNest %.2f; outputs compared bit for bit",
                shape, n, n * 4.0 / 1e6, threads, threads, r.splitDepth(), r.group(), r.chunks(), r.buffers(),
                c.describe(), bytes / c.baseline().median(), bytes / c.candidate().median())));
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

    private LoopNest copyNest(float[] a, float[] b) {
        return copyNest(a, b, shape);
    }

    private void copyByHand(ExecutorService pool, int threads, float[] a, float[] b) {
        int x = shape.x();
        RowBlocks.run(pool, threads, shape.t() * shape.z() * shape.y(), "hand-written copy",
                (first, last) -> System.arraycopy(a, first * x, b, first * x, (last - first) * x));
    }

    private static void checkSame(float[] a, float[] byHand, float[] nest) {
        for (int k = 0; k < a.length; k++) {
            int want = Float.floatToIntBits(a[k]);
            if (Float.floatToIntBits(byHand[k]) != want || Float.floatToIntBits(nest[k]) != want) {
                throw new IllegalStateException("cpu copy: b[" + k + "] is " + nest[k] + " from LoopNest and "
                        + byHand[k] + " by hand (expected: " + a[k] + ", the same bits on both sides)");
            }
        }
    }
}
