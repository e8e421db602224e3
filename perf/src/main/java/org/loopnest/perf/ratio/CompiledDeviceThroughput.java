package org.loopnest.perf.ratio;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.perf.report.BenchResult;
import org.loopnest.report.RunReport;

/**
 * For one compiled device ({@code opencl}, {@code cuda}): the host-to-device bandwidth from the device's own
 * staging memory (pinned on CUDA), measured through the {@code Device} SPI the pipeline uses, and the weather
 * loop's end-to-end throughput — bytes in and out per second of wall time — as a fraction of it, with the
 * run's overlap efficiency. Rows {@code KIND-h2d-bandwidth}, {@code KIND-weather-bandwidth-fraction} and
 * {@code KIND-overlap-efficiency}. Every weather run is verified against the sequential loop.
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
            List<RunReport> runs = rounds.collect(() -> {
                RunReport report = WeatherNest.nest(fields).on(device).run();
                Verification check = WeatherNest.verify(fields);
                if (!check.passed()) {
                    throw new IllegalStateException(kind + " weather run did not verify: " + check);
                }
                return report;
            });
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
            return rows;
        }
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
