package org.loopnest.data;

import org.loopnest.index.Iteration;

/**
 * Reads and writes one bound array of {@code double} elements at the current iteration. Obtained from the
 * kernel's {@code Views}; valid for the block it was obtained for, on that block's thread.
 */
public interface DoubleView {
    /** The element at the current iteration. */
    double get(Iteration it);

    /**
     * Writes the element at the current iteration.
     *
     * @throws IllegalStateException if the array is an input
     */
    void set(Iteration it, double value);
}
