package org.loopnest.internal.scheduler;

/**
 * The split a run uses and the chunk buffers per direction it runs with: given by the user or chosen by the planner
 * ({@link SplitPlanner#plan}). Not API. Immutable.
 *
 * @param choice  the split, its layout, why, and the cost model's prediction (with these buffers) if any
 * @param buffers input and output buffers per device
 */
public record PlannedSplit(SplitChoice choice, BufferCounts buffers) {
    /**
     * Checks the parts.
     *
     * @throws IllegalArgumentException if a part is missing
     */
    public PlannedSplit {
        if (choice == null || buffers == null) {
            throw new IllegalArgumentException("choice = " + choice + ", buffers = " + buffers
                    + " (expected: both set)");
        }
    }
}
