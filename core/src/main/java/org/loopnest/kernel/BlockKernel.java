package org.loopnest.kernel;

/** The per-block form of a kernel: binds its arrays once per block and walks the block itself. */
@FunctionalInterface
public interface BlockKernel {
    /** Looks up the arrays the body needs and returns the body. Called once per block, on its thread. */
    BlockBody bind(BoundArrays arrays);
}
