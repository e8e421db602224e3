package org.loopnest.report;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.loopnest.internal.report.ReportAccess;
import org.loopnest.internal.report.ReportFigures;
import org.loopnest.internal.report.ReportJson;

/**
 * The account of one finished run: the split chosen and why, the work done, the bytes moved, the wall time, the
 * busy time of each {@link Stage}, and what each device did ({@link #perDevice()}). Readable as text
 * ({@link #toString()}) and as JSON ({@link #toJson()}).
 *
 * <p><b>Made only by the runtime.</b> A report is what {@code Execution.await()} (and {@code LoopNest.run()})
 * returns; users read it and never make one, so it has no public constructor and its fields are no compatibility
 * promise: figures can be added, and the way they are kept can change, without breaking a caller. The runtime lives
 * in the scheduler module, and Java has no access between packages narrower than {@code public}, so the runtime
 * makes a report through {@code org.loopnest.internal.report.ReportBuilder} (not API), which reaches this class's
 * package-private constructor through a factory this class installs when it is initialized. (A JPMS module could
 * later export the internal package to the scheduler alone.)
 *
 * <p><b>Threading:</b> immutable, safe to share between threads. Two reports are equal only if they are the same
 * object.
 */
public final class RunReport {
    static {
        ReportAccess.install(new ReportFactory());
    }

    private final String nest;
    private final int splitDepth;
    private final long group;
    private final long outerIterations;
    private final long innerIterations;
    private final String splitReason;
    private final int inputBuffers;
    private final int outputBuffers;
    private final long chunks;
    private final long iterations;
    private final long bytesIn;
    private final long bytesOut;
    private final long residentBytes;
    private final Duration wall;
    private final Map<Stage, Duration> busy;
    private final List<DeviceReport> perDevice;
    private final List<String> notes;
    private final RunPrediction prediction;

