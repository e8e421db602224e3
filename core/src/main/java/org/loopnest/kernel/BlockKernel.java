package org.loopnest.kernel;

/** The per-block form of a kernel: binds its arrays once per block and walks the block itself. */
@FunctionalInterface
public interface BlockKernel {
    /**
     * Looks up the arrays the body needs and returns the body. Called once per block, on its thread.
     *
     * @param arrays the arrays of this block, looked up by name or typed handle
     * @return the body to run over the block
     */
    BlockBody bind(BoundArrays arrays);
}
