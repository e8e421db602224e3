package org.loopnest.scheduler;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.loopnest.codegen.KernelGenerator;
import org.loopnest.device.Device;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.Split;
import org.loopnest.trace.TraceFiles;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.index.IndexSpace;
import org.loopnest.kernel.Kernel;
import org.loopnest.serializer.ChunkLayout;

/**
 * Everything a run needs, frozen: the nest, the bound arrays, the kernel, the device, the split chosen and the
 * chunk layout. Made by {@code LoopNest.plan()}; {@link #start()} runs it. Immutable; may be started more than
 * once, and concurrently: runs may share a CPU, OpenCL or CUDA device (each launch names its kernel, each run
 * reserves its own buffers from the device's budget); a {@code RemoteDevice} (one connection to a node) serves
 * one run at a time.
 *
 * @param space       the nest
 * @param arrays      bound arrays by name, inputs and outputs, in binding order
 * @param kernel      the body
 * @param kernelSource the generated kernel for compiled devices, or {@code null} without device code
 * @param devices     where it runs: one device, or several that share the chunks
 * @param ownsDevice  whether {@code devices} is the default the runtime made (a {@code CpuDevice}): each run then
 *                    works on a fresh device like it and closes that when it ends
 * @param split       the split, its chunk layout, and why
 * @param buffers     chunk buffer sets per device, {@code B}
 * @param timeout     overall limit, or {@code null} for none
 * @param progress    told after each chunk, or {@code null}
 * @param trace       where to write the run's timeline ({@link TraceFiles#none()} for nowhere)
 */
public record RunPlan(IndexSpace space, Map<String, ArrayBinding> arrays, Kernel kernel, KernelSource kernelSource, List<Device> devices,
                      boolean ownsDevice, SplitChoice split, int buffers, Duration timeout,
                      ProgressListener progress, TraceFiles trace) {
    /**
     * The most chunk buffer sets per device, {@code B}: far more than five stages can keep busy (beyond a few, more
     * buffers only take memory from the chunks), and small enough that the pipeline's ring of {@code 2B} slots is
     * cheap to make.
     */
    public static final int MAX_BUFFERS = 1024;

    /**
     * Checks the arguments and copies the collections.
     *
     * @throws NullPointerException     if a required argument is null (all but kernelSource, timeout, progress)
     * @throws IllegalArgumentException if there is no device, {@code buffers} is outside {@code 1 … MAX_BUFFERS}
     *     or the timeout is not positive
     */
    public RunPlan {
        java.util.Objects.requireNonNull(space, "space");
        java.util.Objects.requireNonNull(kernel, "kernel");
        java.util.Objects.requireNonNull(split, "split");
        java.util.Objects.requireNonNull(trace, "trace");
        arrays = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(
                java.util.Objects.requireNonNull(arrays, "arrays")));
        devices = List.copyOf(java.util.Objects.requireNonNull(devices, "devices"));
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("devices = [] (expected: at least one Device)");
        }
        checkBuffers(buffers);
        if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
            throw new IllegalArgumentException("timeout = " + timeout + " (expected: > 0, or null for none)");
        }
    }

    /**
     * Checks a count of chunk buffer sets per device.
     *
     * @throws IllegalArgumentException if {@code buffers} is outside {@code 1 …} {@value #MAX_BUFFERS}, e.g.
     *     {@code buffers = 0 (expected: 1 to 1024)}
     */
    public static int checkBuffers(int buffers) {
        if (buffers < 1 || buffers > MAX_BUFFERS) {
            throw new IllegalArgumentException("buffers = " + buffers + " (expected: 1 to " + MAX_BUFFERS + ")");
        }
        return buffers;
    }

    /**
     * A new device like {@code template}, a device the runtime made for a plan ({@link #ownsDevice()}): each run of
     * such a plan makes its own and closes it, so the plan can be started again, and concurrently.
     */
    static Device freshLike(Device template) {
        if (template instanceof org.loopnest.device.cpu.CpuDevice) {
            return new org.loopnest.device.cpu.CpuDevice(template.info().computeUnits());
        }
        throw new IllegalStateException("device " + template.info().name() + " (expected: a CpuDevice, the only "
                + "device the runtime makes for a plan)");
    }

    /** The chunk buffers' layout for the chosen split. */
    public ChunkLayout layout() {
        return split.layout();
    }

    /** The bound arrays in binding order. */
    public List<ArrayBinding> bindings() {
        return List.copyOf(arrays.values());
    }

    /**
     * Writes {@link #kernelSource()} for every target into {@code dir} (created if missing), e.g.
     * {@code weather.cl} and {@code weather.cu}.
     *
     * @return the files written
     * @throws IllegalStateException if the plan has no device code
     * @throws IOException if a file cannot be written
     */
    public List<Path> writeKernels(Path dir) throws IOException {
        if (kernelSource == null) {
            throw new IllegalStateException("no device code to write (expected: deviceCode(...) on the nest)");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (KernelTarget target : KernelTarget.values()) {
            written.add(Files.writeString(dir.resolve(kernelSource.fileName(target)), kernelSource.source(target)));
        }
        return written;
    }

    /**
     * Starts the run on background threads. Close the returned execution (or await it) to free its resources.
     *
     * <p>If the device cannot allocate the chunk buffers (it offered more memory than it can give), the run is
     * retried once with chunks half the size, and the report's split reason says so.
     *
     * @throws org.loopnest.error.DeviceMemoryException if the smaller chunks do not fit either
     * @throws org.loopnest.error.DeviceException if a device {@linkplain Device#isClosed() is closed}, before
     *     anything runs
     */
    public Execution start() {
        try {
            return Execution.start(this);
        } catch (DeviceMemoryException tooBig) {
            RunPlan smaller = withSmallerChunks(tooBig);
            if (smaller == null) {
                throw tooBig;
            }
            return Execution.start(smaller);
        }
    }

    /** This plan with chunks about half the size, or {@code null} if they cannot be made smaller. */
    private RunPlan withSmallerChunks(DeviceMemoryException cause) {
        Split now = split.split();
        Split next;
        if (now.group() > 1) {
            next = space.split(now.depth(), now.group() / 2);
        } else if (now.depth() < space.depth() - 1) {
            next = space.split(now.depth() + 1, Math.max(1, space.extent(now.depth()) / 2));
        } else {
            return null;
        }
        if (next.maxChunkIterations() >= now.maxChunkIterations()) {
            return null;
        }
        ChunkLayout layout = ChunkLayout.of(next, bindings());
        SplitChoice retried = new SplitChoice(next, layout, split.reason() + "; allocation failed (" + cause.getMessage()
                + "), so retried once with smaller chunks: d=" + next.depth() + ", r=" + next.group());
        KernelSource source = kernel.deviceCode().map(code -> KernelGenerator.generate(layout, code)).orElse(null);
        return new RunPlan(space, arrays, kernel, source, devices, ownsDevice, retried, buffers, timeout, progress,
                trace);
    }
}
