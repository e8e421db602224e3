package org.loopnest.internal.scheduler;

import org.loopnest.index.Split;
import org.loopnest.internal.serializer.ChunkLayout;

/**
 * The split a run uses and why.
 *
 * @param split  depth and grouping
 * @param layout the chunk buffers' layout for that split
 * @param reason one sentence for the report: chosen automatically on what grounds, or given by the user
 */
public record SplitChoice(Split split, ChunkLayout layout, String reason) {
}
