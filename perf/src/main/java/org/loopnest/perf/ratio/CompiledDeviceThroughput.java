package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * For one compiled device ({@code opencl}, {@code cuda}): the host-to-device bandwidth from the device's own
 * staging memory (pinned on CUDA), measured through the {@code Device} SPI the pipeline uses, and the weather
 * loop's end-to-end throughput — bytes in and out per second of wall time — as a fraction of it, with the
 * run's overlap efficiency. Rows {@code KIND-h2d-bandwidth}, {@code KIND-weather-bandwidth-fraction},
 * {@code KIND-overlap-efficiency}, {@code KIND-speedup-over-serial}: the median wall time of the same chunks run
 * serially — the same device wrapped so that it runs one operation at a time ({@code OneAtATimeDevice}: no copy
 * overlaps a kernel or another copy) with one buffer each way — ÷ with the default {@code B = 2}; and
 * {@code KIND-speedup-over-b1}: with {@code .buffers(1)} on the device as it is (one buffer each way, which already
 * overlaps a chunk's copy-in with the previous chunk's copy-out) ÷ with {@code B = 2}. Each round runs {@code B = 2}
 * (automatic split) first, then the other two with that run's split, so all three move the same chunks. Every
 * weather run is verified against the sequential loop, on outputs cleared before it.
 */
public final class CompiledDeviceThroughput implements RatioRun {
    private final String kind;
    private final Supplier<Device> opener;
    private final long copyBytes;
    private final WeatherFields fields;
    private final Rounds rounds;

    /**
     * @param kind      the row prefix, {@code opencl} or {@code cuda}
     * @param opener    opens the device (closed after the run)
     * @param copyBytes bytes of one timed host-to-device copy
     * @param fields    the weather grid
     * @param rounds    warm-up and measured rounds, for the copies and for the weather runs
     */
    public CompiledDeviceThroughput(String kind, Supplier<Device> opener, long copyBytes, WeatherFields fields,
                                    Rounds rounds) {
        this.kind = kind;
        this.opener = opener;
        this.copyBytes = copyBytes;
        this.fields = fields;
        this.rounds = rounds;
    }

    @Override
    public String label() {
        return kind + " throughput";
    }

    @Override
    public List<BenchResult> run() {
        try (Device device = opener.get()) {
            Samples copy = copyNanos(device);
            double bandwidth = copyBytes / (copy.median() / 1e9);
            List<RunReport[]> measured;
            try (OneAtATimeDevice serialDevice = new OneAtATimeDevice(device)) {
                measured = rounds.collect(() -> {
                    RunReport auto = weather(device, 2, null);
                    return new RunReport[] {auto, weather(device, 1, auto), weather(serialDevice, 1, auto)};
                });
            }
            List<RunReport> runs = measured.stream().map(p -> p[0]).collect(Collectors.toList());
            Samples b2 = walls(measured, 0);
            Comparison overB1 = new Comparison("B=1", walls(measured, 1), "B=2", b2);
            Comparison serial = new Comparison("one operation at a time, B=1", walls(measured, 2), "B=2", b2);
            Samples rate = new Samples(runs.stream().mapToDouble(r -> (r.bytesIn() + r.bytesOut())
                    / (r.wall().toNanos() / 1e9)).toArray());
            Samples overlap = new Samples(runs.stream().mapToDouble(RunReport::overlapEfficiency).toArray());
            String where = device.info().name() + " (" + device.info().description() + ")";
            List<BenchResult> rows = new ArrayList<>();
            rows.add(new BenchResult(kind + "-h2d-bandwidth", bandwidth, "bytes/s", String.format(Locale.ROOT,
                    "%s: copyIn of %d MiB from the device's staging memory, median of %d (%s)", where,
                    copyBytes >> 20, copy.count(), copy.describeMillis())));
            rows.add(new BenchResult(kind + "-weather-bandwidth-fraction", rate.median() / bandwidth, "ratio",
                    String.format(Locale.ROOT, "%s: weather %s, bytes in+out per wall second %.3g (median of %d, "
                            + "%.3g-%.3g) / h2d bandwidth %.3g; %s", where, fields.shape(), rate.median(),
                            rate.count(), rate.min(), rate.max(), bandwidth, runs.get(0).splitReason())));
            rows.add(new BenchResult(kind + "-overlap-efficiency", overlap.median(), "ratio", String.format(
                    Locale.ROOT, "%s: weather %s, B=2, median of %d (%.3f-%.3f)", where, fields.shape(),
                    overlap.count(), overlap.min(), overlap.max())));
            RunReport one = measured.get(0)[1];
            RunReport alone = measured.get(0)[2];
            rows.add(new BenchResult(kind + "-speedup-over-serial", serial.ratio(), "x", String.format(Locale.ROOT,
                    "%s: weather %s, median wall on the same device run one operation at a time (each copy in,"
                            + " kernel and copy out handed to it only once the one before has completed: nothing of"
                            + " the device overlaps) with B=1 / median wall with the default B=2, same chunks (d=%d"
                            + " r=%d, %d chunks), rounds interleaved, every run verified; %s; overlap efficiency of the"
                            + " serial run %.3f (first round)",
                    where, fields.shape(), alone.splitDepth(), alone.group(), alone.chunks(), serial.describe(),
                    alone.overlapEfficiency())));
            rows.add(new BenchResult(kind + "-speedup-over-b1", overB1.ratio(), "x", String.format(Locale.ROOT,
                    "%s: weather %s, median wall with .buffers(1) (one buffer each way: a chunk's copy-in overlaps"
                            + " the previous chunk's copy-out, not its kernel) / median wall with the default B=2, same"
                            + " device, same chunks (%d), rounds interleaved, every run verified; %s; overlap"
                            + " efficiency at B=1 %.3f (first round)",
                    where, fields.shape(), one.chunks(), overB1.describe(), one.overlapEfficiency())));
            return rows;
        }
    }

    private static Samples walls(List<RunReport[]> measured, int index) {
        return new Samples(measured.stream().mapToDouble(round -> round[index].wall().toNanos()).toArray());
    }

    /**
     * One verified weather run on {@code device} with {@code buffers} buffers each way, split as {@code like} was, or
     * automatically if it is {@code null}.
     */
    private RunReport weather(Device device, int buffers, RunReport like) {
        for (WeatherOutput o : WeatherOutput.values()) {
            Arrays.fill(fields.output(o), Float.NaN);
        }
        LoopNest nest = WeatherNest.nest(fields).on(device).buffers(buffers);
        if (like != null) {
            nest.splitAt(like.splitDepth()).group(like.group());
        }
        RunReport report = nest.run();
        Verification check = WeatherNest.verify(fields);
        if (!check.passed()) {
            throw new IllegalStateException(kind + " weather run on " + device.info().name() + " with B=" + buffers
                    + " did not verify: " + check);
        }
        return report;
    }

    private Samples copyNanos(Device device) {
        try (HostStaging staging = device.allocateStaging(copyBytes); DeviceBuffer target = device.allocate(copyBytes)) {
            List<Double> nanos = rounds.collect(() -> {
                long start = System.nanoTime();
                CompletableFuture<Void> copy = device.copyIn(staging.buffer(), target, copyBytes);
                copy.join();
                return (double) (System.nanoTime() - start);
            });
            return new Samples(nanos.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
