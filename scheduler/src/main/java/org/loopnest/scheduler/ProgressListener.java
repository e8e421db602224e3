package org.loopnest.scheduler;

/**
 * Told after each chunk's outputs are written.
 *
 * <p><b>Threading:</b> called on the pipeline thread of whichever device wrote the chunk, so not always on the same
 * thread; but calls are serialised, also with several devices: never two at once, each one
 * <i>happens-before</i> the next. Keep it short: while it runs, the other devices wait to report their chunks.
 * <b>Order:</b> {@code done} rises by one with each call, {@code 1, 2, …, total}; a run that succeeds ends with
 * {@code (total, total)}, told before {@link Execution#await()} returns. A run that fails stops telling at the
 * failure; a nest with no chunks makes no call. <b>Failure:</b> an exception thrown here fails the run (a
 * {@link org.loopnest.error.StageFailedException} at the deserialize stage).
 */
@FunctionalInterface
public interface ProgressListener {
    /**
     * {@code done} of {@code total} chunks have been written.
     *
     * @param done the chunks written so far, from 1
     * @param total the run's chunks
     */
    void chunkDone(long done, long total);
}
