package org.loopnest.examples.cli;

import org.loopnest.LoopNest;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.scheduler.RunPlan;
import org.loopnest.scheduler.SplitChoice;

/**
 * The command line's split rule: a depth the user gave is used as is; otherwise LoopNest's automatic choice,
 * unless it makes fewer than a minimum of chunks (on a machine with many cores it aims for large chunks), in
 * which case the shallowest split with at least that many outer iterations, grouped to about that many chunks.
 * Stateless.
 */
final class SplitPolicy {
    private SplitPolicy() {
    }

    /**
     * Plans {@code nest} (device, buffers and progress already set).
     *
     * @param depth     the split depth given, or {@code null} for automatic
     * @param minChunks fewest chunks an automatic split may make where the nest allows
     * @throws DeviceMemoryException if a chunk of the given depth does not fit the device
     */
    static RunPlan plan(LoopNest nest, Integer depth, int minChunks) {
        if (depth != null) {
            return nest.splitAt(depth).plan();
        }
        RunPlan auto = nest.plan();
        if (auto.split().split().chunkCount() >= minChunks) {
            return auto;
        }
        IndexSpace space = nest.space();
        for (int d = 0; d < space.depth(); d++) {
            Split one = space.split(d, 1);
            if (one.outerCount() >= minChunks) {
                try {
                    RunPlan more = nest.splitAt(d).group(one.outerCount() / minChunks).plan();
                    return explained(more, "auto, at least " + minChunks + " chunks (this command's rule; LoopNest "
                            + "alone chose " + auto.split().split().chunkCount() + "): " + more.split().reason()
                            .replaceFirst("^given: ", ""));
                } catch (DeviceMemoryException tooBig) {
                    return auto;
                }
            }
        }
        return auto;
    }

    private static RunPlan explained(RunPlan plan, String reason) {
        SplitChoice choice = plan.split();
        return new RunPlan(plan.space(), plan.arrays(), plan.kernel(), plan.kernelSource(), plan.devices(),
                plan.ownsDevice(), new SplitChoice(choice.split(), choice.layout(), reason), plan.buffers(),
                plan.timeout(), plan.progress(), plan.trace());
    }
}
