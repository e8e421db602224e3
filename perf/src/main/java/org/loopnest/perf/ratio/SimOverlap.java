package org.loopnest.perf.ratio;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.loopnest.LoopNest;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * {@code sim-overlap-efficiency-b1}, {@code -b2}, {@code -b3}: {@link RunReport#overlapEfficiency()} of a nest on a
 * {@link SimDevice} whose link bandwidth and kernel rate are set, from calibration runs, so that one chunk's copy-in
 * and its kernel take the same simulated time; then the nest runs with {@code B = 1, 2, 3} buffer sets and each row
 * reports the median efficiency of the measured rounds. {@code sim-speedup-over-serial} is the median wall time at
 * {@code B = 1} (the serial baseline: one chunk at a time through all five stages) ÷ the median wall time at
 * {@code B = 2}, from the same runs.
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
        SimConfig config = SimConfig.builder().name("sim").memory(Math.max(SimConfig.DEFAULT_MEMORY, 8 * cal.bytes()))
                .bandwidth(Math.max(1, (long) (cal.inPerChunk() / seconds))).latency(LATENCY)
                .kernelRate(cal.iterationsPerChunk() / seconds).build();
        List<BenchResult> rows = new ArrayList<>();
        List<Samples> walls = new ArrayList<>();
        List<RunReport> typical = new ArrayList<>();
        try (SimDevice sim = new SimDevice(config)) {
            for (int b = 1; b <= 3; b++) {
                int buffers = b;
                List<RunReport> runs = rounds.collect(() -> nest.get().on(sim).splitAt(splitDepth).buffers(buffers)
                        .run());
                Samples efficiency = new Samples(runs.stream().mapToDouble(RunReport::overlapEfficiency).toArray());
                RunReport median = nearest(runs, efficiency.median());
                rows.add(new BenchResult("sim-overlap-efficiency-b" + b + rowSuffix, efficiency.median(), "ratio",
                        detail(config, cal, efficiency, median)));
                walls.add(new Samples(runs.stream().mapToDouble(r -> r.wall().toNanos()).toArray()));
                typical.add(median);
            }
        }
        rows.add(speedup(config, cal, walls, typical));
        return rows;
    }

    /**
     * {@code sim-speedup-over-serial}: median wall at B = 1 (one buffer each way: copy-in of a chunk overlaps only
     * the previous chunk's copy-out) ÷ median wall at B = 2, the same chunks on the same device.
     */
    private BenchResult speedup(SimConfig config, Calibration cal, List<Samples> walls, List<RunReport> typical) {
        Comparison c = new Comparison("B=1", walls.get(0), "B=2", walls.get(1));
        StringBuilder perChunk = new StringBuilder();
        for (int b = 0; b < 2; b++) {
            RunReport run = typical.get(b);
            perChunk.append(String.format(Locale.ROOT, "; busy ms per chunk at B=%d:", b + 1));
            for (Stage stage : Stage.values()) {
                perChunk.append(String.format(Locale.ROOT, " %s %.2f", stage, run.busy().get(stage).toNanos() / 1e6
                        / run.chunks()));
            }
        }
        return new BenchResult("sim-speedup-over-serial" + rowSuffix, c.ratio(), "x", String.format(Locale.ROOT,
                "median wall at B=1 / median wall at B=2; B=1 is one input and one output buffer (a chunk's copy-in"
                        + " waits for the previous chunk's kernel, and overlaps only its copy-out: no longer a fully"
                        + " serial baseline since the rings per direction); B=2 is double buffering each way; %s, split d=%d: %d chunks x %d iterations; sim link %.1f MB/s each"
                        + " way + %d us latency, kernel capped at %.3g it/s so that kernel = copy-in per chunk (%d B"
                        + " in, %d B out per chunk: copy-out takes %.1fx copy-in); walls: %s%s",
                workload, splitDepth, typical.get(0).chunks(), cal.iterationsPerChunk(), config.bytesPerSecond() / 1e6,
                LATENCY.toNanos() / 1000, config.iterationsPerSecond(), cal.inPerChunk(), cal.outPerChunk(),
                (double) cal.outPerChunk() / Math.max(1, cal.inPerChunk()), c.describe(), perChunk));
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
}
