package org.loopnest.scheduler;

import org.loopnest.internal.scheduler.BufferCounts;
import org.loopnest.internal.scheduler.DeviceSource;
import org.loopnest.internal.scheduler.SplitChoice;
import org.loopnest.internal.scheduler.SplitPlanner;
import org.loopnest.internal.scheduler.PlanAccess;
import org.loopnest.internal.scheduler.PlanParts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.loopnest.internal.codegen.KernelGenerator;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.Device;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.kernel.KernelPath;
import org.loopnest.internal.lang.vector.VectorEmitter;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.trace.TraceFiles;

/**
 * Everything a run needs, frozen: the nest, the bound arrays, the kernel, where the devices come from, the split
 * chosen and the chunk layout. {@link #start()} runs it.
 *
 * <p><b>Made only by {@code LoopNest.plan()}</b> (and by {@link #withSplit} from another plan): it has no public
 * constructor, so that what a plan holds is no compatibility promise. {@code LoopNest} lives in another package, and
 * Java offers no narrower access across packages than {@code public}, so it makes a plan through
 * {@code org.loopnest.internal.scheduler.PlanBuilder} (not API), which reaches this class's package-private
 * constructor through a factory this class installs when it is initialized.
 *
 * <p><b>Threading:</b> immutable; may be started more than once, and concurrently: runs may share a CPU, OpenCL or
 * CUDA device (each launch names its kernel, each run reserves its own buffers from the device's budget); a
 * {@code RemoteDevice} (one connection to a node) serves one run at a time. <b>Ownership:</b> a plan of a nest
 * given no device holds no device: each run makes its own {@code CpuDevice} and closes it when it ends
 * ({@code DeviceSource}); devices the user gave stay the user's to close, after the runs that use them.
 */
public final class RunPlan {
    static {
        PlanAccess.install(RunPlan::new);
    }

    /**
     * The most chunk buffers per device in each direction, {@code B_in} and {@code B_out}: far more than five stages
     * can keep busy (beyond a few, more buffers only take memory from the chunks), and small enough that the
     * pipeline's ring of about {@code B_in + B_out} slots is cheap to make.
     */
    public static final int MAX_BUFFERS = 1024;

    private final IndexSpace space;
    private final Map<String, ArrayBinding> arrays;
    private final Kernel kernel;
    /** Made when first asked ({@link #kernelSource()}): a run on Java devices alone never asks. */
    private final java.util.function.Supplier<KernelSource> kernelSource;
    private final DeviceSource devices;
    private final SplitChoice split;
    private final BufferCounts buffers;
    private final Duration timeout;
    private final ProgressListener progress;
    private final TraceFiles trace;
    private final org.loopnest.internal.scheduler.Replanning replanning;
    /** The planner chose {@link #buffers} for {@link #split} (the user set none). */
    private final boolean buffersChosen;

