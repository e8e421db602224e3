package org.loopnest.perf.ratio;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.loopnest.perf.report.BenchResult;

/**
 * {@code vector-pow-vs-exp-log} and {@code vector-pow-vs-scalar}: what the Vector API's {@code POW} costs on this
 * JVM and CPU, for the choice of how a vector body computes {@code pow(x, y)}. One thread, {@code n} floats,
 * {@code x} in [0.5, 2) and {@code y} in [0.1, 3.6) (the ranges of the weather body's powers), three sides
 * interleaved: {@code POW} lanewise, {@code EXP(y·LOG(x))} lanewise (equal only for {@code x > 0}), and the scalar
 * loop {@code (float) Math.pow(x, y)} (what C2 makes of a loop with a call: no SIMD). Values:
 * <ul>
 *   <li>{@code vector-pow-vs-exp-log}: {@code EXP(y·LOG(x))} time ÷ {@code POW} time (above 1: {@code POW} is the
 *       faster);</li>
 *   <li>{@code vector-pow-vs-scalar}: scalar time ÷ {@code POW} time (where {@code POW} falls back to a scalar
 *       call per lane, as the JDK does without AVX-512DQ, this is near or below 1).</li>
 * </ul>
 * The detail gives each side's largest error in float ulps against {@code (float) StrictMath.pow} of the same
 * values. Run it under the JVM flags it is about, e.g. {@code JAVA_OPTS="-XX:UseAVX=2"} (see BENCHMARKS.md).
 * Skipped, with the reason, where the JVM cannot run Vector API code.
 */
public final class VectorPowRatio implements RatioRun {
    /** The vector loops ({@code VectorPowLoops}, loaded only where the module is present). */
    interface Loops {
        /** {@return the lanes of the vectors} */
        int lanes();

        /** {@code out[k] = POW(x[k], y[k])}. */
        void pow(float[] x, float[] y, float[] out);

        /** {@code out[k] = EXP(y[k]·LOG(x[k]))}. */
        void expLog(float[] x, float[] y, float[] out);
    }

    private final int n;
    private final Rounds rounds;

    /**
     * @param n      the floats of each array, {@code >= 1}
     * @param rounds warm-up and measured rounds (each runs the three sides once)
     */
    public VectorPowRatio(int n, Rounds rounds) {
        if (n < 1) {
            throw new IllegalArgumentException("vector pow n = " + n + " (expected: >= 1)");
        }
        this.n = n;
        this.rounds = rounds;
    }

    /** The default: 4 Mi floats (the probe), 3 + 11 rounds. */
    public static VectorPowRatio full() {
        return new VectorPowRatio(4 << 20, new Rounds(3, 11));
    }

    /** Tiny sizes for a smoke run (not a multiple of the lanes: the scalar tail runs too). */
    public static VectorPowRatio quick() {
        return new VectorPowRatio(1001, new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "vector pow";
    }

    @Override
    public List<BenchResult> run() {
        Optional<Loops> loaded = VectorOnly.create("VectorPowLoops", Loops.class);
        if (loaded.isEmpty()) {
            String why = "the Vector API cannot run: " + VectorOnly.unavailable().orElse("?");
            return List.of(BenchResult.skipped("vector-pow-vs-exp-log", why),
                    BenchResult.skipped("vector-pow-vs-scalar", why));
        }
        Loops loops = loaded.get();
        float[] x = new float[n];
        float[] y = new float[n];
        float[] exact = new float[n];
        for (int k = 0; k < n; k++) {
            x[k] = 0.5f + 1.5f * fraction(k * 0.6180339887498949);
            y[k] = 0.1f + 3.5f * fraction(k * 0.41421356237309515);
            exact[k] = (float) StrictMath.pow(x[k], y[k]);
        }
        float[] pow = new float[n];
        float[] expLog = new float[n];
        float[] scalar = new float[n];
        List<Samples> s = rounds.interleave(List.of(() -> loops.pow(x, y, pow), () -> loops.expLog(x, y, expLog),
                () -> scalarPow(x, y, scalar)));
        String errors = String.format(Locale.ROOT, "largest error against (float) StrictMath.pow: POW %s ulp,"
                + " EXP(y*LOG(x)) %s ulp, scalar %s ulp", ulps(pow, exact), ulps(expLog, exact), ulps(scalar, exact));
        String setup = String.format(Locale.ROOT, "%d floats, x in [0.5, 2), y in [0.1, 3.6), one thread,"
                + " FloatVector.SPECIES_PREFERRED = %d lanes", n, loops.lanes());
        Comparison viaLog = new Comparison("EXP(y*LOG(x))", s.get(1), "POW", s.get(0));
        Comparison overScalar = new Comparison("scalar (float) Math.pow", s.get(2), "POW", s.get(0));
        return List.of(new BenchResult("vector-pow-vs-exp-log", viaLog.ratio(), "ratio", "EXP(y*LOG(x)) time / POW"
                        + " time; " + setup + "; " + viaLog.describe() + "; " + errors),
                new BenchResult("vector-pow-vs-scalar", overScalar.ratio(), "ratio", "scalar Math.pow time / POW time; "
                        + setup + "; " + overScalar.describe() + "; " + errors));
    }

    private static float fraction(double v) {
        return (float) (v - Math.floor(v));
    }

    private static void scalarPow(float[] x, float[] y, float[] out) {
        for (int k = 0; k < x.length; k++) {
            out[k] = (float) Math.pow(x[k], y[k]);
        }
    }

    /** The largest distance in float ulps between {@code got} and {@code exact} (all finite and positive here). */
    private static String ulps(float[] got, float[] exact) {
        long worst = 0;
        for (int k = 0; k < got.length; k++) {
            worst = Math.max(worst, Math.abs((long) Float.floatToIntBits(got[k]) - Float.floatToIntBits(exact[k])));
        }
        return Long.toString(worst);
    }
}
