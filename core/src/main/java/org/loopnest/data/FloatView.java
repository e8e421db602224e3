package org.loopnest.data;

import org.loopnest.index.Iteration;

// TEMPLATE: DoubleView, IntView and LongView are generated from this file (see package-info and core/pom.xml).
/**
 * Reads and writes one bound array of {@code float} elements at the current iteration. Obtained from the
 * kernel's {@code Views}; valid for the block it was obtained for, on that block's thread.
 *
 * <p>The view of an input is read-only by type: its {@code set} methods always throw, so an input is never changed.
 */
public interface FloatView {
    /**
     * {@return the element at the current iteration}
     *
     * @param it the cursor of the calling thread
     */
    float get(Iteration it);

    /**
     * Writes the element at the current iteration.
     *
     * @param it the cursor of the calling thread
     * @param value the new value
     * @throws IllegalStateException if the array is an input
     */
    void set(Iteration it, float value);

    /**
     * {@return the element {@code k} iterations after the current one along its {@linkplain Iteration#runLength() run}
     * of the innermost loop, for {@code 0 <= k < it.runLength()} (other {@code k} give another element or an {@link
     * IndexOutOfBoundsException})} {@code get(it, 0)} is {@code get(it)}.
     *
     * @param it the cursor of the calling thread
     * @param k how far along the run
     */
    float get(Iteration it, int k);

    /**
     * Writes the element {@code k} iterations after the current one along its run, for {@code 0 <= k < it.runLength()}.
     *
     * @param it the cursor of the calling thread
     * @param k how far along the run
     * @param value the new value
     * @throws IllegalStateException if the array is an input
     */
    void set(Iteration it, int k, float value);
}
