package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * {@code sim-out-of-core-ratio}: the weather nest ({@link WeatherNest#nest}, automatic split) on two
 * {@link SimDevice}s with the same link (bandwidth each way, latency) and kernel threads, one whose memory is
 * {@value #OUT_OF_CORE_DIVISOR}× smaller than the run's data (inputs + outputs), so that the data streams through
 * in chunks, and one with {@value #IN_CORE_FACTOR}× the data, so that nothing limits the chunks. Value =
 * throughput (iterations per second of wall time, median of the measured rounds) out of core ÷ in core. Rounds
 * interleaved; each configuration is verified against the sequential loop ({@link WeatherNest#verify}) on
 * outputs cleared before its check run, and again after the measured rounds.
 */
public final class SimOutOfCore implements RatioRun {
    /** Data bytes ÷ device memory in the out-of-core configuration. */
    public static final int OUT_OF_CORE_DIVISOR = 8;
    /** Device memory ÷ data bytes in the in-core configuration. */
    public static final int IN_CORE_FACTOR = 4;

    private final WeatherFields fields;
    private final long bandwidth;
    private final Duration latency;
    private final Rounds rounds;

    /**
     * @param fields    the weather grid
     * @param bandwidth the simulated link each way, bytes per second
     * @param latency   the fixed cost of every copy
     * @param rounds    warm-up and measured rounds (each runs both configurations once)
     */
    public SimOutOfCore(WeatherFields fields, long bandwidth, Duration latency, Rounds rounds) {
        this.fields = fields;
        this.bandwidth = bandwidth;
        this.latency = latency;
        this.rounds = rounds;
    }

    @Override
    public String label() {
        return "sim out of core";
    }

    @Override
    public List<BenchResult> run() {
        long points = fields.shape().points();
        long dataBytes = points * (2L + WeatherOutput.COUNT) * Float.BYTES + (long) fields.levels().length
                * Float.BYTES;
        SimConfig small = config("sim-out-of-core", dataBytes / OUT_OF_CORE_DIVISOR);
        SimConfig large = config("sim-in-core", dataBytes * IN_CORE_FACTOR);
        List<RunReport[]> runs;
        try (SimDevice outOfCore = new SimDevice(small); SimDevice inCore = new SimDevice(large)) {
            check(outOfCore);
            check(inCore);
            runs = rounds.collect(() -> new RunReport[] {WeatherNest.nest(fields).on(outOfCore).run(),
                    WeatherNest.nest(fields).on(inCore).run()});
        }
        verify("after the measured rounds");
        Samples outRate = new Samples(runs.stream().mapToDouble(r -> r[0].iterationsPerSecond()).toArray());
        Samples inRate = new Samples(runs.stream().mapToDouble(r -> r[1].iterationsPerSecond()).toArray());
        RunReport outRun = nearest(runs, 0, outRate.median());
        RunReport inRun = nearest(runs, 1, inRate.median());
        return List.of(new BenchResult("sim-out-of-core-ratio", outRate.median() / inRate.median(), "ratio",
                String.format(Locale.ROOT, "throughput with device memory = 1/%d of the data / throughput with %dx"
                                + " the data; weather nest t,z,y,x = %s (%d points, %.1f MB in+out), automatic split;"
                                + " sim link %.1f GB/s each way + %d us latency, %d kernel threads, kernel uncapped;"
                                + " out of core: memory %.2f MB, %s, %d chunks, wall %.1f ms (median run), %.4g it/s"
                                + " (median of %d, %.4g-%.4g); in core: memory %.1f MB, %s, %d chunks, wall %.1f ms,"
                                + " %.4g it/s (median of %d, %.4g-%.4g); both verified against the sequential loop",
                        OUT_OF_CORE_DIVISOR, IN_CORE_FACTOR, fields.shape(), points, dataBytes / 1e6,
                        bandwidth / 1e9, latency.toNanos() / 1000, small.threads(), small.memoryBytes() / 1e6,
                        split(outRun), outRun.chunks(), outRun.wall().toNanos() / 1e6, outRate.median(),
                        outRate.count(), outRate.min(), outRate.max(), large.memoryBytes() / 1e6, split(inRun),
                        inRun.chunks(), inRun.wall().toNanos() / 1e6, inRate.median(), inRate.count(), inRate.min(),
                        inRate.max())));
    }

    private SimConfig config(String name, long memory) {
        return SimConfig.builder().name(name).memory(memory).bandwidth(bandwidth).latency(latency).build();
    }

    /** Clears the outputs, runs once on {@code sim} and verifies. */
    private void check(SimDevice sim) {
        for (WeatherOutput o : WeatherOutput.values()) {
            Arrays.fill(fields.output(o), Float.NaN);
        }
        WeatherNest.nest(fields).on(sim).run();
        verify("on " + sim.info().name());
    }

    private void verify(String when) {
        Verification check = WeatherNest.verify(fields);
        if (!check.passed()) {
            throw new IllegalStateException("sim out of core: the weather outputs " + when + " do not verify: "
                    + check);
        }
    }

    private static String split(RunReport r) {
        return "d=" + r.splitDepth() + " r=" + r.group();
    }

    private static RunReport nearest(List<RunReport[]> runs, int side, double median) {
        return runs.stream().map(r -> r[side]).min(Comparator.comparingDouble(r -> Math.abs(r.iterationsPerSecond()
                - median))).orElseThrow();
    }
}
