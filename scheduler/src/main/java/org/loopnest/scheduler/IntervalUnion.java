package org.loopnest.scheduler;

import java.util.Map;
import java.util.TreeMap;

/**
 * The union of time intervals added in any order, as disjoint intervals, so that each addition says how much
 * time it newly covers. Keeps the most recent {@value #KEPT} disjoint intervals: older ones are folded into a
 * horizon, before which a late interval counts nothing (an interval that late would be over a thousand idle gaps
 * old). Not thread-safe.
 */
final class IntervalUnion {
    static final int KEPT = 1024;

    private final TreeMap<Long, Long> intervals = new TreeMap<>();
    private long horizon = Long.MIN_VALUE;

    /** Adds {@code [start, end)} and returns the nanoseconds of it not covered before (0 for an empty interval). */
    long add(long start, long end) {
        long from = Math.max(start, horizon);
        if (end <= from) {
            return 0;
        }
        long mergedStart = from;
        long mergedEnd = end;
        long coveredBefore = 0;
        Map.Entry<Long, Long> before = intervals.floorEntry(from);
        if (before != null && before.getValue() >= from) {
            mergedStart = before.getKey();
            mergedEnd = Math.max(mergedEnd, before.getValue());
            coveredBefore += before.getValue() - before.getKey();
            intervals.remove(before.getKey());
        }
        for (Map.Entry<Long, Long> next = intervals.ceilingEntry(mergedStart);
             next != null && next.getKey() <= mergedEnd; next = intervals.ceilingEntry(mergedStart)) {
            mergedEnd = Math.max(mergedEnd, next.getValue());
            coveredBefore += next.getValue() - next.getKey();
            intervals.remove(next.getKey());
        }
        intervals.put(mergedStart, mergedEnd);
        while (intervals.size() > KEPT) {
            horizon = intervals.pollFirstEntry().getValue();
        }
        return (mergedEnd - mergedStart) - coveredBefore;
    }

    /** Disjoint intervals kept. */
    int size() {
        return intervals.size();
    }
}
