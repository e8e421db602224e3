package org.loopnest.error;

import java.time.Duration;

/** The run exceeded its overall timeout; it was stopped and its resources released. */
public class RunTimeoutException extends LoopNestException {
    /**
     * A timeout after {@code limit}, with {@code done} of {@code total} chunks finished.
     *
     * @param limit the time limit the run had
     * @param done the chunks finished within it
     * @param total the run's chunks
     */
    public RunTimeoutException(Duration limit, long done, long total) {
        super("run timed out after " + limit + " with " + done + " of " + total + " chunks done");
    }
}
