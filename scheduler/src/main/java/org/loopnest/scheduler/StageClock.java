package org.loopnest.scheduler;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import org.loopnest.report.Stage;
import org.loopnest.internal.trace.Timeline;

/**
 * Busy time per stage. Each stage adds the intervals it worked; intervals of one stage that overlap (kernels of
 * neighbouring chunks running at once) are counted once. Thread-safe.
 */
final class StageClock {
    private final AtomicLongArray busy = new AtomicLongArray(Stage.values().length);
    private final IntervalUnion[] covered = new IntervalUnion[Stage.values().length];
    private final StageClock parent;
    private final Timeline timeline;
    private final String device;

    /** A clock of its own. */
    StageClock() {
        this(null, null, null);
    }

    /**
     * One device's clock inside the run's: adds every interval to {@code parent} too, and records it as a slice
     * of {@code timeline} if there is one.
     */
    StageClock(StageClock parent, Timeline timeline, String device) {
        for (int s = 0; s < covered.length; s++) {
            covered[s] = new IntervalUnion();
        }
        this.parent = parent;
        this.timeline = timeline;
        this.device = device;
    }

    /**
     * Adds the interval {@code [start, end]} (System.nanoTime) of chunk {@code chunk} to {@code stage}. Intervals may
     * arrive in any order (several devices add to one clock, and a kernel's interval is added when its copy-out
     * starts); time that overlaps what is already counted is counted once.
     */
    void add(Stage stage, long chunk, long start, long end) {
        int s = stage.ordinal();
        long counted;
        synchronized (covered[s]) {
            counted = covered[s].add(start, end);
        }
        busy.addAndGet(s, counted);
        if (parent != null) {
            parent.add(stage, chunk, start, end);
        }
        if (timeline != null) {
            timeline.record(device, stage, chunk, start, end);
        }
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
