package org.loopnest.error;

/** The base of every failure of a LoopNest run. Unchecked. */
public class LoopNestException extends RuntimeException {
    /** A failure with a message and an optional cause. */
    public LoopNestException(String message, Throwable cause) {
        super(message, cause);
    }

    /** A failure with a message. */
    public LoopNestException(String message) {
        super(message);
    }
}
