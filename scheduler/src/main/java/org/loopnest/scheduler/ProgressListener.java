package org.loopnest.scheduler;

/**
 * Told after each chunk's outputs are written. Called on a pipeline thread: keep it short. An exception
 * thrown here fails the run.
 */
@FunctionalInterface
public interface ProgressListener {
    /** {@code done} of {@code total} chunks have been written. */
    void chunkDone(long done, long total);
}
