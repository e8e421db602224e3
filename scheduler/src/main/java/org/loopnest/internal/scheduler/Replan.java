package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.DeviceCosts;
import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.report.RunPrediction;

/**
 * Re-planning a run once, after its first chunk's kernel: the kernel's rate the plan assumed against the one the
 * chunk measured. Within a factor {@value #FACTOR} either way the plan stands ({@link Decision#keep()}); otherwise
 * the outer iterations not yet taken are grouped anew — at the same depth {@code d}, with the group {@code r'} that
 * {@link CostModel} predicts fastest for them at the measured rate, among {@code 1 … r} (the planned group), with the
 * same buffers. A pure function: it touches no device, no run and no table (the caller records the measurement
 * with {@link KernelRates#recordKernel}). Stateless; any thread.
 *
 * <p><b>Why only groups of at most {@code r}.</b> The run's chunk buffers ({@code B_in} input and {@code B_out}
 * output buffers, host staging and device memory) were allocated for the planned chunk, and chunks in flight hold
 * them while the decision is taken. A chunk of {@code r' ≤ r} outer iterations at the same depth has the same
 * layout's shape with fewer outer iterations, so its packed input and output fit a prefix of those buffers and the
 * rings are reused as they are: nothing is allocated mid-run, and the memory bound
 * {@code resident + B_in · in + B_out · out ≤ usable} that the planner checked still holds. A larger chunk would
 * need new buffers while the old ones are still held (twice the memory at the worst moment, which the bound does
 * not allow, and an allocation that can fail half-way through a run), and another depth would change which loops a
 * chunk spans and so the layout itself. So a kernel much faster than estimated (which would call for larger chunks)
 * keeps {@code r}, and re-planning shortens chunks only: for a kernel slower than estimated, where fill and drain
 * dominate.
 *
 * <p><b>Pitfall.</b> A first chunk's kernel time includes what happens once (a JIT compiling a Java body, a
 * driver loading a module); a rate measured on it is a lower bound, which is why only a factor {@value #FACTOR}
 * re-plans.
 */
public final class Replan {
    /** The measured kernel time may differ from the estimate by up to this factor, either way, before re-planning. */
    public static final double FACTOR = 2;

    private Replan() {
    }

    /**
     * What the run should do with the outer iterations still to take.
     *
     * @param keep       {@code true}: go on with the planned group
     * @param group      the group for the remaining outer iterations: the planned {@code r} when kept, else
     *                   {@code r' < r}
     * @param prediction the model's prediction for the remaining outer iterations with {@code group} at the measured
     *                   rate, or {@code null} when the estimate was kept without predicting
     * @param reason     one sentence for the report
     */
    public record Decision(boolean keep, long group, RunPrediction prediction, String reason) {
    }

    /**
     * What the planner knew when it planned: the arrays, the device's costs (with the kernel rate it estimated, or
     * none) and the plan's split and buffers.
     *
     * @param bindings the run's arrays
     * @param costs    the costs the plan was made with
     * @param planned  the plan's split (depth {@code d}, group {@code r})
     * @param buffers  the plan's buffers per direction
     */
    public record Planned(List<ArrayBinding> bindings, DeviceCosts costs, Split planned, BufferCounts buffers) {
        /**
         * Checks the parts.
         *
         * @throws NullPointerException naming a missing part
         */
        public Planned {
            Objects.requireNonNull(bindings, "bindings");
            Objects.requireNonNull(costs, "costs");
            Objects.requireNonNull(planned, "planned");
            Objects.requireNonNull(buffers, "buffers");
        }
    }

