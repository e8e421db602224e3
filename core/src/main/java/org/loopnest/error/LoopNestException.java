package org.loopnest.error;

/** The base of every failure of a LoopNest run. Unchecked. */
public class LoopNestException extends RuntimeException {
    /**
     * A failure with a message and an optional cause.
     *
     * @param message what failed and what the user can do about it
     * @param cause the exception that caused it, or {@code null}
     */
    public LoopNestException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * A failure with a message.
     *
     * @param message what failed and what the user can do about it
     */
    public LoopNestException(String message) {
        super(message);
    }
}
