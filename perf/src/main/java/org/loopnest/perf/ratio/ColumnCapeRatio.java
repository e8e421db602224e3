package org.loopnest.perf.ratio;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnFormulas;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.ColumnVerification;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.MissingMarkers;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.RunReport;

/**
 * {@code column-cape-throughput} (and {@code -scalar}): columns per second of the weather example's column body
 * ({@link ColumnNest}: gh, pw, CAPE and CIN of each column) on a {@link CpuDevice} with one thread per processor, on
 * the vector path (lanes = neighbouring columns) and the scalar one, over synthetic fields on ERA5's 37 pressure
 * levels; and {@code column-cape-vs-hand-java} (and {@code -scalar}): the same algorithm written by hand in parallel
 * scalar Java ({@link ColumnFormulas#column} per column, rows of columns on a fixed pool of as many threads) against
 * it, rounds interleaved: ratio = hand-written time ÷ LoopNest time. The scalar path writes the hand loop's bits; the
 * vector path's values are within {@link ColumnOutput}'s tolerances of them (checked before and after the rounds).
 * MetPy's {@code cape_cin}, which takes one profile per call, manages about 50 profiles per second (its issue #480),
 * for scale.
 */
public final class ColumnCapeRatio implements RatioRun {
    /** ERA5's 37 pressure levels, hPa, from the ground up. */
    static final float[] ERA5_LEVELS = {1000, 975, 950, 925, 900, 875, 850, 825, 800, 775, 750, 700, 650, 600, 550,
        500, 450, 400, 350, 300, 250, 225, 200, 175, 150, 125, 100, 70, 50, 30, 20, 10, 7, 5, 3, 2, 1};
    private static final long SEED = 37;

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}; {@code z} must be 37
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public ColumnCapeRatio(GridShape shape, Rounds rounds) {
        if (shape.z() != ERA5_LEVELS.length) {
            throw new IllegalArgumentException("shape " + shape + " (expected: z = " + ERA5_LEVELS.length + ")");
        }
        this.shape = shape;
        this.rounds = rounds;
    }

    /** The default: 4 × 37 × 91 × 180 (65 520 columns of 37 levels), 2 + 7 rounds. */
    public static ColumnCapeRatio full() {
        return new ColumnCapeRatio(new GridShape(4, 37, 91, 180), new Rounds(2, 7));
    }

    /** Tiny sizes for a smoke run. */
    public static ColumnCapeRatio quick() {
        return new ColumnCapeRatio(new GridShape(1, 37, 4, 8), new Rounds(1, 2));
    }

    @Override
    public String label() {
        return "column cape";
    }

    @Override
    public List<BenchResult> run() {
        WeatherFields fields = WeatherFields.synthetic(shape, ERA5_LEVELS, SEED);
        ColumnFields nest = new ColumnFields(shape);
        ColumnFields byHand = new ColumnFields(shape);
        int threads = Runtime.getRuntime().availableProcessors();
        int columns = shape.t() * shape.y() * shape.x();
        RunReport[] last = new RunReport[2];
        ColumnFields scalar = new ColumnFields(shape);
        List<Samples> s;
        ColumnVerification vectorErrors;
        try (CpuDevice cpu = new CpuDevice(threads); HandColumns hand = new HandColumns(threads)) {
            Runnable vector = () -> last[0] = ColumnNest.nest(fields, nest, MissingMarkers.NONE)
                    .kernelPath(KernelPath.VECTOR).on(cpu).run();
            Runnable scalarBody = () -> last[1] = ColumnNest.nest(fields, scalar, MissingMarkers.NONE)
                    .kernelPath(KernelPath.SCALAR).on(cpu).run();
            Runnable baseline = () -> hand.run(fields, byHand);
            vector.run();
            scalarBody.run();
            baseline.run();
            same(byHand, scalar);
            vectorErrors = within(byHand, nest);
            Rounds.warmAlone(vector, rounds.warmup() > 0 ? WeatherSpeedRatio.VECTOR_WARMUP : 0);
            s = rounds.interleave(List.of(baseline, vector, scalarBody));
            same(byHand, scalar);
            within(byHand, nest);
        }
        Comparison c = new Comparison("hand-written", s.get(0), "LoopNest column body, vector path", s.get(1));
        Comparison cs = new Comparison("hand-written", s.get(0), "LoopNest column body, scalar path", s.get(2));
        RunReport r = last[0];
        long lifted = 0;
        for (float v : scalar.output(ColumnOutput.CAPE)) {
            lifted += v > 0 ? 1 : 0;
        }
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s on ERA5's 37 levels (%d columns, %d with CAPE "
                + "> 0), %d threads each (fixed pool over (t, y) rows of columns vs CpuDevice(%d), split d=%d, %d "
                + "chunks)", shape, columns, lifted, threads, threads, r.splitDepth(), r.chunks());
        return List.of(
                new BenchResult("column-cape-throughput", columns / (s.get(1).median() / 1e9), "columns/s",
                        String.format(Locale.ROOT, "columns per second of the column body (gh, pw, CAPE, CIN per "
                                + "column) on the cpu, %s, median of the rounds (%s); MetPy's cape_cin: about 50 "
                                + "profiles/s; %s", KernelPathNote.of(r), s.get(1).describeMillis(), setup)),
                new BenchResult("column-cape-throughput-scalar", columns / (s.get(2).median() / 1e9), "columns/s",
                        String.format(Locale.ROOT, "the same on the scalar path (%s); %s", s.get(2).describeMillis(),
                                setup)),
                new BenchResult("column-cape-vs-hand-java", c.ratio(), "ratio", "hand-written time / LoopNest "
                        + "time, the same algorithm (ColumnFormulas.column) by hand in parallel scalar Java against "
                        + "the body on the vector path; " + KernelPathNote.of(r) + "; " + setup + "; " + c.describe()
                        + "; outputs within ColumnOutput's tolerances of the hand-written loop's: " + vectorErrors),
                new BenchResult("column-cape-vs-hand-java-scalar", cs.ratio(), "ratio", "the same against the body "
                        + "on the scalar path; " + KernelPathNote.of(last[1]) + "; " + setup + "; " + cs.describe()
                        + "; outputs the same bits"));
    }

    private static ColumnVerification within(ColumnFields expected, ColumnFields actual) {
        ColumnVerification v = ColumnVerification.compare(expected, actual);
        if (!v.passed()) {
            throw new IllegalStateException("the column body on the vector path: " + v);
        }
        return v;
    }

    private static void same(ColumnFields expected, ColumnFields actual) {
        for (ColumnOutput o : ColumnOutput.values()) {
            if (!Arrays.equals(expected.output(o), actual.output(o))) {
                throw new IllegalStateException("the column body's " + o.key() + " differs from the hand-written "
                        + "loop's (expected: the same bits, both scalar)");
            }
        }
    }

    /** The column algorithm by hand: rows {@code (t, y)} of columns in blocks on a fixed pool. */
    private static final class HandColumns implements AutoCloseable {
        private final java.util.concurrent.ExecutorService pool;
        private final int threads;

        HandColumns(int threads) {
            this.threads = threads;
            this.pool = java.util.concurrent.Executors.newFixedThreadPool(threads, r -> {
                Thread t = new Thread(r, "hand-written column loop");
                t.setDaemon(true);
                return t;
            });
        }

        void run(WeatherFields f, ColumnFields out) {
            GridShape s = f.shape();
            int plane = s.y() * s.x();
            RowBlocks.run(pool, threads, s.t() * s.y(), "hand-written column loop", (first, end) -> {
                float[] result = new float[ColumnFormulas.COUNT];
                for (int row = first; row < end; row++) {
                    int t = row / s.y();
                    for (int x = 0; x < s.x(); x++) {
                        int yx = (row % s.y()) * s.x() + x;
                        int column = t * plane + yx;
                        ColumnFormulas.column(f.temperature(), f.humidity(), t * s.z() * plane + yx, plane,
                                f.levels(), s.z(), out.output(ColumnOutput.GH), result);
                        out.output(ColumnOutput.PW)[column] = result[ColumnFormulas.PW];
                        out.output(ColumnOutput.CAPE)[column] = result[ColumnFormulas.CAPE];
                        out.output(ColumnOutput.CIN)[column] = result[ColumnFormulas.CIN];
                    }
                }
            });
        }

        @Override
        public void close() {
            pool.shutdownNow();
        }
    }
}
