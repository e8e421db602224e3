package org.loopnest.examples.cli;

import org.loopnest.LoopNest;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.scheduler.RunPlan;

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
        if (auto.split().chunkCount() >= minChunks) {
            return auto;
        }
        IndexSpace space = auto.space();
        for (int d = 0; d < space.depth(); d++) {
            Split one = space.split(d, 1);
            if (one.outerCount() >= minChunks) {
                try {
                    return auto.withSplit(d, one.outerCount() / minChunks, "auto, at least " + minChunks
                            + " chunks (this command's rule; LoopNest alone chose " + auto.split().chunkCount()
                            + ")");
                } catch (DeviceMemoryException tooBig) {
                    return auto;
                }
            }
        }
        return auto;
    }
}
