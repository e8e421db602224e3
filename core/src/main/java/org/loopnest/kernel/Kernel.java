package org.loopnest.kernel;

import org.loopnest.index.Iteration;

/**
 * A kernel as the runtime holds it: either form, run block by block. Immutable; the wrapped lambdas are the
 * user's.
 */
public final class Kernel {
    private final ChunkKernel blockwise;
    private final String form;

    private Kernel(ChunkKernel blockwise, String form) {
        this.blockwise = blockwise;
        this.form = form;
    }

    /** A per-element kernel. */
    public static Kernel of(ElementKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("kernel is null (expected: a kernel body)");
        }
        return new Kernel(arrays -> {
            ElementBody body = kernel.bind(arrays);
            return cursor -> {
                for (; cursor.valid(); cursor.next()) {
                    body.apply(cursor);
                }
            };
        }, "per-element");
    }

    /** A per-chunk kernel. */
    public static Kernel ofChunks(ChunkKernel kernel) {
        if (kernel == null) {
            throw new IllegalArgumentException("chunkKernel is null (expected: a kernel body)");
        }
        return new Kernel(kernel, "per-chunk");
    }

    /**
     * Runs the block that {@code cursor} walks with the given arrays.
     *
     * @throws IterationFailure wrapping whatever the body threw, with the indices of the iteration it threw at
     */
    public void runBlock(BoundArrays arrays, Iteration cursor) {
        try {
            blockwise.bind(arrays).run(cursor);
        } catch (VirtualMachineError fatal) {
            throw fatal;
        } catch (Throwable t) {
            throw new IterationFailure(cursor.valid() ? cursor.indices() : null, t);
        }
    }

    /** {@code per-element} or {@code per-chunk}. */
    @Override
    public String toString() {
        return form;
    }
}
