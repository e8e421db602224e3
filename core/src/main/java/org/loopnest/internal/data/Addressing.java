package org.loopnest.internal.data;

import org.loopnest.data.ArrayBinding;
import org.loopnest.data.LinearHolder;
import org.loopnest.index.Iteration;

/**
 * Turns the current iteration into an element position in one linear store:
 * {@code base + Σ coef_m·i_{dims[m]} + (e − firstOuter)·slab}, or, for an array laid out in nest order over the
 * whole chunk, simply {@code k − origin}.
 *
 * <p>The same formula serves the user's own arrays (coefficients = the holder's strides, no slab) and packed
 * chunk regions (coefficients = strides inside one outer iteration's slab). Immutable and thread-safe.
 */
public final class Addressing {
    private final int[] dims;
    private final long[] coefs;
    private final long base;
    private final long slab;
    private final long firstOuter;
    private final boolean contiguous;

    private Addressing(int[] dims, long[] coefs, long base, long slab, long firstOuter, boolean contiguous) {
        this.dims = dims;
        this.coefs = coefs;
        this.base = base;
        this.slab = slab;
        this.firstOuter = firstOuter;
        this.contiguous = contiguous;
    }

    /**
     * Position {@code k − origin}: an array in nest order whose element for flat {@code origin} sits at 0.
     *
     * @param origin the flat iteration number whose element sits at position 0
     * @return a contiguous addressing
     */
    public static Addressing contiguous(long origin) {
        return new Addressing(new int[0], new long[0], -origin, 0, 0, true);
    }

    /**
     * {@return the general form {@code base + Σ coefs[m]·i_{dims[m]} + (e − firstOuter)·slab}}
     *
     * @param dims  loop numbers, one per coefficient
     * @param coefs element stride of each of those loops
     * @param base the constant term: the position where every index used is 0 and {@code e = firstOuter}
     * @param slab the elements between consecutive outer iterations (0 for an array indexed only by inner loops)
     * @param firstOuter the first outer iteration {@code e} of the chunk addressed
     */
    public static Addressing general(int[] dims, long[] coefs, long base, long slab, long firstOuter) {
        if (dims.length != coefs.length) {
            throw new IllegalArgumentException(dims.length + " dims for " + coefs.length + " coefficients");
        }
        return new Addressing(dims.clone(), coefs.clone(), base, slab, firstOuter, false);
    }

    /**
     * {@return where {@code binding}'s element for the current iteration sits in its own linear holder}
     *
     * @param binding the array, with the loop indices it uses
     * @param holder the binding's own holder, which gives the strides
     */
    public static Addressing of(ArrayBinding binding, LinearHolder holder) {
        if (binding.usesAllLoops() && !holder.isStrided()) {
            return contiguous(-holder.offset());
        }
        return general(binding.dims(), holder.strides(binding.shape()), holder.offset(), 0, 0);
    }

    /**
     * {@return the same addressing with every position moved by {@code delta} elements} For a window of a store that
     * starts at position {@code -delta}.
     *
     * @param delta added to every position
     */
    public Addressing shifted(long delta) {
        return new Addressing(dims, coefs, base + delta, slab, firstOuter, contiguous);
    }

    /** {@return whether the position is simply {@code k + }{@link #flatBase()}} */
    public boolean isContiguous() {
        return contiguous;
    }

    /**
     * For a contiguous addressing, what is added to the flat number {@code k} to get the position.
     *
     * @return {@code -origin}, so that the position is {@code k + flatBase()}
     */
    public long flatBase() {
        return base;
    }

    /**
     * {@return how far apart, in elements, consecutive iterations of one {@linkplain Iteration#runLength() run} of the
     * innermost loop are: 1 in nest order, the innermost loop's stride for a general layout, 0 for an array that does
     * not use the innermost loop}
     *
     * @param it the cursor, at the run's first iteration
     */
    public long runStride(Iteration it) {
        if (contiguous) {
            return 1;
        }
        int m = dims.length - 1;
        return m >= 0 && dims[m] == it.depth() - 1 ? coefs[m] : 0;
    }

    /**
     * {@return the element position of the current iteration}
     *
     * @param it the cursor
     */
    public long offset(Iteration it) {
        if (contiguous) {
            return it.flat() + base;
        }
        long position = base + (it.outer() - firstOuter) * slab;
        for (int m = 0; m < dims.length; m++) {
            position += coefs[m] * it.index(dims[m]);
        }
        return position;
    }
}
