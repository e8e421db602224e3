package org.loopnest.examples.cli;

import java.util.Locale;

/**
 * Compares the heap a run needs with what the JVM may still use, before anything is allocated, so that a grid too
 * large for the JVM is refused at once with advice instead of failing later with an {@link OutOfMemoryError}.
 *
 * <p><b>Threading:</b> immutable; safe from any thread.
 *
 * @param max  the most heap the JVM may use ({@link Runtime#maxMemory()}, set by {@code -Xmx})
 * @param used the heap in use now
 */
record HeapBudget(long max, long used) {
    private static final double GIB = 1L << 30;
    private static final double MIB = 1L << 20;

    /** The budget of this JVM now. */
    static HeapBudget current() {
        Runtime runtime = Runtime.getRuntime();
        return new HeapBudget(runtime.maxMemory(), runtime.totalMemory() - runtime.freeMemory());
    }

    /** The heap still free to allocate: {@code max - used}. */
    long free() {
        return Math.max(0, max - used);
    }

    /** The most heap kept for the JVM's own work beside the run's arrays (a quarter of a smaller heap). */
    static final long MAX_RESERVE = 64L << 20;

    /**
     * {@return the heap kept for the JVM's own work beside the run's arrays (its objects, the report, picocli):
     * {@link #MAX_RESERVE}, or a quarter of a heap smaller than 256 MiB}
     */
    long reserve() {
        return Math.min(MAX_RESERVE, max / 4);
    }

    /**
     * Checks that {@code needed} bytes and the {@link #reserve()} fit in {@link #free()}.
     *
     * @param what   what needs the memory, the start of the message, e.g. {@code --shape 200,7,361,720}
     * @param detail what the bytes are, e.g. {@code 14 float32 fields of 1.4 GiB}
     * @param remedy what else helps besides more heap, e.g. {@code fewer points in --shape}
     * @throws IllegalArgumentException saying how much the run needs, how much the JVM may use, and how to give it
     *     more ({@code -Xmx} through {@code JAVA_OPTS})
     */
    void check(long needed, String what, String detail, String remedy) {
        if (needed <= free() - reserve()) {
            return;
        }
        long suggestGib = (long) Math.ceil((needed + used + MAX_RESERVE) * 1.25 / GIB);
        throw new IllegalArgumentException(what + ": the run needs about " + bytes(needed) + " of heap (" + detail
                + ") but the JVM may use " + bytes(max) + (used > 0 ? ", " + bytes(free()) + " of it free" : "")
                + ", " + bytes(reserve()) + " of that kept for its own work (expected: a larger heap, e.g. "
                + "JAVA_OPTS=-Xmx" + suggestGib + "g ./loopnest ..., or " + remedy + ")");
    }

    /** {@code bytes} in GiB or MiB with one decimal, e.g. {@code 1.4 GiB}. */
    static String bytes(long bytes) {
        return bytes >= GIB ? String.format(Locale.ROOT, "%.1f GiB", bytes / GIB)
                : String.format(Locale.ROOT, "%.1f MiB", bytes / MIB);
    }
}
