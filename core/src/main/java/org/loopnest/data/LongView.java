package org.loopnest.data;

import org.loopnest.index.Iteration;

/**
 * Reads and writes one bound array of {@code long} elements at the current iteration. Obtained from the
 * kernel's {@code Views}; valid for the block it was obtained for, on that block's thread.
 */
public interface LongView {
    /** The element at the current iteration. */
    long get(Iteration it);

    /**
     * Writes the element at the current iteration.
     *
     * @throws IllegalStateException if the array is an input
     */
    void set(Iteration it, long value);
}
