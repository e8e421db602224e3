package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Busy time as the union of intervals, whatever order they arrive in. */
class IntervalUnionTest {

    @Test
    void shouldCountAnEarlierIntervalThatArrivesLateInTheGapItFills() {
        IntervalUnion union = new IntervalUnion();
        assertEquals(100, union.add(100, 200));
        assertEquals(50, union.add(0, 50), "a gap before what was counted is new time");
        assertEquals(50, union.add(40, 120), "only [50, 100) of it is new");
        assertEquals(0, union.add(10, 190));
        assertEquals(1, union.size());
        assertEquals(0, union.add(300, 300));
    }

    @Test
    void shouldSumToTheLengthOfTheUnionForShuffledOverlappingIntervals() {
        Random random = new Random(7);
        boolean[] covered = new boolean[10_000];
        List<long[]> intervals = new ArrayList<>();
        for (int k = 0; k < 500; k++) {
            int start = random.nextInt(9_900);
            int end = start + 1 + random.nextInt(100);
            intervals.add(new long[] {start, end});
            for (int t = start; t < end; t++) {
                covered[t] = true;
            }
        }
        Collections.shuffle(intervals, random);
        IntervalUnion union = new IntervalUnion();
        long total = 0;
        for (long[] i : intervals) {
            total += union.add(i[0], i[1]);
        }
        long expected = 0;
        for (boolean c : covered) {
            expected += c ? 1 : 0;
        }
        assertEquals(expected, total);
    }

    @Test
    void shouldKeepBoundedMemoryForARunOfManyIdleGaps() {
        IntervalUnion union = new IntervalUnion();
        long total = 0;
        for (long k = 0; k < 10 * IntervalUnion.KEPT; k++) {
            total += union.add(10 * k, 10 * k + 5);
        }
        assertEquals(50L * IntervalUnion.KEPT, total);
        assertEquals(IntervalUnion.KEPT, union.size());
        assertEquals(0, union.add(0, 5), "older than the horizon: already folded in");
    }
}