    /**
     * Checks the parts and copies them.
     *
     * @throws NullPointerException     if a required part is null (all but the kernel source, timeout, progress)
     * @throws IllegalArgumentException if the timeout is not positive
     */
    RunPlan(PlanParts b) {
        this.space = Objects.requireNonNull(b.space(), "space");
        this.kernel = Objects.requireNonNull(b.kernel(), "kernel");
        this.split = Objects.requireNonNull(b.split(), "split");
        this.trace = Objects.requireNonNull(b.trace(), "trace");
        this.devices = Objects.requireNonNull(b.devices(), "devices");
        this.arrays = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(b.arrays(), "arrays")));
        this.buffers = Objects.requireNonNull(b.buffers(), "buffers");
        if (b.timeout() != null && (b.timeout().isNegative() || b.timeout().isZero())) {
            throw new IllegalArgumentException("timeout = " + b.timeout() + " (expected: > 0, or null for none)");
        }
        this.timeout = b.timeout();
        this.kernelSource = once(b.kernelSource() == null ? () -> null : b.kernelSource());
        this.progress = b.progress();
        this.replanning = b.replanning();
        this.buffersChosen = b.buffersChosen();
        startPipelines(devices.open());
    }

    /**
     * Makes sure every device with memory of its own has its pipeline running now, at plan time, so that no run
     * starts a thread ({@link PackedPipeline#of}). A closed device is left alone: starting a run on it says so.
     */
    private static void startPipelines(java.util.List<org.loopnest.device.Device> devices) {
        for (org.loopnest.device.Device device : devices) {
            if (!device.info().hostAddressable() && !device.isClosed()) {
                try {
                    PackedPipeline.of(device);
                } catch (IllegalStateException closedMeanwhile) {
                    // the run's start reports the closed device
                }
            }
        }
    }

    /**
     * This plan with another split and {@code buffers}: the same other parts, the device code generated again for
     * the new layout.
     */
    private RunPlan(RunPlan plan, SplitChoice split, BufferCounts buffers) {
        this.space = plan.space;
        this.arrays = plan.arrays;
        this.kernel = plan.kernel;
        this.devices = plan.devices;
        this.buffers = buffers;
        this.buffersChosen = false;
        this.timeout = plan.timeout;
        this.progress = plan.progress;
        this.trace = plan.trace;
        this.replanning = null; // a split chosen for this plan is kept as it is
        this.split = split;
        this.kernelSource = once(() -> kernel.program()
                .map(program -> KernelGenerator.generate(split.layout(), program)).orElse(null));
    }

    /**
     * {@return {@code make}, called at most once, on the first {@code get}} The C generator costs about half of a warm
     * plan of the weather nest (0.25 of 0.47 ms), and more until the JIT compiler has compiled it, where only OpenCL
     * and CUDA devices use what it makes (BENCHMARKS.md, run 29). Thread-safe.
     */
    private static java.util.function.Supplier<KernelSource> once(java.util.function.Supplier<KernelSource> make) {
        return new java.util.function.Supplier<>() {
            private boolean made;
            private KernelSource value;

            @Override
            public synchronized KernelSource get() {
                if (!made) {
                    value = make.get();
                    made = true;
                }
                return value;
            }
        };
    }

    /**
     * Checks a count of chunk buffers per device, as {@code LoopNest.buffers(b)} takes it.
     *
     * @param buffers the count, {@code B}
     * @return {@code buffers}
     * @throws IllegalArgumentException if {@code buffers} is outside {@code 1 …} {@value #MAX_BUFFERS}, e.g.
     *     {@code buffers = 0 (expected: 1 to 1024)}
     */
    public static int checkBuffers(int buffers) {
        return BufferCounts.check("buffers", buffers);
    }

    /**
     * The nest.
     *
     * @return its loops and extents
     */
    public IndexSpace space() {
        return space;
    }

    /**
     * The split chosen: where the nest is cut and how many outer iterations each chunk holds.
     *
     * @return the split; {@link #splitReason()} says why it was chosen
     */
    public Split split() {
        return split.split();
    }

    /**
     * Why this split was chosen, as the report gives it, e.g.
     * {@code my rule: splitAt(1).group(2), 8 chunks of up to 200 iterations}.
     *
     * @return the reason, never blank
     */
    public String splitReason() {
        return split.reason();
    }

    /** What re-planning after the first chunk needs, or {@code null}: the run keeps its split. */
    org.loopnest.internal.scheduler.Replanning replanning() {
        return replanning;
    }

    /** The split with its chunk layout and reason, for the runtime (not API: its type is internal). */
    SplitChoice choice() {
        return split;
    }

    /** The chunk buffers' layout for the chosen split, for the runtime (not API: its type is internal). */
    ChunkLayout layout() {
        return split.layout();
    }

    /**
     * Input buffers per device, {@code B_in}: a chunk holds one (host staging and device memory) from serialize
     * until its kernel ends.
     *
     * @return {@code B_in}, {@code 1 …} {@value #MAX_BUFFERS}
     */
    public int inputBuffers() {
        return buffers.in();
    }

    /**
     * Output buffers per device, {@code B_out}: a chunk holds one from its kernel's start until deserialize ends.
     *
     * @return {@code B_out}, {@code 1 …} {@value #MAX_BUFFERS}
     */
    public int outputBuffers() {
        return buffers.out();
    }

    /** Both counts, for the runtime (not API: its type is internal). */
    BufferCounts bufferCounts() {
        return buffers;
    }

    /** The bound arrays by name, inputs and outputs, in binding order. */
    Map<String, ArrayBinding> arrays() {
        return arrays;
    }

    /** The bound arrays in binding order. */
    List<ArrayBinding> bindings() {
        return List.copyOf(arrays.values());
    }

    /**
     * {@return the path Java devices take for the plan's kernel-language body: {@link KernelPath#AUTO} settled for this
     * run ({@code VECTOR} or {@code SCALAR}); {@code VECTOR} where the kernel has a Java body, which the path does not
     * affect} The run's report says whether the JVM could take it.
     */
    public KernelPath kernelPath() {
        return kernel == null ? KernelPath.VECTOR : kernel.path();
    }

    /** The body. */
    Kernel kernel() {
        return kernel;
    }

    /**
     * The kernel generated from the nest's device code for this plan's chunk layout, for OpenCL and CUDA devices;
     * {@link #writeKernels} writes it to files.
     *
     * @return the generated kernel, or {@code null} if the nest has no device code
     */
    public KernelSource kernelSource() {
        return kernelSource.get();
    }

    /** Where each run gets its devices. */
    DeviceSource devices() {
        return devices;
    }

    /** The overall limit, or {@code null} for none. */
    Duration timeout() {
        return timeout;
    }

    /** Told after each chunk, or {@code null}. */
    ProgressListener progress() {
        return progress;
    }

    /** Where to write the run's timeline ({@link TraceFiles#none()} for nowhere). */
    TraceFiles trace() {
        return trace;
    }

    /**
     * This plan with a split chosen by the caller, checked against the plan's devices as {@code splitAt(depth)
     * .group(group)} would be; the report gives {@code why} as the reason, followed by the split's figures, e.g.
     * {@code why: splitAt(1).group(2), 8 chunks of up to 200 iterations}. This plan is unchanged.
     *
     * @param depth the split depth {@code d}, as {@link IndexSpace#split} takes it
     * @param group outer iterations per chunk {@code r}, {@code >= 1}
     * @param why   why this split, for the report, e.g. a command's own rule
     * @return the new plan
     * @throws IllegalArgumentException if {@code depth} or {@code group} is out of range, or {@code why} is null or
     *     blank
     * @throws DeviceMemoryException    if a chunk of that split does not fit the devices
     */
    public RunPlan withSplit(int depth, long group, String why) {
        if (why == null || why.isBlank()) {
            throw new IllegalArgumentException("why = " + (why == null ? "null" : "\"" + why + "\"")
                    + " (expected: a reason for the report)");
        }
        Split chosen = space.split(depth, group);
        // buffers the planner chose for the old split are no choice for this one: back to two each way
        BufferCounts counts = buffersChosen ? BufferCounts.both(2) : buffers;
        return new RunPlan(this, SplitPlanner.check(chosen, bindings(), devices.limits(), counts, why), counts);
    }

    /**
     * Writes the generated kernel for every target into {@code dir} (created if missing): {@code NAME.cl} (OpenCL
     * C), {@code NAME.cu} (CUDA C), {@code NAME.java} (the JVM's scalar path, as the cpu device compiles it for the
     * user's own arrays in nest order) and {@code NAME.vector.java} (the JVM's vector path for those arrays, with the
     * lanes of this JVM's preferred vector, or of a 512-bit one where the JVM lacks {@code jdk.incubator.vector}),
     * e.g. {@code weather.cl}, {@code weather.cu}, {@code weather.java}, {@code weather.vector.java}.
     *
     * @param dir the directory
     * @return the files written
     * @throws IllegalStateException if the plan has no device code
     * @throws IOException if a file cannot be written
     */
    public List<Path> writeKernels(Path dir) throws IOException {
        KernelSource kernelSource = kernelSource();
        if (kernelSource == null) {
            throw new IllegalStateException("no device code to write (expected: deviceCode(...) on the nest)");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (KernelTarget target : KernelTarget.values()) {
            written.add(Files.writeString(dir.resolve(kernelSource.fileName(target)), kernelSource.source(target)));
        }
        Program program = kernel.program().orElseThrow();
        AccessSignature inNestOrder = AccessSignature.heapArrays(arrays.values(), space.depth());
        String java = JavaEmitter.emit(program, inNestOrder);
        written.add(Files.writeString(dir.resolve(kernelSource.entryPoint() + ".java"), java));
        int bits = VectorSupport.unavailable().isEmpty() ? VectorSupport.preferredBits() : 512;
        String vector = VectorEmitter.emit(program, inNestOrder, VectorEmitter.lanes(program, bits));
        written.add(Files.writeString(dir.resolve(kernelSource.entryPoint() + ".vector.java"), vector));
        return written;
    }

    /**
     * Starts the run on background threads. Close the returned execution (or await it) to free its resources.
     *
     * <p>If the device cannot allocate the chunk buffers (it offered more memory than it can give), the run is
     * retried once with chunks half the size, and the report's split reason says so.
     *
     * @return the run in progress
     * @throws DeviceMemoryException if the smaller chunks do not fit either
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
        return new RunPlan(this, new SplitChoice(next, layout, split.reason() + "; allocation failed ("
                + cause.getMessage() + "), so retried once with smaller chunks: d=" + next.depth() + ", r="
                + next.group()), buffers);
    }
}