    /**
     * Decides whether to re-group the rest of a run.
     *
     * @param plan        what the plan assumed
     * @param iterations  the first chunk's iterations
     * @param kernelNanos its kernel's time, in nanoseconds
     * @param nextOuter   the first outer iteration (at the plan's depth) not yet handed to any chunk
     * @return keep, or the group for the outer iterations {@code [nextOuter, P)}
     * @throws IllegalArgumentException naming a figure out of range: {@code iterations} or {@code kernelNanos} not
     *     positive, {@code iterations} above the planned chunk's, {@code nextOuter} outside {@code [0, P]}
     */
    public static Decision decide(Planned plan, long iterations, long kernelNanos, long nextOuter) {
        Split split = plan.planned();
        check(iterations, kernelNanos, nextOuter, split);
        double measured = iterations * 1e9 / kernelNanos;
        DeviceCosts costs = plan.costs();
        String rates = costs.kernelRateKnown()
                ? String.format(Locale.ROOT, "kernel rate %.3g it/s measured on the first chunk, %.3g estimated",
                measured, costs.kernelIterationsPerSecond())
                : String.format(Locale.ROOT, "kernel rate %.3g it/s measured on the first chunk, none estimated",
                measured);
        if (costs.kernelRateKnown() && measured <= costs.kernelIterationsPerSecond() * FACTOR
                && measured * FACTOR >= costs.kernelIterationsPerSecond()) {
            return new Decision(true, split.group(), null, rates + ": within a factor 2, the plan stands");
        }
        long remaining = split.outerCount() - nextOuter;
        if (remaining <= 1) {
            return new Decision(true, split.group(), null, rates + "; " + remaining + " outer iterations left: "
                    + "nothing to re-group");
        }
        DeviceCosts now = costs.withKernelRate(measured, costs.source() + ", kernel rate measured on the first chunk");
        ChunkLayout planned = ChunkLayout.of(split, plan.bindings());
        long best = split.group();
        RunPrediction bestPrediction = predict(plan, now, split, split.group(), remaining);
        // from r down: a smaller group must win by more than the planner's margin (ties keep the larger chunks)
        for (long r = split.group() - 1; r >= 1; r = lower(r)) {
            Split candidate = split.space().split(split.depth(), r);
            ChunkLayout layout = ChunkLayout.of(candidate, plan.bindings());
            if (layout.inputBytes() > planned.inputBytes() || layout.outputBytes() > planned.outputBytes()) {
                continue; // does not fit the buffers already allocated
            }
            RunPrediction p = predict(plan, now, candidate, r, remaining);
            if (p.total().toNanos() < bestPrediction.total().toNanos() * (1 - CostPlanner.TIE)) {
                best = r;
                bestPrediction = p;
            }
        }
        if (best == split.group()) {
            return new Decision(true, best, bestPrediction, rates + "; r = " + best + " is still the fastest group "
                    + "the buffers hold (predicted " + millis(bestPrediction) + " for the rest)");
        }
        return new Decision(false, best, bestPrediction, rates + "; the remaining " + remaining + " outer iterations "
                + "re-grouped from r = " + split.group() + " to r = " + best + " at d = " + split.depth()
                + " (predicted " + millis(bestPrediction) + " for the rest, "
                + millis(predict(plan, now, split, split.group(), remaining)) + " with r = " + split.group() + ")");
    }

    /** The model's time for {@code remaining} outer iterations in groups of {@code r}; resident data is in place. */
    private static RunPrediction predict(Planned plan, DeviceCosts costs, Split split, long r, long remaining) {
        ChunkLayout layout = ChunkLayout.of(split, plan.bindings());
        long q = split.innerCount();
        long chunks = (remaining + r - 1) / r;
        long last = (remaining - (chunks - 1) * r) * q;
        return CostModel.predict(costs, new RunShape(chunks, r * q, last, layout.inputBytes(), layout.outputBytes(),
                0, plan.buffers()));
    }

    /** The next smaller group tried: every one near {@code r}, then a geometric ladder down to 1. */
    private static long lower(long r) {
        return r == 1 ? 0 : Math.min(r - 1, (long) Math.floor(r / CostPlanner.LADDER));
    }

    private static void check(long iterations, long kernelNanos, long nextOuter, Split split) {
        if (iterations < 1 || iterations > split.maxChunkIterations()) {
            throw new IllegalArgumentException("iterations = " + iterations + " (expected: 1 to "
                    + split.maxChunkIterations() + ", the planned chunk's)");
        }
        if (kernelNanos < 1) {
            throw new IllegalArgumentException("kernelNanos = " + kernelNanos + " (expected: > 0)");
        }
        if (nextOuter < 0 || nextOuter > split.outerCount()) {
            throw new IllegalArgumentException("nextOuter = " + nextOuter + " (expected: 0 to " + split.outerCount()
                    + ")");
        }
    }

    private static String millis(RunPrediction p) {
        return String.format(Locale.ROOT, "%.1f ms", p.total().toNanos() / 1e6);
    }
}
