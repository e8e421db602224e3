package org.loopnest.examples.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The bound on {@code --buffers}: a device's ring of chunk buffer sets is sized
 * {@code Integer.highestOneBit(B) << 1}, which overflows from {@code 2^30}, and far fewer sets than that already
 * exhaust any device's memory.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
final class BufferBound {
    /** The most chunk buffer sets per device that {@code --buffers} accepts. */
    static final int MAX = 1024;

    private BufferBound() {
    }

    /**
     * Checks {@code buffers} against {@link #MAX}.
     *
     * @throws ParameterException (exit code 2) naming the value and the range expected
     */
    static void check(CommandSpec spec, int buffers) {
        if (buffers > MAX) {
            throw new ParameterException(spec.commandLine(), "--buffers " + buffers + ": too many (expected: 1 to "
                    + MAX + " chunk buffer sets per device)");
        }
    }
}
