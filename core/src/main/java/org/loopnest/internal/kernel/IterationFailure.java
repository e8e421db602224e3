package org.loopnest.internal.kernel;

import org.loopnest.error.LoopNestException;

/**
 * A kernel body threw; carries the indices of the iteration it threw at. The scheduler turns it into a
 * {@link org.loopnest.error.StageFailedException} naming the chunk and the device.
 */
public final class IterationFailure extends LoopNestException {
    /** The failing iteration's indices, or {@code null}. */
    private final long[] indices;

    /**
     * @param indices the failing iteration's indices, or {@code null} if the body threw between iterations
     * @param cause   what the body threw
     */
    public IterationFailure(long[] indices, Throwable cause) {
        super("kernel threw " + cause + (indices == null ? "" : " at indices " + java.util.Arrays.toString(indices)),
                cause);
        this.indices = indices;
    }

    /** {@return the indices of the failing iteration, or {@code null}} */
    public long[] indices() {
        return indices == null ? null : indices.clone();
    }
}
