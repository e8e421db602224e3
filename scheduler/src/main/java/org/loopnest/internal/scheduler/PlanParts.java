package org.loopnest.internal.scheduler;

import java.time.Duration;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.KernelSource;
import org.loopnest.index.IndexSpace;
import org.loopnest.internal.trace.TraceFiles;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.scheduler.ProgressListener;
import org.loopnest.scheduler.RunPlan;

/**
 * The parts of one {@link RunPlan}, as {@link PlanBuilder} hands them to the plan's package-private constructor
 * (which checks and copies them). Not API.
 *
 * @param space        the nest
 * @param arrays       bound arrays by name, in binding order
 * @param kernel       the kernel
 * @param kernelSource makes the generated device code (or gives {@code null}) when first asked: a run on Java devices
 *     alone never asks
 * @param devices      where each run gets its devices
 * @param split        the split, its chunk layout, and why
 * @param buffers      input and output buffers per device
 * @param timeout      overall limit, or {@code null} for none
 * @param progress     told after each chunk, or {@code null}
 * @param trace        where to write the run's timeline
 * @param replanning   what re-planning after the first chunk needs, or {@code null} to keep the split
 * @param buffersChosen whether the planner chose the buffers for this split (the user set none)
 */
public record PlanParts(IndexSpace space, Map<String, ArrayBinding> arrays, Kernel kernel,
        java.util.function.Supplier<KernelSource> kernelSource,
        DeviceSource devices, SplitChoice split, BufferCounts buffers, Duration timeout, ProgressListener progress,
        TraceFiles trace, Replanning replanning, boolean buffersChosen) {
}
