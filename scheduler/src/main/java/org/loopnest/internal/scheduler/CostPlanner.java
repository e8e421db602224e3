package org.loopnest.internal.scheduler;

import java.util.List;
import java.util.Locale;
import org.loopnest.data.ArrayBinding;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.report.RunPrediction;

/**
 * The automatic split when the device describes its costs: of the splits {@code (d, r)} within the memory bound
 * (as {@link SplitPlanner} states it) and with at least {@link SplitPlanner#MIN_ITERATIONS_PER_UNIT} iterations per
 * compute unit per chunk where the nest has that many, the one {@link CostModel} predicts fastest. For every depth
 * the groups tried are {@code r_min}, {@code r_max} and a geometric ladder between them (ratio
 * {@value #LADDER}); a candidate must beat the best so far by more than {@value #TIE} (relative) to replace it, so
 * ties go to the shallower depth and the larger chunks. Stateless.
 */
final class CostPlanner {
    /** Ratio between neighbouring groups tried at one depth. */
    static final double LADDER = 1.15;
    /** Relative margin a later candidate must win by. */
    static final double TIE = 0.01;

    private CostPlanner() {
    }

    /**
     * {@return the fastest predicted split, or {@code null} if none fits}
     *
     * @param space    the nest
     * @param bindings the run's arrays
     * @param device   the limits of the run's device
     * @param costs    the device's costs
     * @param buffers  chunk buffers per direction per device
     */
    static SplitChoice choose(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device, DeviceCosts costs,
                              BufferCounts buffers) {
        long floor = Math.min(space.count(), SplitPlanner.MIN_ITERATIONS_PER_UNIT * device.computeUnits());
        Split best = null;
        ChunkLayout bestLayout = null;
        RunPrediction bestPrediction = null;
        int tried = 0;
        for (int d = 0; d < space.depth(); d++) {
            Split one = space.split(d, 1);
            long rMax = device.hostAddressable() ? Math.max(1, one.outerCount())
                    : SplitPlanner.largestFittingGroup(one, bindings, device, buffers);
            if (rMax < 1) {
                continue;
            }
            long q = Math.max(1, one.innerCount());
            long rMin = Math.min(rMax, Math.max(1, (floor + q - 1) / q));
            for (long r = rMin; r <= rMax; r = next(r, rMax)) {
                Split split = space.split(d, r);
                ChunkLayout layout = ChunkLayout.of(split, bindings);
                RunPrediction p = CostModel.predict(costs, RunShape.of(split, layout, buffers));
                tried++;
                if (bestPrediction == null
                        || p.total().toNanos() < bestPrediction.total().toNanos() * (1 - TIE)) {
                    best = split;
                    bestLayout = layout;
                    bestPrediction = p;
                }
            }
        }
        if (best == null) {
            return null;
        }
        String why = String.format(Locale.ROOT, "auto: %d chunks of up to %d iterations, the fastest of %d splits "
                + "by the cost model", best.chunkCount(), best.maxChunkIterations(), tried);
        return new SplitChoice(best, bestLayout, why, bestPrediction);
    }

    /** The next group on the ladder, {@code rMax} last, then past it. */
    private static long next(long r, long rMax) {
        if (r == rMax) {
            return rMax + 1;
        }
        return Math.min(rMax, Math.max(r + 1, (long) Math.ceil(r * LADDER)));
    }
}
