package org.loopnest.internal.scheduler;

import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.scheduler.RunPlan;

/**
 * How many chunk buffers each device's pipeline has per direction: {@code in} input buffers (host staging and device
 * memory for one chunk's inputs) and {@code out} output buffers. Not API. Immutable.
 *
 * <p>The memory bound of one device's run is {@code resident + in · input buffer + out · output buffer}
 * ({@link #bytes}); the planner keeps it within the device's memory.
 *
 * @param in  input buffers per device, {@code B_in}
 * @param out output buffers per device, {@code B_out}
 */
public record BufferCounts(int in, int out) {
    /**
     * Checks both counts.
     *
     * @throws IllegalArgumentException naming the count out of range, e.g.
     *     {@code outputBuffers = 0 (expected: 1 to 1024)}
     */
    public BufferCounts {
        check("inputBuffers", in);
        check("outputBuffers", out);
    }

    /** {@return {@code b} buffers in each direction, as {@code buffers(b)} asks} */
    public static BufferCounts both(int b) {
        check("buffers", b);
        return new BufferCounts(b, b);
    }

    /**
     * Checks one count.
     *
     * @param name  the argument's name, for the message
     * @param count the count
     * @return {@code count}
     * @throws IllegalArgumentException if {@code count} is outside {@code 1 …} {@value RunPlan#MAX_BUFFERS}, e.g.
     *     {@code inputBuffers = 0 (expected: 1 to 1024)}
     */
    public static int check(String name, int count) {
        if (count < 1 || count > RunPlan.MAX_BUFFERS) {
            throw new IllegalArgumentException(name + " = " + count + " (expected: 1 to " + RunPlan.MAX_BUFFERS + ")");
        }
        return count;
    }

    /** {@return the bytes one device holds for a run with this layout: resident + in · input + out · output} */
    public long bytes(ChunkLayout layout) {
        return layout.residentBytes() + (long) in * layout.inputBytes() + (long) out * layout.outputBytes();
    }

    /** {@return the bound spelled out, e.g. {@code 2 × 800 in + 1 × 400 out + 64 resident = 2064 bytes}} */
    public String describe(ChunkLayout layout) {
        return in + " × " + layout.inputBytes() + " in + " + out + " × " + layout.outputBytes() + " out + "
                + layout.residentBytes() + " resident = " + bytes(layout) + " bytes";
    }

    /** {@return the counts as the report and the CLI write them, e.g. {@code 2 in, 1 out}} */
    @Override
    public String toString() {
        return in + " in, " + out + " out";
    }
}
