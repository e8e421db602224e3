package org.loopnest.internal.scheduler;

import java.time.Duration;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.KernelSource;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.trace.TraceFiles;
import org.loopnest.scheduler.ProgressListener;
import org.loopnest.scheduler.RunPlan;

/**
 * How {@code LoopNest.plan()} makes a {@link RunPlan}: for {@code LoopNest}, <b>not API</b>. Users describe a nest
 * with {@code LoopNest} and never assemble a plan from parts; this class may change or go in any release without
 * notice. It reaches the plan's package-private constructor through {@link PlanAccess}.
 *
 * <p><b>Threading:</b> not thread-safe; one thread fills it and calls {@link #build()}. Each setter replaces what
 * was set before and returns this builder; the parts are checked by {@link #build()}.
 */
public final class PlanBuilder {
    private IndexSpace space;
    private Map<String, ArrayBinding> arrays;
    private Kernel kernel;
    private java.util.function.Supplier<KernelSource> kernelSource;
    private DeviceSource devices;
    private SplitChoice split;
    private BufferCounts buffers;
    private Duration timeout;
    private ProgressListener progress;
    private TraceFiles trace = TraceFiles.none();
    private Replanning replanning;
    private boolean buffersChosen;

    /** An empty builder; every part but the kernel source, timeout, progress and trace must be set. */
    public PlanBuilder() {
    }

    /**
     * Sets the nest and its bound arrays.
     *
     * @param space  the nest
     * @param arrays bound arrays by name, inputs and outputs, in binding order
     * @return this builder
     */
    public PlanBuilder nest(IndexSpace space, Map<String, ArrayBinding> arrays) {
        this.space = space;
        this.arrays = arrays;
        return this;
    }

    /**
     * Sets the body and its generated device code.
     *
     * @param kernel the body
     * @param source the generated kernel for compiled devices, or {@code null} without device code
     * @return this builder
     */
    public PlanBuilder kernel(Kernel kernel, KernelSource source) {
        return kernelWithSourceOnDemand(kernel, () -> source);
    }

    /**
     * The kernel, and what makes its generated device code for OpenCL and CUDA devices: called at most once, by the
     * first device of a run that compiles kernels (never for a run on Java devices alone).
     *
     * @param kernel the kernel
     * @param source makes the generated kernel, or gives {@code null} where there is no device code
     * @return this builder
     */
    public PlanBuilder kernelWithSourceOnDemand(Kernel kernel, java.util.function.Supplier<KernelSource> source) {
        this.kernel = kernel;
        this.kernelSource = source;
        return this;
    }

    /**
     * Sets where each run gets its devices.
     *
     * @param devices the user's devices, or fresh ones per run
     * @return this builder
     */
    public PlanBuilder devices(DeviceSource devices) {
        this.devices = devices;
        return this;
    }

    /**
     * Sets the split and the chunk buffers per device and direction.
     *
     * @param split   the split, its chunk layout, and why
     * @param buffers input and output buffers per device
     * @return this builder
     */
    public PlanBuilder split(SplitChoice split, BufferCounts buffers) {
        this.split = split;
        this.buffers = buffers;
        return this;
    }

    /**
     * Sets what watches the run.
     *
     * @param timeout  overall limit, or {@code null} for none
     * @param progress told after each chunk, or {@code null}
     * @param trace    where to write the run's timeline ({@link TraceFiles#none()} for nowhere)
     * @return this builder
     */
    public PlanBuilder watch(Duration timeout, ProgressListener progress, TraceFiles trace) {
        this.timeout = timeout;
        this.progress = progress;
        this.trace = trace;
        return this;
    }

    /**
     * Says that the planner chose the buffers per direction for this split (the user set none): a plan given another
     * split ({@code RunPlan.withSplit}) then goes back to two each way rather than keep a choice made for another.
     *
     * @param chosen whether the planner chose them
     * @return this builder
     */
    public PlanBuilder buffersChosen(boolean chosen) {
        this.buffersChosen = chosen;
        return this;
    }

    /**
     * Lets the run re-plan itself once after its first chunk (an automatic split from the devices' costs).
     *
     * @param replanning what re-planning needs, or {@code null} for a run that keeps its split
     * @return this builder
     */
    public PlanBuilder replanning(Replanning replanning) {
        this.replanning = replanning;
        return this;
    }

    /**
     * Checks the parts and freezes them into a plan; the builder may be changed afterwards without changing it.
     *
     * @return the plan
     * @throws NullPointerException     if a required part is null
     * @throws IllegalArgumentException if the timeout is not positive
     */
    public RunPlan build() {
        return PlanAccess.factory().apply(new PlanParts(space, arrays, kernel, kernelSource, devices, split, buffers,
                timeout, progress, trace, replanning, buffersChosen));
    }
}
