package org.loopnest.perf.ratio;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code cpu-weather-vs-numpy}: the weather loop in NumPy float32 ufuncs ({@link NumpyWeather}, a Python child
 * process with Debian's {@code python3-numpy}, whose float32 {@code exp}, {@code log} and {@code power} loops use
 * AVX-512 where the CPU has it) against {@link WeatherNest} on a {@link CpuDevice} running the kernel-language body
 * on the vector path ({@code kernelPath(KernelPath.VECTOR)}) with one thread per available processor, on the same
 * synthetic fields as {@code cpu-weather-speed-ratio}. NumPy holds the inputs in memory and is timed around the
 * computation alone, in Python; LoopNest is timed around its whole run. The LoopNest body first runs alone ({@link
 * Rounds#warmAlone}), then rounds interleaved (a NumPy round, then a LoopNest round). Ratio = NumPy time ÷ LoopNest
 * time. Before and after the rounds, both sides' outputs are compared with the scalar hand-written loop's ({@link
 * HandWrittenWeather}) within each output's tolerance. Skipped, with the reason, where {@code /usr/bin/python3} cannot
 * import NumPy (and, not being root, this process cannot install it).
 */
public final class WeatherNumpyRatio implements RatioRun {
    /** The row's name. */
    public static final String ROW = "cpu-weather-vs-numpy";
    private static final long SEED = 2026;

    private final GridShape shape;
    private final Rounds rounds;

    /**
     * @param shape  the grid {@code t, z, y, x}
     * @param rounds warm-up and measured rounds (each runs both sides once)
     */
    public WeatherNumpyRatio(GridShape shape, Rounds rounds) {
        this.shape = shape;
        this.rounds = rounds;
    }

    /** The default: the grid of {@code cpu-weather-speed-ratio}, 8 × 7 × 181 × 360 points, 2 + 7 rounds. */
    public static WeatherNumpyRatio full() {
        return new WeatherNumpyRatio(new GridShape(8, 7, 181, 360), new Rounds(2, 7));
    }

    /** Tiny sizes for a smoke run. */
    public static WeatherNumpyRatio quick() {
        return new WeatherNumpyRatio(new GridShape(2, 3, 8, 37), new Rounds(1, 3));
    }

    @Override
    public String label() {
        return "cpu weather vs numpy";
    }

    @Override
    public List<BenchResult> run() {
        Optional<String> why = NumpyWeather.unavailable(true);
        if (why.isPresent()) {
            return List.of(BenchResult.skipped(ROW, "NumPy cannot run: " + why.get()));
        }
        int threads = Runtime.getRuntime().availableProcessors();
        WeatherFields fields = WeatherFields.synthetic(shape.t(), shape.z(), shape.y(), shape.x(), SEED);
        float[][] reference = fields.newOutputs();
        float[][] nest = WeatherCheck.outputs(fields);
        RunReport[] last = new RunReport[1];
        List<Samples> s;
        Verification numpyErrors;
        Verification nestErrors;
        String version;
        try (CpuDevice cpu = new CpuDevice(threads); NumpyWeather numpy = NumpyWeather.start(fields);
                HandWrittenWeather scalar = new HandWrittenWeather(threads)) {
            version = numpy.version();
            scalar.run(fields, reference);
            WeatherCheck.poison(nest);
            LongSupplier body = () -> {
                long start = System.nanoTime();
                last[0] = WeatherNest.nest(fields).kernelPath(KernelPath.VECTOR).on(cpu).run();
                return System.nanoTime() - start;
            };
            numpy.run();
            body.getAsLong();
            WeatherCheck.within(reference, numpy.outputs(), "NumPy");
            WeatherCheck.within(reference, nest, "the kernel-language body");
            Rounds.warmAlone(body::getAsLong, rounds.warmup() > 0 ? WeatherSpeedRatio.VECTOR_WARMUP : 0);
            s = rounds.interleaveTimed(List.of(numpy::run, body));
            numpyErrors = WeatherCheck.within(reference, numpy.outputs(), "NumPy");
            nestErrors = WeatherCheck.within(reference, nest, "the kernel-language body");
        }
        RunReport r = last[0];
        Comparison c = new Comparison("NumPy", s.get(0), "LoopNest kernel-language body", s.get(1));
        String setup = String.format(Locale.ROOT, "grid t,z,y,x = %s (%d points); NumPy %s float32 ufuncs in"
                        + " %s, one thread, inputs in memory, timed in Python around the computation alone"
                        + " (time.perf_counter_ns); LoopNest on CpuDevice(%d), split d=%d r=%d, %d chunks, B=%d,"
                        + " timed around the whole run; %s", shape, shape.points(), version, NumpyWeather.PYTHON,
                threads, r.splitDepth(), r.group(), r.chunks(), r.inputBuffers(), KernelPathNote.of(r));
        return List.of(new BenchResult(ROW, c.ratio(), "ratio", "NumPy time / LoopNest time, the kernel-language"
                + " body (WeatherBody); " + setup + "; " + c.describe() + "; outputs within WeatherOutput's"
                + " tolerances of the scalar hand-written loop: NumPy " + WeatherCheck.maxErrors(numpyErrors)
                + ", LoopNest " + WeatherCheck.maxErrors(nestErrors)));
    }
}
