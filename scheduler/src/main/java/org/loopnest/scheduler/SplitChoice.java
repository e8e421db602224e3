package org.loopnest.scheduler;

import org.loopnest.index.Split;

/**
 * The split a run uses and why.
 *
 * @param split  depth and grouping
 * @param reason one sentence for the report: chosen automatically on what grounds, or given by the user
 */
public record SplitChoice(Split split, String reason) {
}
