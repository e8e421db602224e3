package org.loopnest.internal.data;

import org.loopnest.index.Iteration;

/**
 * How compiled code reaches one array along a {@linkplain Iteration#runLength() run} of the innermost loop without
 * calling the view per element: the store that holds the run's elements, the position of the run's first element in
 * it, and the distance between consecutive elements of the run. Every view that {@link Views} makes implements it.
 *
 * <p>For a view made by {@link Views}, {@link #step(Iteration)} and {@link #heapArray()} are the same at every run of
 * one nest, so that code specialised for them (a literal step, an array or a buffer access) is made once per binding.
 * Element {@code k} of the run sits at {@code position(it) + k * step(it)} in {@code store(it)}.
 *
 * <p><b>Thread safety:</b> that of the view: one thread (a jagged view remembers its last row).
 */
public interface RunAccess {
    /**
     * {@return the store holding the current run's elements: a {@code float[]}, {@code double[]}, {@code int[]} or
     * {@code long[]} if {@link #heapArray()}, else a {@code FloatBuffer}, … read and written at absolute positions}
     *
     * @param it the cursor, at the run's first iteration
     */
    Object store(Iteration it);

    /**
     * {@return the element position, in {@link #store(Iteration)}, of the cursor's current iteration}
     *
     * @param it the cursor, at the run's first iteration
     */
    long position(Iteration it);

    /**
     * {@return the elements between consecutive iterations of a run: 1 in nest order, the innermost loop's stride,
     * or 0 for an array that does not use the innermost loop}
     *
     * @param it the cursor, at the run's first iteration
     */
    long step(Iteration it);

    /** {@return whether {@link #store(Iteration)} is a Java array (else an NIO buffer)} */
    boolean heapArray();
}
