package org.loopnest.internal.scheduler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The chunk-buffer counts the planner chooses among when the user set none: {@code B_in} and {@code B_out} each from
 * 1 to {@value #MAX_PER_DIRECTION}, fewest buffers first (by {@code B_in + B_out}, then fewer input buffers). Beyond
 * four, a buffer only takes memory from the chunks: with the period {@code max(t_in, t_k, t_out, (t_in + t_k)/B_in,
 * (t_k + t_out)/B_out)} two buffers per direction already let the slowest engine set the pace whenever the other two
 * are no slower than it. Stateless.
 */
final class BufferOptions {
    /** Most buffers per direction the planner tries. */
    static final int MAX_PER_DIRECTION = 4;
    /** What a run uses when nobody chose: two per direction (double buffering). */
    static final BufferCounts DEFAULT = BufferCounts.both(2);

    private static final List<BufferCounts> ALL = all();

    private BufferOptions() {
    }

    /** {@return every pair from 1/1 to 4/4, fewest buffers first} */
    static List<BufferCounts> all() {
        if (ALL != null) {
            return ALL;
        }
        List<BufferCounts> options = new ArrayList<>();
        for (int in = 1; in <= MAX_PER_DIRECTION; in++) {
            for (int out = 1; out <= MAX_PER_DIRECTION; out++) {
                options.add(new BufferCounts(in, out));
            }
        }
        options.sort(Comparator.comparingInt((BufferCounts b) -> b.in() + b.out()).thenComparingInt(BufferCounts::in));
        return List.copyOf(options);
    }
}
