package org.loopnest.error;

/**
 * A kernel body or its helpers are not valid kernel language (see {@code docs/KERNELS.md}): raised when the run is
 * planned, before any device compiler runs and before any data moves. The message names the position as
 * {@code line:column}, says what is wrong and what was expected, and shows the offending line with a caret under
 * the column.
 */
public class KernelSyntaxException extends LoopNestException {
    /** The line of the error, from 1. */
    private final int line;
    /** The column of the error, from 1. */
    private final int column;

    /**
     * @param line the line of the error, from 1
     * @param column the column of the error, from 1
     * @param message the full message, position, line and caret included
     */
    public KernelSyntaxException(int line, int column, String message) {
        super(message);
        this.line = line;
        this.column = column;
    }

    /** {@return the line of the error, from 1} */
    public int line() {
        return line;
    }

    /** {@return the column of the error, from 1} */
    public int column() {
        return column;
    }
}
