package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * {@code cpu-weather-speed-ratio}: the weather loop by hand in parallel scalar Java ({@link HandWrittenWeather})
 * against {@link WeatherNest} on a {@link CpuDevice}, both with one thread per available processor, on the same
 * synthetic fields, rounds interleaved. Ratio = hand-written time ÷ LoopNest time, for three bodies of the nest:
 * <ul>
 *   <li>{@code cpu-weather-speed-ratio}: the one kernel-language body ({@link WeatherNest#nest}, i.e.
 *       {@code WeatherBody.CODE}), compiled for the JVM, on the vector path
 *       ({@code kernelPath(KernelPath.VECTOR)}, issue 23; the scalar one where the JVM lacks
 *       {@code jdk.incubator.vector}, as the row's detail says);</li>
 *   <li>{@code cpu-weather-speed-ratio-scalar}: the same body on the scalar path
 *       ({@code LoopNest.kernelPath(KernelPath.SCALAR)}), one element at a time;</li>
 *   <li>{@code cpu-weather-speed-ratio-chunk}: a per-block Java body calling {@code WeatherFormulas.point}
 *       ({@link JavaWeatherBodies#perBlock});</li>
 *   <li>{@code cpu-weather-speed-ratio-java-element}: a per-element Java body calling it
 *       ({@link JavaWeatherBodies#perElement}; what {@code cpu-weather-speed-ratio} measured before issue 12).</li>
 * </ul>
 * Before the rounds the vector body runs alone {@value #VECTOR_WARMUP} times ({@link Rounds#warmAlone}: its
 * compile by the JIT waits behind the other sides' otherwise). All five sides write the same output arrays in turn
 * (the hand-written one its own). Before the rounds and after them the Java bodies' outputs must agree bit for bit
 * with the hand-written ones (they call the same {@code WeatherFormulas.point}); the kernel-language body's, on
 * either path, within each output's tolerance (its math functions may round otherwise: the vector path's do).
 */
public final class WeatherSpeedRatio implements RatioRun {
    private static final long SEED = 2026;
    /** Runs of the kernel-language body (vector path) alone before the rounds: see {@link Rounds#warmAlone}. */
    static final int VECTOR_WARMUP = 20;

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public WeatherSpeedRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /** The default: 8 × 7 × 181 × 360 points (3.6 million, the 1° grid), 3 + 9 rounds. */
    public static WeatherSpeedRatio full() {
        return new WeatherSpeedRatio(new GridShape(8, 7, 181, 360), new Rounds(3, 9));
    }

    /** Tiny sizes for a smoke run. */
    public static WeatherSpeedRatio quick() {
        return new WeatherSpeedRatio(new GridShape(2, 3, 8, 16), new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "cpu weather";
    }

    @Override
    public List<BenchResult> run() {
        WeatherFields fields = WeatherFields.synthetic(shape.t(), shape.z(), shape.y(), shape.x(), SEED);
        float[][] byHand = fields.newOutputs();
        float[][] nest = WeatherCheck.outputs(fields);
        int threads = Runtime.getRuntime().availableProcessors();
        RunReport[] last = new RunReport[2];
        List<Samples> s;
        Verification bodyErrors;
        Verification scalarErrors;
        try (CpuDevice cpu = new CpuDevice(threads); HandWrittenWeather baseline = new HandWrittenWeather(threads)) {
            baseline.run(fields, byHand);
            List<Runnable> bodies = List.of(
                    () -> last[0] = WeatherNest.nest(fields).kernelPath(KernelPath.VECTOR).on(cpu).run(),
                    () -> last[1] = WeatherNest.nest(fields).kernelPath(KernelPath.SCALAR).on(cpu).run(),
                    () -> JavaWeatherBodies.perBlock(fields).on(cpu).run(),
                    () -> JavaWeatherBodies.perElement(fields).on(cpu).run());
            for (int b = 0; b < bodies.size(); b++) { // each body checked on its own, before the rounds
                WeatherCheck.poison(nest);
                bodies.get(b).run();
                check(byHand, nest, b);
            }
            Rounds.warmAlone(bodies.get(0), rounds.warmup() > 0 ? VECTOR_WARMUP : 0);
            List<Runnable> sides = new ArrayList<>();
            sides.add(() -> baseline.run(fields, byHand));
            sides.addAll(bodies);
            s = rounds.interleave(sides);
            check(byHand, nest, 3); // the last to write in the last round
            WeatherCheck.poison(nest);
            bodies.get(0).run();
            bodyErrors = check(byHand, nest, 0);
            WeatherCheck.poison(nest);
            bodies.get(1).run();
            scalarErrors = check(byHand, nest, 1);
        }
        RunReport r = last[0];
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s (%d points), %d threads each (fixed pool over"
                        + " (t,z,y) rows vs CpuDevice(%d), split d=%d r=%d, %d chunks, B=%d)", shape, shape.points(),
                threads, threads, r.splitDepth(), r.group(), r.chunks(), r.inputBuffers());
        Comparison body = new Comparison("hand-written", s.get(0), "LoopNest kernel-language body", s.get(1));
        Comparison scalar = new Comparison("hand-written", s.get(0), "LoopNest kernel-language body, scalar path",
                s.get(2));
        Comparison chunk = new Comparison("hand-written", s.get(0), "LoopNest per-block Java", s.get(3));
        Comparison element = new Comparison("hand-written", s.get(0), "LoopNest per-element Java", s.get(4));
        return List.of(
                new BenchResult("cpu-weather-speed-ratio", body.ratio(), "ratio",
                        "hand-written time / LoopNest time, the kernel-language body (WeatherBody) compiled for the"
                                + " JVM; " + KernelPathNote.of(r) + "; " + setup + "; " + body.describe()
                                + String.format(Locale.ROOT, "; the body's last run: wall %.2f ms, kernel busy %.2f"
                                        + " ms", r.wall().toNanos() / 1e6,
                                r.busy().getOrDefault(Stage.KERNEL, Duration.ZERO).toNanos() / 1e6)
                                + "; outputs within WeatherOutput's tolerances of the hand-written loop's: "
                                + WeatherCheck.maxErrors(bodyErrors)),
                new BenchResult("cpu-weather-speed-ratio-scalar", scalar.ratio(), "ratio",
                        "hand-written time / LoopNest time, the kernel-language body on the scalar path"
                                + " (LoopNest.kernelPath(KernelPath.SCALAR)); " + KernelPathNote.of(last[1]) + "; "
                                + setup + "; " + scalar.describe() + "; outputs within WeatherOutput's tolerances of"
                                + " the hand-written loop's: " + WeatherCheck.maxErrors(scalarErrors)),
                new BenchResult("cpu-weather-speed-ratio-chunk", chunk.ratio(), "ratio",
                        "hand-written time / LoopNest time, a per-block Java body calling WeatherFormulas.point; "
                                + setup + "; " + chunk.describe() + "; outputs the same bits"),
                new BenchResult("cpu-weather-speed-ratio-java-element", element.ratio(), "ratio",
                        "hand-written time / LoopNest time, a per-element Java body calling WeatherFormulas.point; "
                                + setup + "; " + element.describe() + "; outputs the same bits"));
    }

    /**
     * Checks the outputs of body {@code b} (0, 1: the kernel-language body on the vector and the scalar path, within
     * the tolerances: its math functions may round otherwise; 2, 3: the Java bodies, which call
     * {@link org.loopnest.examples.weather.WeatherFormulas} as the hand-written loop does, bit for bit).
     */
    private static Verification check(float[][] byHand, float[][] nest, int b) {
        String[] names = {"the kernel-language body", "the kernel-language body on the scalar path",
            "the per-block Java body", "the per-element Java body"};
        if (b < 2) {
            return WeatherCheck.within(byHand, nest, names[b]);
        }
        WeatherCheck.same(byHand, nest, names[b]);
        return Verification.compare(byHand, nest);
    }
}
