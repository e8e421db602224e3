package org.loopnest.perf.ratio;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cpu-weather-vs-hand-vector}: the weather loop by hand with the Vector API ({@code HandVectorWeather}, the
 * practical limit on the JVM) against {@link WeatherNest} on a {@link CpuDevice} running the kernel-language body
 * on the vector path ({@code kernelPath(KernelPath.VECTOR)}), both with one thread per available
 * processor, on the same synthetic fields as {@code cpu-weather-speed-ratio}, each side first run alone
 * ({@link Rounds#warmAlone}), then rounds interleaved. Ratio = hand-written time ÷ LoopNest time. Before and after
 * the rounds both sides' outputs are compared with the scalar hand-written loop's ({@link HandWrittenWeather}) within
 * each output's tolerance. Skipped, with the reason, where the JVM cannot run Vector API code.
 */
public final class WeatherHandVectorRatio implements RatioRun {
    /** The row's name. */
    public static final String ROW = "cpu-weather-vs-hand-vector";
    private static final long SEED = 2026;

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public WeatherHandVectorRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /** The default: the grid of {@code cpu-weather-speed-ratio}, 8 × 7 × 181 × 360 points, 3 + 9 rounds. */
    public static WeatherHandVectorRatio full() {
        return new WeatherHandVectorRatio(new GridShape(8, 7, 181, 360), new Rounds(3, 9));
    }

    /** Tiny sizes for a smoke run (rows of 37 points: two full vectors of 16 and a masked tail). */
    public static WeatherHandVectorRatio quick() {
        return new WeatherHandVectorRatio(new GridShape(2, 3, 8, 37), new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "cpu weather vs hand vector";
    }

    @Override
    public List<BenchResult> run() {
        int threads = Runtime.getRuntime().availableProcessors();
        Optional<WeatherLoop> loaded = WeatherLoop.handVector(threads);
        if (loaded.isEmpty()) {
            return List.of(BenchResult.skipped(ROW, "the hand-written Vector API loop cannot run: "
                    + VectorOnly.unavailable().orElse("?")));
        }
        WeatherFields fields = WeatherFields.synthetic(shape.t(), shape.z(), shape.y(), shape.x(), SEED);
        float[][] reference = fields.newOutputs();
        float[][] byHand = fields.newOutputs();
        float[][] nest = WeatherCheck.outputs(fields);
        RunReport[] last = new RunReport[1];
        List<Samples> s;
        Verification handErrors;
        Verification nestErrors;
        try (CpuDevice cpu = new CpuDevice(threads); WeatherLoop hand = loaded.get();
                HandWrittenWeather scalar = new HandWrittenWeather(threads)) {
            scalar.run(fields, reference);
            WeatherCheck.poison(byHand);
            WeatherCheck.poison(nest);
            Runnable vectorByHand = () -> hand.run(fields, byHand);
            Runnable body = () -> last[0] = WeatherNest.nest(fields).kernelPath(KernelPath.VECTOR).on(cpu).run();
            vectorByHand.run();
            body.run();
            WeatherCheck.within(reference, byHand, "the hand-written Vector API loop");
            WeatherCheck.within(reference, nest, "the kernel-language body");
            int alone = rounds.warmup() > 0 ? WeatherSpeedRatio.VECTOR_WARMUP : 0;
            Rounds.warmAlone(vectorByHand, alone);
            Rounds.warmAlone(body, alone);
            s = rounds.interleave(List.of(vectorByHand, body));
            handErrors = WeatherCheck.within(reference, byHand, "the hand-written Vector API loop");
            nestErrors = WeatherCheck.within(reference, nest, "the kernel-language body");
        }
        RunReport r = last[0];
        Comparison c = new Comparison("hand-written Vector API", s.get(0), "LoopNest kernel-language body", s.get(1));
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s (%d points), %d threads each (fixed pool over"
                        + " (t,z,y) rows, FloatVector.SPECIES_PREFERRED = %d lanes, vs CpuDevice(%d), split d=%d"
                        + " r=%d, %d chunks, B=%d); %s", shape, shape.points(), threads,
                VectorSupport.preferredBits() / Float.SIZE, threads, r.splitDepth(), r.group(), r.chunks(),
                r.inputBuffers(), KernelPathNote.of(r));
        return List.of(new BenchResult(ROW, c.ratio(), "ratio", "hand-written Vector API time / LoopNest time, the"
                + " kernel-language body (WeatherBody); " + setup + "; " + c.describe() + "; outputs within"
                + " WeatherOutput's tolerances of the scalar hand-written loop: Vector API loop "
                + WeatherCheck.maxErrors(handErrors) + ", LoopNest " + WeatherCheck.maxErrors(nestErrors)));
    }
}
