package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.loopnest.LoopNest;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * {@code sim-overlap-efficiency-b1}, {@code -b2}, {@code -b3}: {@link RunReport#overlapEfficiency()} of a nest on a
 * {@link SimDevice} whose link bandwidth and kernel rate are set, from calibration runs, so that one chunk's copy-in
 * and its kernel take the same simulated time; then the nest runs with {@code B = 1, 2, 3} buffers each way and each
 * row reports the median efficiency of the measured rounds.
 *
 * <p>{@code sim-speedup-over-serial}: the median wall time of the same chunks on a sim with the same link and kernel
 * cap but {@linkplain SimConfig.Engines#SHARED one engine} for copies and kernels, with one buffer each way (the
 * serial baseline: no two of the device's operations overlap, measured as a run like any other) ÷ the median wall
 * time on the ordinary sim with the default {@code B = 2}. {@code sim-fraction-of-serial-bound}: that speedup ÷ its
 * bound, (copy-in + kernel + copy-out) ÷ the slowest of the three per chunk, from the sim's configured times.
 * {@code sim-speedup-over-b1}: median wall at {@code B = 1} (one buffer each way, which already overlaps a chunk's
 * copy-in with the previous chunk's copy-out) ÷ at {@code B = 2} on the ordinary sim. Every round runs B = 1, 2, 3
 * and the serial run, one after the other (interleaved), after one unmeasured warm-up round per {@link Rounds}.
 *
 * <p>The simulated time per chunk is {@value #HEADROOM} times what the kernel really takes on this machine's
 * threads (measured uncapped, warm), and at least the given minimum: the kernel cap, not the host CPU, then sets the
 * kernel's time, as it would on an accelerator.
 */
public final class SimOverlap implements RatioRun {
    /** Fewer chunks than this would measure the pipeline's fill and drain more than its steady state. */
    public static final int MIN_CHUNKS = 16;
    /** Simulated kernel time per chunk ÷ real (uncapped) kernel time per chunk. */
    public static final int HEADROOM = 4;
    private static final Duration LATENCY = Duration.ofNanos(10_000);

    private final String workload;
    private final String rowSuffix;
    private final Supplier<LoopNest> nest;
    private final int splitDepth;
    private final Duration minPerChunk;
    private final Rounds rounds;

    /**
     * @param workload     what the nest is, for the detail text
     * @param nest         a fresh, fully bound nest per call (device, split and buffers are set here)
     * @param splitDepth   where to split it; must give at least {@link #MIN_CHUNKS} chunks
     * @param minPerChunk  the least simulated time of one chunk's copy-in, and of its kernel
     * @param rounds       warm-up and measured runs per buffer count
     */
    public SimOverlap(String workload, Supplier<LoopNest> nest, int splitDepth, Duration minPerChunk, Rounds rounds) {
        this(workload, "", nest, splitDepth, minPerChunk, rounds);
    }

    /**
     * The same rows for another nest, each name ending in {@code rowSuffix} (e.g. {@code -balanced}).
     *
     * @param workload     what the nest is, for the detail text
     * @param rowSuffix    appended to every row name, or the empty string
     * @param nest         a fresh, fully bound nest per call (device, split and buffers are set here)
     * @param splitDepth   where to split it; must give at least {@link #MIN_CHUNKS} chunks
     * @param minPerChunk  the least simulated time of one chunk's copy-in, and of its kernel
     * @param rounds       warm-up and measured runs per buffer count
     */
    public SimOverlap(String workload, String rowSuffix, Supplier<LoopNest> nest, int splitDepth,
                      Duration minPerChunk, Rounds rounds) {
        this.rowSuffix = rowSuffix;
        if (minPerChunk.isNegative() || minPerChunk.isZero()) {
            throw new IllegalArgumentException("minPerChunk = " + minPerChunk + " (expected: > 0)");
        }
        this.workload = workload;
        this.nest = nest;
        this.splitDepth = splitDepth;
        this.minPerChunk = minPerChunk;
        this.rounds = rounds;
    }

    @Override
    public String label() {
        return "sim overlap";
    }

    @Override
    public List<BenchResult> run() {
        Calibration cal = calibrate();
        double seconds = Math.max(minPerChunk.toNanos(), HEADROOM * cal.kernelNanos()) / 1e9;
        SimConfig.Builder settings = SimConfig.builder().memory(Math.max(SimConfig.DEFAULT_MEMORY, 8 * cal.bytes()))
                .bandwidth(Math.max(1, (long) (cal.inPerChunk() / seconds))).latency(LATENCY)
                .kernelRate(cal.iterationsPerChunk() / seconds);
        SimConfig config = settings.name("sim").build();
        SimConfig serialConfig = settings.name("sim-one-engine").engines(SimConfig.Engines.SHARED).build();
        List<RunReport[]> runs;
        try (SimDevice sim = new SimDevice(config); SimDevice serial = new SimDevice(serialConfig)) {
            runs = rounds.collect(() -> new RunReport[] {run(sim, 1), run(sim, 2), run(sim, 3), run(serial, 1)});
        }
        List<BenchResult> rows = new ArrayList<>();
        for (int b = 1; b <= 3; b++) {
            List<RunReport> atB = column(runs, b - 1);
            Samples efficiency = new Samples(atB.stream().mapToDouble(RunReport::overlapEfficiency).toArray());
            rows.add(new BenchResult("sim-overlap-efficiency-b" + b + rowSuffix, efficiency.median(), "ratio",
                    detail(config, cal, efficiency, nearest(atB, efficiency.median()))));
        }
        rows.addAll(speedups(config, cal, runs));
        return rows;
    }

    /** One run of the nest on {@code device} with {@code buffers} buffers each way. */
    private RunReport run(SimDevice device, int buffers) {
        return nest.get().on(device).splitAt(splitDepth).buffers(buffers).run();
    }

    /** The {@code index}-th run of every round. */
    private static List<RunReport> column(List<RunReport[]> runs, int index) {
        return runs.stream().map(round -> round[index]).collect(Collectors.toList());
    }

    /** The median wall times of the {@code index}-th run of every round. */
    private static Samples walls(List<RunReport[]> runs, int index) {
        return new Samples(runs.stream().mapToDouble(round -> round[index].wall().toNanos()).toArray());
    }

    /**
     * {@code sim-speedup-over-serial}, {@code sim-fraction-of-serial-bound} and {@code sim-speedup-over-b1}, from the
     * walls of the rounds' runs: B = 1, 2, 3 on the ordinary sim, then B = 1 on the one-engine sim.
     */
    private List<BenchResult> speedups(SimConfig config, Calibration cal, List<RunReport[]> runs) {
        StageTimes times = StageTimes.of(config, cal);
        long chunks = runs.get(0)[1].chunks();
        Comparison serial = new Comparison("one engine, B=1", walls(runs, 3), "B=2", walls(runs, 1));
        Comparison b1 = new Comparison("B=1", walls(runs, 0), "B=2", walls(runs, 1));
        String setup = String.format(Locale.ROOT, "%s, split d=%d: %d chunks x %d iterations; sim link %.3g MB/s"
                        + " each way + %d us latency, kernel capped at %.3g it/s (%d B in, %d B out per chunk);"
                        + " configured ms per chunk: copy-in %.3f, kernel %.3f, copy-out %.3f",
                workload, splitDepth, chunks, cal.iterationsPerChunk(), config.bytesPerSecond() / 1e6,
                LATENCY.toNanos() / 1000, config.iterationsPerSecond(), cal.inPerChunk(), cal.outPerChunk(),
                times.copyIn() * 1e3, times.kernel() * 1e3, times.copyOut() * 1e3);
        double bound = times.bound();
        double boundForChunks = times.bound(chunks);
        RunReport serialRun = runs.get(0)[3];
        List<BenchResult> rows = new ArrayList<>();
        rows.add(new BenchResult("sim-speedup-over-serial" + rowSuffix, serial.ratio(), "x", String.format(
                Locale.ROOT, "median wall on a one-engine sim (SimConfig.Engines.SHARED: copies and kernels queue on"
                        + " one engine, nothing of the device overlaps) with B=1 / median wall on the ordinary sim"
                        + " with the default B=2, same chunks, same link and kernel cap, rounds interleaved; %s;"
                        + " bound %.3f (serial sum / slowest stage), %.3f with fill and drain of %d chunks"
                        + " (N*sum / (sum + (N-1)*slowest)); %.3f of the bound, %.3f of the bound for %d chunks;"
                        + " walls: %s; one-engine run's overlap efficiency %.3f (first round; the pipeline times a"
                        + " stage from hand-off to completion, so the queueing on the one engine counts as busy)",
                setup, bound, boundForChunks, chunks, serial.ratio() / bound, serial.ratio() / boundForChunks,
                chunks, serial.describe(), serialRun.overlapEfficiency())));
        rows.add(new BenchResult("sim-fraction-of-serial-bound" + rowSuffix, serial.ratio() / bound, "ratio",
                String.format(Locale.ROOT, "sim-speedup-over-serial%s %.3f / its bound %.3f = (copy-in %.3f +"
                                + " kernel %.3f + copy-out %.3f ms) / slowest %.3f ms per chunk; with fill and drain"
                                + " of %d chunks the bound is %.3f (this fraction of it: %.3f)",
                        rowSuffix, serial.ratio(), bound, times.copyIn() * 1e3, times.kernel() * 1e3,
                        times.copyOut() * 1e3, times.slowest() * 1e3, chunks, boundForChunks,
                        serial.ratio() / boundForChunks)));
        rows.add(new BenchResult("sim-speedup-over-b1" + rowSuffix, b1.ratio(), "x", String.format(Locale.ROOT,
                "median wall at B=1 / median wall at B=2, ordinary sim; B=1 is one input and one output buffer (a"
                        + " chunk's copy-in waits for the previous chunk's kernel and overlaps only its copy-out),"
                        + " B=2 is double buffering each way; %s; walls: %s", setup, b1.describe())));
        return rows;
    }

    /** Runs on an unthrottled sim (the last one warm): bytes and iterations per chunk, and the real kernel time. */
    private Calibration calibrate() {
        try (SimDevice free = new SimDevice(SimConfig.builder().name("sim-calibration").memory(1L << 30).build())) {
            RunReport r = null;
            for (int run = 0; run < 3; run++) {
                r = nest.get().on(free).splitAt(splitDepth).buffers(2).run();
            }
            if (r.chunks() < MIN_CHUNKS) {
                throw new IllegalStateException("sim overlap: " + r.chunks() + " chunks at d=" + splitDepth
                        + " (expected: >= " + MIN_CHUNKS + ")");
            }
            long chunks = r.chunks();
            return new Calibration(chunks, r.iterations() / chunks, (r.bytesIn() - r.residentBytes()) / chunks,
                    r.bytesOut() / chunks, r.residentBytes(), r.busy().get(Stage.KERNEL).toNanos() / chunks);
        }
    }

    private static RunReport nearest(List<RunReport> runs, double median) {
        return runs.stream().min(Comparator.comparingDouble(r -> Math.abs(r.overlapEfficiency() - median)))
                .orElseThrow();
    }

    private String detail(SimConfig config, Calibration cal, Samples efficiency, RunReport run) {
        StringBuilder perChunk = new StringBuilder();
        for (Stage stage : Stage.values()) {
            perChunk.append(String.format(Locale.ROOT, " %s %.2f", stage, run.busy().get(stage).toNanos() / 1e6
                    / run.chunks()));
        }
        return String.format(Locale.ROOT, "%s, split d=%d: %d chunks x %d iterations, B=%d; sim link %.1f MB/s each"
                        + " way + %d us latency, kernel capped at %.3g it/s so that kernel = copy-in = %.2f ms per"
                        + " chunk (%d B in, %d B out per chunk, uncapped Java kernel %.2f ms); busy ms per chunk"
                        + " (median run):%s; wall %.1f ms, slowest stage %s; efficiency median of %d runs"
                        + " (%.3f-%.3f)",
                workload, splitDepth, run.chunks(), cal.iterationsPerChunk(), run.inputBuffers(),
                config.bytesPerSecond() / 1e6, LATENCY.toNanos() / 1000, config.iterationsPerSecond(),
                cal.iterationsPerChunk() / config.iterationsPerSecond() * 1e3, cal.inPerChunk(), cal.outPerChunk(), cal.kernelNanos() / 1e6, perChunk,
                run.wall().toNanos() / 1e6, run.slowestStage(), efficiency.count(), efficiency.min(),
                efficiency.max());
    }

    /** What a calibration run found, per chunk. */
    private record Calibration(long chunks, long iterationsPerChunk, long inPerChunk, long outPerChunk,
                               long resident, long kernelNanos) {
        /** Device bytes of one chunk in and out, plus the resident data. */
        long bytes() {
            return inPerChunk + outPerChunk + resident;
        }
    }

    /**
     * The configured simulated seconds of one chunk's copy-in, kernel and copy-out on the sim, and the bound they
     * put on the speedup of a pipelined run over a serial one.
     */
    private record StageTimes(double copyIn, double kernel, double copyOut) {
        static StageTimes of(SimConfig config, Calibration cal) {
            double latency = LATENCY.toNanos() / 1e9;
            return new StageTimes(latency + cal.inPerChunk() / (double) config.bytesPerSecond(),
                    cal.iterationsPerChunk() / config.iterationsPerSecond(),
                    latency + cal.outPerChunk() / (double) config.bytesPerSecond());
        }

        double sum() {
            return copyIn + kernel + copyOut;
        }

        double slowest() {
            return Math.max(copyIn, Math.max(kernel, copyOut));
        }

        /** Serial time per chunk ÷ the slowest stage's: the speedup of an endless pipeline. */
        double bound() {
            return sum() / slowest();
        }

        /** The same for {@code chunks} chunks: the pipeline also fills and drains, {@code sum + (N − 1) · slowest}. */
        double bound(long chunks) {
            return chunks * sum() / (sum() + (chunks - 1) * slowest());
        }
    }
}
