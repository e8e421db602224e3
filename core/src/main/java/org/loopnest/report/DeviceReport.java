package org.loopnest.report;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one device did in a finished run: its name, the chunks it ran, the busy time of each stage on it, for a
 * device that times its own work what its clock measured, and for a device that runs Java how it ran the kernel.
 * One of {@link RunReport#perDevice()}.
 *
 * <p><b>Made only by the runtime</b> (through the internal {@code ReportBuilder}); it has no public constructor, so
 * that its fields are no compatibility promise. <b>Threading:</b> immutable, safe to share between threads.
 */
public final class DeviceReport {
    private final String name;
    private final long chunks;
    private final Map<Stage, Duration> busy;
    private final Map<Stage, Duration> measured;
    private final String kernelPath;

    /**
     * Checks and copies the figures; a stage missing from {@code busy} counts as zero.
     *
     * @param kernelPath how a Java device ran the kernel, or {@code null} (a compiled device)
     * @throws NullPointerException     if {@code name} or {@code busy} is null
     * @throws IllegalArgumentException if {@code chunks} is negative
     */
    DeviceReport(String name, long chunks, Map<Stage, Duration> busy, Map<Stage, Duration> measured,
                 String kernelPath) {
        this.name = Objects.requireNonNull(name, "name");
        if (chunks < 0) {
            throw new IllegalArgumentException("chunks of device " + name + " = " + chunks + " (expected: >= 0)");
        }
        this.chunks = chunks;
        this.busy = allStages(Objects.requireNonNull(busy, "busy"));
        this.measured = measured == null ? null : copy(measured);
        this.kernelPath = kernelPath;
    }

    /**
     * The device's name, as in {@link RunReport#devices()}.
     *
     * @return the name, e.g. {@code cpu} or {@code opencl:0}
     */
    public String name() {
        return name;
    }

    /**
     * The chunks this device ran; over all devices they sum to {@link RunReport#chunks()}.
     *
     * @return the chunk count, {@code >= 0}
     */
    public long chunks() {
        return chunks;
    }

    /**
     * The busy time of each stage on this device, as the host saw it (from handing an operation to the device to
     * seeing it done). The run's {@link RunReport#busy()} counts time that overlaps across devices once.
     *
     * @return every {@link Stage}, in stage order, unmodifiable
     */
    public Map<Stage, Duration> busy() {
        return busy;
    }

    /**
     * What the device's own clock measured for its copies and kernels during the run (CUDA events, OpenCL
     * profiling); host-measured {@link #busy()} times add queueing and launch overhead to these. Runs that share a
     * device at once see each other's work in its clock.
     *
     * @return the stages the device times (copy-in, kernel and copy-out for OpenCL and CUDA) in stage order,
     *     unmodifiable; empty if the device does not measure its work
     */
    public Optional<Map<Stage, Duration>> measured() {
        return Optional.ofNullable(measured);
    }

    /**
     * How the device ran the kernel, for a device that runs Java (cpu, sim, a worker node running Java): {@code
     * Java body}, or how the kernel-language body ran on that device's JVM (a worker node's own): {@code vector
     * (FloatVector 512-bit, 16 lanes)}, or {@code scalar: } and why (asked for, or {@code jdk.incubator.vector is
     * not in the boot layer; add --add-modules jdk.incubator.vector}).
     *
     * @return the path, as the report's {@code kernel path:} line gives it; empty for a device that runs compiled
     *     kernels (OpenCL, CUDA), and for one that never began the run
     */
    public Optional<String> kernelPath() {
        return Optional.ofNullable(kernelPath);
    }

    /**
     * A one-line summary.
     *
     * @return e.g. {@code cpu: 12 chunks, kernel busy 3.2 ms}
     */
    @Override
    public String toString() {
        return name + ": " + chunks + " chunks, kernel busy " + RunReport.millis(busy.get(Stage.KERNEL));
    }

    private static Map<Stage, Duration> copy(Map<Stage, Duration> times) {
        EnumMap<Stage, Duration> copy = new EnumMap<>(Stage.class);
        copy.putAll(times);
        return Collections.unmodifiableMap(copy);
    }

    private static Map<Stage, Duration> allStages(Map<Stage, Duration> times) {
        EnumMap<Stage, Duration> all = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            all.put(stage, times.getOrDefault(stage, Duration.ZERO));
        }
        return Collections.unmodifiableMap(all);
    }
}
