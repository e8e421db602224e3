package org.loopnest.kernel;

/** The per-element form of a kernel: binds its arrays once per block, then runs per iteration. */
@FunctionalInterface
public interface ElementKernel {
    /**
     * Looks up the arrays the body needs and returns the body. Called once per block, on its thread.
     *
     * @param arrays the arrays of this block, looked up by name or typed handle
     * @return the body to run for each iteration of the block
     */
    ElementBody bind(BoundArrays arrays);
}