    /**
     * Copies the figures, so that the report stays immutable.
     *
     * @throws NullPointerException if the nest, the split reason or the wall time was not given
     */
    RunReport(ReportFigures b) {
        this.nest = Objects.requireNonNull(b.nest(), "nest");
        this.splitDepth = b.splitDepth();
        this.group = b.group();
        this.outerIterations = b.outerIterations();
        this.innerIterations = b.innerIterations();
        this.splitReason = Objects.requireNonNull(b.splitReason(), "splitReason");
        this.inputBuffers = b.inputBuffers();
        this.outputBuffers = b.outputBuffers();
        this.chunks = b.chunks();
        this.iterations = b.iterations();
        this.bytesIn = b.bytesIn();
        this.bytesOut = b.bytesOut();
        this.residentBytes = b.residentBytes();
        this.wall = Objects.requireNonNull(b.wall(), "wall");
        EnumMap<Stage, Duration> all = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            all.put(stage, b.busy().getOrDefault(stage, Duration.ZERO));
        }
        this.busy = Collections.unmodifiableMap(all);
        this.perDevice = List.copyOf(b.perDevice());
        this.notes = List.copyOf(b.notes());
        this.prediction = b.prediction();
    }

    /**
     * The nest.
     *
     * @return its loops and extents, e.g. {@code t=5 × z=7 × y=46 × x=72}
     */
    public String nest() {
        return nest;
    }

    /**
     * The split depth {@code d}: loops {@code 0 … d} are outer, split into chunks.
     *
     * @return {@code d}
     */
    public int splitDepth() {
        return splitDepth;
    }

    /**
     * Outer iterations per chunk, {@code r}.
     *
     * @return {@code r}
     */
    public long group() {
        return group;
    }

    /**
     * Iterations of the outer loops, {@code P}.
     *
     * @return {@code P}
     */
    public long outerIterations() {
        return outerIterations;
    }

    /**
     * Iterations of the inner loops per outer iteration, {@code Q}.
     *
     * @return {@code Q}
     */
    public long innerIterations() {
        return innerIterations;
    }

    /**
     * Why this split: chosen automatically (and on what grounds) or given.
     *
     * @return one sentence
     */
    public String splitReason() {
        return splitReason;
    }

    /**
     * The devices used, by name, in the order they were given; the names of {@link #perDevice()}.
     *
     * @return the names, unmodifiable
     */
    public List<String> devices() {
        return perDevice.stream().map(DeviceReport::name).toList();
    }

    /**
     * Input buffers per device, {@code B_in}: each held by a chunk from serialize until its kernel ends.
     *
     * @return {@code B_in}
     */
    public int inputBuffers() {
        return inputBuffers;
    }

    /**
     * Output buffers per device, {@code B_out}: each held by a chunk from its kernel's start until deserialize ends.
     *
     * @return {@code B_out}
     */
    public int outputBuffers() {
        return outputBuffers;
    }

    /**
     * Chunks run.
     *
     * @return the chunk count of the split
     */
    public long chunks() {
        return chunks;
    }

    /**
     * Iterations run.
     *
     * @return the product of the extents
     */
    public long iterations() {
        return iterations;
    }

    /**
     * Bytes copied host → device, resident data included.
     *
     * @return bytes, 0 on host-addressable devices
     */
    public long bytesIn() {
        return bytesIn;
    }

    /**
     * Bytes copied device → host.
     *
     * @return bytes, 0 on host-addressable devices
     */
    public long bytesOut() {
        return bytesOut;
    }

    /**
     * Bytes sent once per run and kept on the device.
     *
     * @return bytes, 0 when every device reads the arrays in place
     */
    public long residentBytes() {
        return residentBytes;
    }

    /**
     * Wall-clock time of the run, from start to the last output written.
     *
     * @return the wall time
     */
    public Duration wall() {
        return wall;
    }

    /**
     * Busy time of each stage, summed over chunks (overlapping kernels counted once, and time that overlaps
     * across devices counted once).
     *
     * @return every {@link Stage}, in stage order, unmodifiable
     */
    public Map<Stage, Duration> busy() {
        return busy;
    }

    /**
     * What each device did: one report per device, in the order of {@link #devices()}; their chunks sum to
     * {@link #chunks()}.
     *
     * @return the device reports, unmodifiable
     */
    public List<DeviceReport> perDevice() {
        return perDevice;
    }

    /**
     * Remarks worth a user's attention: an empty nest, copies skipped, a device lost, where the trace went.
     *
     * @return the notes, unmodifiable
     */
    public List<String> notes() {
        return notes;
    }

    /**
     * {@return what the planner's cost model predicted for this run, to set beside {@link #wall()}; empty when the
     * split came from the fixed rule or was given, the device describes no costs, or the kernel's rate was not known
     * (given, or measured by an earlier run in this process): a prediction without the kernel is no prediction of
     * the run, and the text then says {@value RunPrediction#KERNEL_RATE_UNKNOWN}}
     */
    public Optional<RunPrediction> prediction() {
        return Optional.ofNullable(prediction).filter(RunPrediction::coversKernel);
    }

    /**
     * The stage with the largest busy time: the pipeline's bottleneck.
     *
     * @return that stage; {@link Stage#KERNEL} when no stage was busier
     */
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
     * about {@code 1/5} when five equal stages run one after another.
     *
     * @return the ratio; 0 for an empty run
     */
    public double overlapEfficiency() {
        long wallNanos = wall.toNanos();
        return wallNanos == 0 ? 0 : (double) busy.get(slowestStage()).toNanos() / wallNanos;
    }

    /**
     * Iterations per second of wall time.
     *
     * @return the rate; 0 for an empty run
     */
    public double iterationsPerSecond() {
        long wallNanos = wall.toNanos();
        return wallNanos == 0 ? 0 : iterations * 1e9 / wallNanos;
    }

    /**
     * A readable multi-line summary: nest, split, devices, work, bytes, wall and busy times, overlap, then a line
     * per device when several shared the run, a line per device that measured its own work, a line per device that
     * runs Java saying how it ran the kernel ({@code kernel path: vector (FloatVector 512-bit, 16 lanes)}, the
     * device's name after it in parentheses when several shared the run; see {@link DeviceReport#kernelPath()}),
     * and the notes.
     *
     * @return the summary, lines separated by {@code \n}
     */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        s.append("nest        ").append(nest).append('\n');
        s.append("split       d=").append(splitDepth).append(", r=").append(group).append(" (P=")
                .append(outerIterations).append(", Q=").append(innerIterations).append("): ").append(splitReason)
                .append('\n');
        s.append("devices     ").append(String.join(", ", devices())).append(inputBuffers == outputBuffers
                ? ", B=" + inputBuffers : ", B_in=" + inputBuffers + ", B_out=" + outputBuffers)
                .append(" buffers each").append('\n');
        s.append("work        ").append(chunks).append(" chunks, ").append(iterations).append(" iterations, ")
                .append(String.format(Locale.ROOT, "%.3g", iterationsPerSecond())).append(" it/s").append('\n');
        s.append("bytes       in ").append(bytes(bytesIn)).append(", out ").append(bytes(bytesOut))
                .append(", resident ").append(bytes(residentBytes)).append('\n');
        s.append("wall        ").append(millis(wall)).append('\n');
        if (prediction != null) {
            s.append("predicted   ").append(prediction.coversKernel() ? prediction
                    : RunPrediction.KERNEL_RATE_UNKNOWN).append('\n');
        }
        s.append("busy        ");
        for (Stage stage : Stage.values()) {
            s.append(stage).append(' ').append(millis(busy.get(stage))).append("  ");
        }
        s.append('\n');
        s.append(String.format(Locale.ROOT, "overlap     %.2f (slowest stage: %s)", overlapEfficiency(),
                slowestStage()));
        if (perDevice.size() > 1) {
            for (DeviceReport d : perDevice) {
                s.append(String.format(Locale.ROOT, "\n%-11s %d chunks, kernel busy %s, copy-in %s", d.name(),
                        d.chunks(), millis(d.busy().get(Stage.KERNEL)), millis(d.busy().get(Stage.COPY_IN))));
            }
        }
        for (DeviceReport d : perDevice) {
            d.measured().ifPresent(times -> s.append(String.format(Locale.ROOT, "\nmeasured    %s by its own "
                            + "clock: copy-in %s, kernel %s, copy-out %s", d.name(),
                    millis(times.getOrDefault(Stage.COPY_IN, Duration.ZERO)),
                    millis(times.getOrDefault(Stage.KERNEL, Duration.ZERO)),
                    millis(times.getOrDefault(Stage.COPY_OUT, Duration.ZERO)))));
        }
        for (DeviceReport d : perDevice) {
            d.kernelPath().ifPresent(path -> s.append("\nkernel path: ").append(path)
                    .append(perDevice.size() > 1 ? " (" + d.name() + ")" : ""));
        }
        for (String note : notes) {
            s.append("\nnote        ").append(note);
        }
        return s.toString();
    }

    /**
     * The report as one JSON object: the figures of {@link #toString()} by name, times in nanoseconds, per-device
     * figures as objects keyed by device name ({@code chunksPerDevice}, {@code busyNanosPerDevice},
     * {@code measuredNanosPerDevice} only for devices that measure, {@code kernelPathPerDevice} only for devices that
     * run Java).
     *
     * @return the JSON text, on one line
     */
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
