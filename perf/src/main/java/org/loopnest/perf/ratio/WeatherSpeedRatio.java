package org.loopnest.perf.ratio;

import java.util.List;
import java.util.Locale;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cpu-weather-speed-ratio}: the weather loop by hand in parallel Java ({@link HandWrittenWeather}) against
 * {@link WeatherNest} on a {@link CpuDevice}, both with one thread per available processor, on the same synthetic
 * fields, rounds interleaved. Ratio = hand-written time ÷ LoopNest time, once with the per-element kernel
 * ({@code cpu-weather-speed-ratio}) and once with the same body as a per-block kernel
 * ({@code cpu-weather-speed-ratio-chunk}). Both write their own output arrays,
 * which must agree bit for bit.
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
            s = rounds.interleave(List.of(() -> baseline.run(fields, byHand),
                    () -> last[0] = WeatherNest.nest(fields).on(cpu).run(),
                    () -> JavaWeatherBodies.perBlock(fields).on(cpu).run()));
        }
        checkSame(fields, byHand);
        RunReport r = last[0];
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s (%d points), %d threads each (fixed pool over"
                        + " (t,z,y) rows vs CpuDevice(%d), split d=%d r=%d, %d chunks, B=%d)", shape, shape.points(),
                threads, threads, r.splitDepth(), r.group(), r.chunks(), r.buffers());
        Comparison element = new Comparison("hand-written", s.get(0), "LoopNest", s.get(1));
        Comparison chunk = new Comparison("hand-written", s.get(0), "LoopNest per-block", s.get(2));
        return List.of(
                new BenchResult("cpu-weather-speed-ratio", element.ratio(), "ratio",
                        "hand-written time / LoopNest time, per-element kernel; " + setup + "; " + element.describe()),
                new BenchResult("cpu-weather-speed-ratio-chunk", chunk.ratio(), "ratio",
                        "hand-written time / LoopNest time, the same body as a per-block kernel; " + setup + "; "
                                + chunk.describe()));
    }

    private static void checkSame(WeatherFields fields, float[][] byHand) {
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] nest = fields.output(o);
            float[] hand = byHand[o.ordinal()];
            for (int k = 0; k < hand.length; k++) {
                if (Float.floatToIntBits(nest[k]) != Float.floatToIntBits(hand[k])) {
                    throw new IllegalStateException("cpu weather: " + o.key() + "[" + k + "] is " + nest[k]
                            + " from LoopNest but " + hand[k] + " by hand (expected: the same bits)");
                }
            }
        }
    }
}
