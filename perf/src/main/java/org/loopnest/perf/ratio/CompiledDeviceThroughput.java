package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.stream.Collectors;
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
 * {@code KIND-overlap-efficiency} and {@code KIND-speedup-over-serial}: the median wall time of the same weather runs
 * with {@code .buffers(1)} (the serial baseline) ÷ with the default {@code B = 2}, rounds interleaved. Every weather
 * run is verified against the sequential loop, on outputs cleared before it.
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
            List<RunReport[]> pairs = rounds.collect(() -> new RunReport[] {weather(device, 2), weather(device, 1)});
            List<RunReport> runs = pairs.stream().map(p -> p[0]).collect(Collectors.toList());
            Comparison serial = new Comparison("B=1", new Samples(pairs.stream().mapToDouble(p -> p[1].wall()
                    .toNanos()).toArray()), "B=2", new Samples(runs.stream().mapToDouble(r -> r.wall().toNanos())
                    .toArray()));
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
            RunReport one = pairs.get(0)[1];
            rows.add(new BenchResult(kind + "-speedup-over-serial", serial.ratio(), "x", String.format(Locale.ROOT,
                    "%s: weather %s, median wall with .buffers(1) (one chunk at a time through all five stages) /"
                            + " median wall with the default B=2, same device, same automatic split (%d chunks), rounds"
                            + " interleaved, every run verified; %s; overlap efficiency at B=1 %.3f (first run)",
                    where, fields.shape(), one.chunks(), serial.describe(), one.overlapEfficiency())));
            return rows;
        }
    }

    /** One verified weather run on {@code device} with {@code buffers} buffer sets. */
    private RunReport weather(Device device, int buffers) {
        for (WeatherOutput o : WeatherOutput.values()) {
            Arrays.fill(fields.output(o), Float.NaN);
        }
        RunReport report = WeatherNest.nest(fields).on(device).buffers(buffers).run();
        Verification check = WeatherNest.verify(fields);
        if (!check.passed()) {
            throw new IllegalStateException(kind + " weather run with B=" + buffers + " did not verify: " + check);
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
