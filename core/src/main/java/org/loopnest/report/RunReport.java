package org.loopnest.report;

import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The account of one finished run. Immutable.
 *
 * @param nest              the nest, e.g. {@code t=5 × z=7 × y=46 × x=72}
 * @param splitDepth        the split depth {@code d}
 * @param group             outer iterations per chunk {@code r}
 * @param outerIterations   {@code P}
 * @param innerIterations   {@code Q}
 * @param splitReason       why this split: chosen automatically (and on what grounds) or given
 * @param devices           the devices used, by name
 * @param buffers           chunk buffers per device {@code B}
 * @param chunks            chunks run
 * @param iterations        iterations run
 * @param bytesIn           bytes copied host → device (resident data included)
 * @param bytesOut          bytes copied device → host
 * @param residentBytes     bytes sent once per run and kept on the device
 * @param wall              wall-clock time of the run, from start to the last output written
 * @param busy              busy time of each stage, summed over chunks (overlapping kernels counted once)
 * @param chunksPerDevice   chunks run by each device
 * @param busyPerDevice     busy time of each stage on each device (the run's {@code busy} counts time that
 *                          overlaps across devices once)
 * @param measuredPerDevice time each device's own clock measured for its copies and kernels during the run
 *                          (CUDA events, OpenCL profiling), for the devices that measure; host-measured
 *                          {@code busy} times add queueing and launch overhead to these
 * @param notes             remarks worth a user's attention (empty nest, copies skipped, …)
 */
public record RunReport(String nest, int splitDepth, long group, long outerIterations, long innerIterations,
                        String splitReason, List<String> devices, int buffers, long chunks, long iterations,
                        long bytesIn, long bytesOut, long residentBytes, Duration wall, Map<Stage, Duration> busy,
                        Map<String, Long> chunksPerDevice, Map<String, Map<Stage, Duration>> busyPerDevice,
                        Map<String, Map<Stage, Duration>> measuredPerDevice, List<String> notes) {

    /** Copies the collections so that the report stays immutable. */
    public RunReport {
        devices = List.copyOf(devices);
        EnumMap<Stage, Duration> all = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            all.put(stage, busy.getOrDefault(stage, Duration.ZERO));
        }
        busy = java.util.Collections.unmodifiableMap(all);
        chunksPerDevice = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(chunksPerDevice));
        java.util.Map<String, Map<Stage, Duration>> perDevice = new java.util.LinkedHashMap<>();
        busyPerDevice.forEach((device, times) -> perDevice.put(device, Map.copyOf(times)));
        busyPerDevice = java.util.Collections.unmodifiableMap(perDevice);
        java.util.Map<String, Map<Stage, Duration>> measured = new java.util.LinkedHashMap<>();
        measuredPerDevice.forEach((device, times) -> measured.put(device, Map.copyOf(times)));
        measuredPerDevice = java.util.Collections.unmodifiableMap(measured);
        notes = List.copyOf(notes);
    }

    /** The stage with the largest busy time: the pipeline's bottleneck. */
    public Stage slowestStage() {
        Stage slowest = Stage.KERNEL;
        for (Map.Entry<Stage, Duration> e : busy.entrySet()) {
            if (e.getValue().compareTo(busy.get(slowest)) > 0) {
                slowest = e.getKey();
            }
        }
        return slowest;
    }

    /**
     * The slowest stage's busy time ÷ the wall time: 1.0 when every other stage hides behind the slowest,
     * about {@code 1/5} when five equal stages run one after another. 0 for an empty run.
     */
    public double overlapEfficiency() {
        long wallNanos = wall.toNanos();
        return wallNanos == 0 ? 0 : (double) busy.get(slowestStage()).toNanos() / wallNanos;
    }

    /** Iterations per second of wall time. */
    public double iterationsPerSecond() {
        long wallNanos = wall.toNanos();
        return wallNanos == 0 ? 0 : iterations * 1e9 / wallNanos;
    }

    /** A readable multi-line summary. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append("nest        ").append(nest).append('\n');
        s.append("split       d=").append(splitDepth).append(", r=").append(group).append(" (P=")
                .append(outerIterations).append(", Q=").append(innerIterations).append("): ").append(splitReason)
                .append('\n');
        s.append("devices     ").append(String.join(", ", devices)).append(", B=").append(buffers)
                .append(" buffers each").append('\n');
        s.append("work        ").append(chunks).append(" chunks, ").append(iterations).append(" iterations, ")
                .append(String.format(Locale.ROOT, "%.3g", iterationsPerSecond())).append(" it/s").append('\n');
        s.append("bytes       in ").append(bytes(bytesIn)).append(", out ").append(bytes(bytesOut))
                .append(", resident ").append(bytes(residentBytes)).append('\n');
        s.append("wall        ").append(millis(wall)).append('\n');
        s.append("busy        ");
        for (Stage stage : Stage.values()) {
            s.append(stage).append(' ').append(millis(busy.get(stage))).append("  ");
        }
        s.append('\n');
        s.append(String.format(Locale.ROOT, "overlap     %.2f (slowest stage: %s)", overlapEfficiency(),
                slowestStage()));
        if (chunksPerDevice.size() > 1) {
            for (Map.Entry<String, Long> e : chunksPerDevice.entrySet()) {
                Map<Stage, Duration> times = busyPerDevice.getOrDefault(e.getKey(), Map.of());
                s.append(String.format(Locale.ROOT, "\n%-11s %d chunks, kernel busy %s, copy-in %s", e.getKey(),
                        e.getValue(), millis(times.getOrDefault(Stage.KERNEL, Duration.ZERO)),
                        millis(times.getOrDefault(Stage.COPY_IN, Duration.ZERO))));
            }
        }
        for (Map.Entry<String, Map<Stage, Duration>> e : measuredPerDevice.entrySet()) {
            Map<Stage, Duration> times = e.getValue();
            s.append(String.format(Locale.ROOT, "\nmeasured    %s by its own clock: copy-in %s, kernel %s, copy-out %s",
                    e.getKey(), millis(times.getOrDefault(Stage.COPY_IN, Duration.ZERO)),
                    millis(times.getOrDefault(Stage.KERNEL, Duration.ZERO)),
                    millis(times.getOrDefault(Stage.COPY_OUT, Duration.ZERO))));
        }
        for (String note : notes) {
            s.append("\nnote        ").append(note);
        }
        return s.toString();
    }

    /** The report as one JSON object. */
    public String toJson() {
        return ReportJson.of(this);
    }

    static String millis(Duration d) {
        return String.format(Locale.ROOT, "%.1f ms", d.toNanos() / 1e6);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB"};
        double v = n;
        int u = -1;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
    }
}
