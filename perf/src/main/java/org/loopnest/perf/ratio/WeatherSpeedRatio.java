package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * {@code cpu-weather-speed-ratio}: the weather loop by hand in parallel Java ({@link HandWrittenWeather}) against
 * {@link WeatherNest} on a {@link CpuDevice}, both with one thread per available processor, on the same synthetic
 * fields, rounds interleaved. Ratio = hand-written time ÷ LoopNest time, for three bodies of the nest:
 * <ul>
 *   <li>{@code cpu-weather-speed-ratio}: the one kernel-language body ({@link WeatherNest#nest}, i.e.
 *       {@code WeatherBody.CODE}), compiled for the JVM;</li>
 *   <li>{@code cpu-weather-speed-ratio-chunk}: a per-block Java body calling {@code WeatherFormulas.point}
 *       ({@link JavaWeatherBodies#perBlock});</li>
 *   <li>{@code cpu-weather-speed-ratio-java-element}: a per-element Java body calling it
 *       ({@link JavaWeatherBodies#perElement}; what {@code cpu-weather-speed-ratio} measured before issue 12).</li>
 * </ul>
 * All four sides write the same output arrays in turn (the hand-written one its own), and after the rounds every
 * LoopNest body's outputs must agree bit for bit with the hand-written ones.
 */
public final class WeatherSpeedRatio implements RatioRun {
    private static final long SEED = 2026;

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
        int threads = Runtime.getRuntime().availableProcessors();
        RunReport[] last = new RunReport[1];
        List<Samples> s;
        try (CpuDevice cpu = new CpuDevice(threads); HandWrittenWeather baseline = new HandWrittenWeather(threads)) {
            baseline.run(fields, byHand);
            List<Runnable> bodies = List.of(() -> last[0] = WeatherNest.nest(fields).on(cpu).run(),
                    () -> JavaWeatherBodies.perBlock(fields).on(cpu).run(),
                    () -> JavaWeatherBodies.perElement(fields).on(cpu).run());
            String[] names = {"the kernel-language body", "the per-block Java body", "the per-element Java body"};
            for (int b = 0; b < bodies.size(); b++) { // each body checked on its own, before the rounds
                for (WeatherOutput o : WeatherOutput.values()) {
                    Arrays.fill(fields.output(o), -Float.MAX_VALUE); // a value no formula gives
                }
                bodies.get(b).run();
                checkSame(fields, byHand, names[b]);
            }
            List<Runnable> sides = new ArrayList<>();
            sides.add(() -> baseline.run(fields, byHand));
            sides.addAll(bodies);
            s = rounds.interleave(sides);
        }
        checkSame(fields, byHand, "the per-element Java body"); // the last to write in the last round
        RunReport r = last[0];
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s (%d points), %d threads each (fixed pool over"
                        + " (t,z,y) rows vs CpuDevice(%d), split d=%d r=%d, %d chunks, B=%d)", shape, shape.points(),
                threads, threads, r.splitDepth(), r.group(), r.chunks(), r.inputBuffers());
        Comparison body = new Comparison("hand-written", s.get(0), "LoopNest kernel-language body", s.get(1));
        Comparison chunk = new Comparison("hand-written", s.get(0), "LoopNest per-block Java", s.get(2));
        Comparison element = new Comparison("hand-written", s.get(0), "LoopNest per-element Java", s.get(3));
        return List.of(
                new BenchResult("cpu-weather-speed-ratio", body.ratio(), "ratio",
                        "hand-written time / LoopNest time, the kernel-language body (WeatherBody) compiled for the"
                                + " JVM; " + setup + "; " + body.describe() + String.format(Locale.ROOT,
                                "; the body's last run: wall %.2f ms, kernel busy %.2f ms", r.wall().toNanos() / 1e6,
                                r.busy().getOrDefault(Stage.KERNEL, Duration.ZERO).toNanos() / 1e6)),
                new BenchResult("cpu-weather-speed-ratio-chunk", chunk.ratio(), "ratio",
                        "hand-written time / LoopNest time, a per-block Java body calling WeatherFormulas.point; "
                                + setup + "; " + chunk.describe()),
                new BenchResult("cpu-weather-speed-ratio-java-element", element.ratio(), "ratio",
                        "hand-written time / LoopNest time, a per-element Java body calling WeatherFormulas.point; "
                                + setup + "; " + element.describe()));
    }

    private static void checkSame(WeatherFields fields, float[][] byHand, String body) {
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] nest = fields.output(o);
            float[] hand = byHand[o.ordinal()];
            for (int k = 0; k < hand.length; k++) {
                if (Float.floatToIntBits(nest[k]) != Float.floatToIntBits(hand[k])) {
                    throw new IllegalStateException("cpu weather: " + o.key() + "[" + k + "] is " + nest[k]
                            + " from " + body + " but " + hand[k] + " by hand (expected: the same bits)");
                }
            }
        }
    }
}
