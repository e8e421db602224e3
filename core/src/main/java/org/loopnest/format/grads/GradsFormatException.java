package org.loopnest.format.grads;

import java.nio.file.Path;

/**
 * A GrADS descriptor (or its data file) that does not say what LoopNest can read; the message names the file, the
 * line where one applies, and what was expected, for example
 * {@code model.ctl:7: XDEF 72 linear 0 (expected: XDEF n LINEAR start step or XDEF n LEVELS v…)}.
 *
 * <p>It is an {@link IllegalArgumentException}: the file is bad input, found before any work starts.
 */
public final class GradsFormatException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The descriptor's file name. */
    private final String file;
    /** The 1-based line, or 0 when the fault is not on one line. */
    private final int line;

    GradsFormatException(Path file, int line, String message) {
        super(prefix(file, line) + message);
        this.file = name(file);
        this.line = line;
    }

    /**
     * The file the fault is in.
     *
     * @return the descriptor's (or data file's) name, without its directory
     */
    public String file() {
        return file;
    }

    /**
     * The line the fault is on.
     *
     * @return the 1-based line number, or 0 when the fault concerns the file as a whole (a missing record, a short
     *         data file)
     */
    public int line() {
        return line;
    }

    private static String prefix(Path file, int line) {
        return name(file) + (line > 0 ? ":" + line : "") + ": ";
    }

    static String name(Path file) {
        Path name = file.getFileName();
        return name == null ? file.toString() : name.toString();
    }
}
