package org.loopnest.internal.scheduler;

import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.report.RunPrediction;

/**
 * The split a run uses, why, and what the cost model predicted for it.
 *
 * @param split      depth and grouping
 * @param layout     the chunk buffers' layout for that split
 * @param reason     one sentence for the report: chosen automatically on what grounds, or given by the user
 * @param prediction the cost model's prediction for the split, or {@code null} when no model was used
 */
public record SplitChoice(Split split, ChunkLayout layout, String reason, RunPrediction prediction) {
    /**
     * A choice without a prediction.
     *
     * @param split  depth and grouping
     * @param layout the chunk buffers' layout for that split
     * @param reason one sentence for the report
     */
    public SplitChoice(Split split, ChunkLayout layout, String reason) {
        this(split, layout, reason, null);
    }
}
