package org.loopnest.internal.report;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * How the runtime makes a {@link RunReport}: for the scheduler's {@code Execution}, <b>not API</b>. Users read
 * reports and never make them; this class may change or go in any release without notice. It reaches the report
 * classes' package-private constructors through {@link ReportAccess}.
 *
 * <p><b>Threading:</b> not thread-safe; one thread fills it and calls {@link #build()}. Each setter replaces what
 * was set before and returns this builder.
 */
public final class ReportBuilder {
    private String nest;
    private int splitDepth;
    private long group;
    private long outerIterations;
    private long innerIterations;
    private String splitReason;
    private int inputBuffers;
    private int outputBuffers;
    private org.loopnest.report.RunPrediction prediction;
    private long chunks;
    private long iterations;
    private long bytesIn;
    private long bytesOut;
    private long residentBytes;
    private Duration wall;
    private Map<Stage, Duration> busy = new EnumMap<>(Stage.class);
    private final List<DeviceReport> perDevice = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();

    /** An empty builder: no devices, no notes, zero counts. */
    public ReportBuilder() {
    }

    /**
     * Sets the nest.
     *
     * @param nest its loops and extents, e.g. {@code t=5 × z=7}
     * @return this builder
     */
    public ReportBuilder nest(String nest) {
        this.nest = nest;
        return this;
    }

    /**
     * Sets the split and why it was chosen.
     *
     * @param depth  the split depth {@code d}
     * @param group  outer iterations per chunk {@code r}
     * @param outer  outer iterations {@code P}
     * @param inner  inner iterations per outer iteration {@code Q}
     * @param reason why this split
     * @return this builder
     */
    public ReportBuilder split(int depth, long group, long outer, long inner, String reason) {
        this.splitDepth = depth;
        this.group = group;
        this.outerIterations = outer;
        this.innerIterations = inner;
        this.splitReason = reason;
        return this;
    }

    /**
     * Sets what the planner's cost model predicted, shown beside the wall time.
     *
     * @param value the prediction, or {@code null} for none
     * @return this builder
     */
    public ReportBuilder prediction(org.loopnest.report.RunPrediction value) {
        this.prediction = value;
        return this;
    }

    /**
     * Sets the work done.
     *
     * @param inputBuffers  input buffers per device {@code B_in}
     * @param outputBuffers output buffers per device {@code B_out}
     * @param chunks        chunks run
     * @param iterations    iterations run
     * @return this builder
     */
    public ReportBuilder work(int inputBuffers, int outputBuffers, long chunks, long iterations) {
        this.inputBuffers = inputBuffers;
        this.outputBuffers = outputBuffers;
        this.chunks = chunks;
        this.iterations = iterations;
        return this;
    }

    /**
     * Sets the bytes moved.
     *
     * @param in       bytes copied host → device, resident data included
     * @param out      bytes copied device → host
     * @param resident bytes sent once per run and kept on the device
     * @return this builder
     */
    public ReportBuilder bytes(long in, long out, long resident) {
        this.bytesIn = in;
        this.bytesOut = out;
        this.residentBytes = resident;
        return this;
    }

    /**
     * Sets the run's times.
     *
     * @param wall wall-clock time from start to the last output written
     * @param busy busy time of each stage over the whole run (a stage left out counts as zero)
     * @return this builder
     * @throws NullPointerException if {@code busy} is null
     */
    public ReportBuilder times(Duration wall, Map<Stage, Duration> busy) {
        this.wall = wall;
        this.busy = new EnumMap<>(Stage.class);
        this.busy.putAll(busy);
        return this;
    }

    /**
     * Adds what one device did, after the devices added before.
     *
     * @param name     the device's name
     * @param chunks   chunks it ran, {@code >= 0}
     * @param busy     busy time of each stage on it (a stage left out counts as zero)
     * @param measured what its own clock measured per stage, or {@code null} if it does not measure its work
     * @return this builder
     * @throws NullPointerException     if {@code name} or {@code busy} is null
     * @throws IllegalArgumentException if {@code chunks} is negative
     */
    public ReportBuilder device(String name, long chunks, Map<Stage, Duration> busy, Map<Stage, Duration> measured) {
        return device(name, chunks, busy, measured, null);
    }

    /**
     * Adds what one device did, after the devices added before, with how it ran the kernel.
     *
     * @param name       the device's name
     * @param chunks     chunks it ran, {@code >= 0}
     * @param busy       busy time of each stage on it (a stage left out counts as zero)
     * @param measured   what its own clock measured per stage, or {@code null} if it does not measure its work
     * @param kernelPath how a device that runs Java ran the kernel ({@code Java body}, {@code vector (…)}, {@code
     *                   scalar: …}), or {@code null} for a device that runs compiled kernels
     * @return this builder
     * @throws NullPointerException     if {@code name} or {@code busy} is null
     * @throws IllegalArgumentException if {@code chunks} is negative
     */
    public ReportBuilder device(String name, long chunks, Map<Stage, Duration> busy, Map<Stage, Duration> measured,
                                String kernelPath) {
        perDevice.add(ReportAccess.factory().device(name, chunks, busy, measured, kernelPath));
        return this;
    }

    /**
     * Adds a note, after the notes added before.
     *
     * @param note a remark worth a user's attention
     * @return this builder
     * @throws NullPointerException if {@code note} is null
     */
    public ReportBuilder note(String note) {
        notes.add(java.util.Objects.requireNonNull(note, "note"));
        return this;
    }

    /**
     * Makes the report; the builder may be changed afterwards without changing it.
     *
     * @return the report
     * @throws NullPointerException if the nest, the split reason or the wall time was not set
     */
    public RunReport build() {
        return ReportAccess.factory().report(new ReportFigures(nest, splitDepth, group, outerIterations,
                innerIterations, splitReason, inputBuffers, outputBuffers, chunks, iterations, bytesIn, bytesOut,
                residentBytes, wall, busy, List.copyOf(perDevice), List.copyOf(notes), prediction));
    }
}
