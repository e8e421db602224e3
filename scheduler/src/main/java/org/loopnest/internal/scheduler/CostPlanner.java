package org.loopnest.internal.scheduler;

import java.util.ArrayList;
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
 * ties go to the shallower depth and the smaller group.
 *
 * <p><b>Buffers.</b> Given several buffer counts ({@link BufferOptions}, when the user set none), the search runs
 * for each (the memory bound, and so {@code r_max}, depends on them), and of the counts whose fastest split is within
 * {@value #BUFFER_TIE} of the fastest of all, the first wins: the fewest buffers. Stateless.
 */
final class CostPlanner {
    /** Ratio between neighbouring groups tried at one depth. */
    static final double LADDER = 1.15;
    /** Relative margin a later candidate must win by. */
    static final double TIE = 0.01;
    /**
     * Relative margin within which fewer buffers win: tighter than {@link #TIE}, because what fewer buffers cost
     * beyond the prediction (a chunk's serialize and deserialize, not modelled, no longer overlap its neighbours'
     * kernels) is real, and what they save (memory) the search has already weighed through the memory bound.
     */
    static final double BUFFER_TIE = 0.002;

    private CostPlanner() {
    }

    /**
     * {@return the fastest predicted split with {@code buffers}, or {@code null} if none fits}
     *
     * @param space    the nest
     * @param bindings the run's arrays
     * @param device   the limits of the run's device
     * @param costs    the device's costs
     * @param buffers  chunk buffers per direction per device
     */
    static SplitChoice choose(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device, DeviceCosts costs,
                              BufferCounts buffers) {
        PlannedSplit planned = choose(space, bindings, device, costs, List.of(buffers));
        return planned == null ? null : planned.choice();
    }

    /**
     * {@return the fastest predicted split and buffer counts, or {@code null} if no split fits with any of them}
     *
     * @param space    the nest
     * @param bindings the run's arrays
     * @param device   the limits of the run's device
     * @param costs    the device's costs
     * @param options  the buffer counts to choose among, preferred first (fewest buffers first)
     */
    static PlannedSplit choose(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device, DeviceCosts costs,
                               List<BufferCounts> options) {
        List<Best> bests = new ArrayList<>();
        for (BufferCounts buffers : options) {
            Best best = fastest(space, bindings, device, costs, buffers);
            if (best != null) {
                bests.add(best);
            }
        }
        Best chosen = preferred(bests);
        if (chosen == null) {
            return null;
        }
        String why = String.format(Locale.ROOT, "auto: %d chunks of up to %d iterations, the fastest of %d splits "
                + "by the cost model", chosen.split.chunkCount(), chosen.split.maxChunkIterations(), chosen.tried);
        if (options.size() > 1) {
            why += buffersReason(chosen, bests);
        }
        return new PlannedSplit(new SplitChoice(chosen.split, chosen.layout, why, chosen.prediction), chosen.buffers);
    }

    /**
     * {@return {@code split} predicted with each of {@code options} it fits, in their order}
     *
     * @param split    a split the user gave
     * @param layout   its layout
     * @param device   the limits of the run's device
     * @param costs    the device's costs
     * @param options  the buffer counts to choose among, preferred first
     */
    static List<Best> forSplit(Split split, ChunkLayout layout, DeviceInfo device, DeviceCosts costs,
                               List<BufferCounts> options) {
        List<Best> bests = new ArrayList<>();
        for (BufferCounts buffers : options) {
            if (device.hostAddressable() || SplitPlanner.fits(layout, device, buffers)) {
                bests.add(new Best(split, layout, buffers, CostModel.predict(costs, RunShape.of(split, layout,
                        buffers)), 1));
            }
        }
        return bests;
    }

    /** Of candidates in preference order, the first within {@link #BUFFER_TIE} of the fastest; {@code null} if none. */
    static Best preferred(List<Best> bests) {
        long fastest = bests.stream().mapToLong(b -> b.prediction.total().toNanos()).min().orElse(-1);
        for (Best b : bests) {
            if (b.prediction.total().toNanos() <= fastest * (1 + BUFFER_TIE)) {
                return b;
            }
        }
        return null;
    }

    /** The report's sentence on the buffers: what was chosen, and against what. */
    static String buffersReason(Best chosen, List<Best> bests) {
        Best fastest = bests.stream().min((a, b) -> a.prediction.total().compareTo(b.prediction.total()))
                .orElseThrow();
        String why = String.format(Locale.ROOT, "; buffers %s chosen by the cost model (predicted %.1f ms", chosen
                .buffers, chosen.prediction.total().toNanos() / 1e6);
        if (fastest != chosen) {
            why += String.format(Locale.ROOT, "; %s: %.1f ms, within %.1f %%, and fewer buffers win a tie",
                    fastest.buffers, fastest.prediction.total().toNanos() / 1e6, BUFFER_TIE * 100);
        } else {
            why += ", the fastest of " + bests.size() + " buffer counts";
        }
        return why + ")";
    }

    /** The fastest split with {@code buffers}, or {@code null} if none fits. */
    private static Best fastest(IndexSpace space, List<ArrayBinding> bindings, DeviceInfo device, DeviceCosts costs,
                                BufferCounts buffers) {
        long floor = Math.min(space.count(), SplitPlanner.MIN_ITERATIONS_PER_UNIT * device.computeUnits());
        Best best = null;
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
                if (best == null || p.total().toNanos() < best.prediction.total().toNanos() * (1 - TIE)) {
                    best = new Best(split, layout, buffers, p, 0);
                }
            }
        }
        return best == null ? null : new Best(best.split, best.layout, buffers, best.prediction, tried);
    }

    /** The next group on the ladder, {@code rMax} last, then past it. */
    private static long next(long r, long rMax) {
        if (r == rMax) {
            return rMax + 1;
        }
        return Math.min(rMax, Math.max(r + 1, (long) Math.ceil(r * LADDER)));
    }

    /**
     * One candidate: a split, its layout, the buffers, the prediction, and how many splits were tried to find it.
     *
     * @param split      the split
     * @param layout     its layout
     * @param buffers    the buffer counts
     * @param prediction the model's prediction for them
     * @param tried      splits predicted in the search that found it
     */
    record Best(Split split, ChunkLayout layout, BufferCounts buffers, RunPrediction prediction, int tried) {
    }
}
