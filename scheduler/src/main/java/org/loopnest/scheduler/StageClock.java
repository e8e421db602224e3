package org.loopnest.scheduler;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.loopnest.report.Stage;

/**
 * Busy time per stage. Each stage adds the intervals it worked; intervals of one stage that overlap (kernels of
 * neighbouring chunks running at once) are counted once. Thread-safe.
 */
final class StageClock {
    private final AtomicLongArray busy = new AtomicLongArray(Stage.values().length);
    private final long[] coveredUntil = new long[Stage.values().length];

    /** Adds the interval {@code [start, end]} (System.nanoTime) to {@code stage}. Intervals arrive in start order. */
    void add(Stage stage, long start, long end) {
        int s = stage.ordinal();
        long counted;
        synchronized (coveredUntil) {
            long from = Math.max(start, coveredUntil[s]);
            counted = Math.max(0, end - from);
            coveredUntil[s] = Math.max(coveredUntil[s], end);
        }
        busy.addAndGet(s, counted);
    }

    /** Busy time of every stage so far. */
    Map<Stage, Duration> snapshot() {
        Map<Stage, Duration> out = new EnumMap<>(Stage.class);
        for (Stage stage : Stage.values()) {
            out.put(stage, Duration.ofNanos(busy.get(stage.ordinal())));
        }
        return out;
    }
}
