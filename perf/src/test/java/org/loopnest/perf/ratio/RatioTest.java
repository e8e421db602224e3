package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTest {

    @Test
    void shouldDivideTheBaselineMedianByTheCandidateMedian() {
        Comparison c = new Comparison("base", new Samples(90, 100, 300), "cand", new Samples(200, 50, 125));

        assertEquals(100.0 / 125.0, c.ratio(), 1e-12);
    }

    @Test
    void shouldTakeTheMeanOfTheMiddlePairForAnEvenCount() {
        Samples s = new Samples(4, 1, 3, 2);

        assertEquals(2.5, s.median());
        assertEquals(1, s.min());
        assertEquals(4, s.max());
    }

    @Test
    void shouldRejectNoSamples() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, Samples::new);
        assertEquals("samples: none (expected: at least one measured round)", e.getMessage());
    }

    @Test
    void shouldRunWarmUpThenMeasuredRoundsInterleaved() {
        List<String> calls = new ArrayList<>();
        List<Samples> s = new Rounds(1, 2).interleave(List.of(() -> calls.add("a"), () -> calls.add("b")));

        assertEquals(List.of("a", "b", "a", "b", "a", "b"), calls);
        assertEquals(2, s.size());
        assertEquals(2, s.get(0).count());
    }

    @Test
    void shouldRejectZeroMeasuredRounds() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Rounds(1, 0));
        assertEquals("measured rounds = 0 (expected: >= 1)", e.getMessage());
    }

    @Test
    void shouldRunEachPreparationUntimedRightBeforeItsTask() {
        List<String> calls = new ArrayList<>();
        List<Samples> s = new Rounds(1, 1).interleave(List.of(() -> calls.add("a"), () -> calls.add("b")),
                List.of(() -> calls.add("before a"), () -> calls.add("before b")));

        assertEquals(List.of("before a", "a", "before b", "b", "before a", "a", "before b", "b"), calls);
        assertEquals(2, s.size());
        assertEquals(1, s.get(1).count());
    }

    @Test
    void shouldRefuseAPreparationCountOtherThanTheTaskCount() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Rounds(0, 1).interleave(List.of(() -> { }, () -> { }), List.of(() -> { })));
        assertEquals("1 preparations for 2 tasks (expected: one per task)", e.getMessage());
    }

    @Test
    void shouldTakeEachTasksOwnTimeInterleavedAndDropTheWarmUpRounds() {
        List<String> calls = new ArrayList<>();
        long[] next = {5};
        List<Samples> s = new Rounds(1, 2).interleaveTimed(List.of(() -> {
            calls.add("a");
            return next[0]++;
        }, () -> {
            calls.add("b");
            return 100;
        }));

        assertEquals(List.of("a", "b", "a", "b", "a", "b"), calls);
        assertEquals(6.5, s.get(0).median());
        assertEquals(100, s.get(1).median());
    }

    @Test
    void shouldRefuseANegativeTimeNamingTheTaskAndTheRound() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new Rounds(0, 1).interleaveTimed(List.of(() -> 1, () -> -3)));
        assertEquals("task 1 of 2 took -3 ns in measured round 0 (expected: >= 0)", e.getMessage());
    }
}
