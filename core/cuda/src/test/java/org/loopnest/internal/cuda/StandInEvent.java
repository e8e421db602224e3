package org.loopnest.internal.cuda;

/**
 * One event of the {@link StandInDriver}: recorded on a stream, it completes when the stream reaches it, taking the
 * time from the driver's clock then.
 *
 * <p><b>Threading:</b> thread-safe.
 */
final class StandInEvent {
    private static final long PENDING = Long.MIN_VALUE;

    private volatile long nanos = PENDING;
    private volatile boolean recorded;
    private volatile boolean destroyed;

    /** {@return whether it was destroyed} */
    boolean destroyed() {
        return destroyed;
    }

    /** Marks it destroyed. */
    void destroy() {
        destroyed = true;
    }

    /** Marks it recorded and not complete, until {@link #complete} runs on the stream. */
    void recorded() {
        nanos = PENDING;
        recorded = true;
    }

    /**
     * Completes it.
     *
     * @param now the clock's time, in nanoseconds
     */
    void complete(long now) {
        nanos = now;
    }

    /**
     * {@return when it completed, in nanoseconds}
     *
     * @throws CudaError {@code CUDA_ERROR_INVALID_HANDLE} if never recorded, {@code CUDA_ERROR_NOT_READY} if not
     *     complete yet
     */
    long completedAt() {
        if (!recorded) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "event was never recorded");
        }
        long at = nanos;
        if (at == PENDING) {
            throw StandInDriver.error(CudaError.NOT_READY, "event has not completed");
        }
        return at;
    }
}
