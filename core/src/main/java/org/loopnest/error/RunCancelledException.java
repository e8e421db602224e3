package org.loopnest.error;

/** The run was cancelled; it was stopped and its resources released. Outputs may be partly written. */
public class RunCancelledException extends LoopNestException {
    /**
     * A cancellation with {@code done} of {@code total} chunks finished.
     *
     * @param done the chunks finished before the cancellation
     * @param total the run's chunks
     */
    public RunCancelledException(long done, long total) {
        super("run cancelled with " + done + " of " + total + " chunks done");
    }
}
