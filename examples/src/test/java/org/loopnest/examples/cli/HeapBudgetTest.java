package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HeapBudgetTest {
    private static final long GIB = 1L << 30;

    @Test
    void shouldAcceptWhatFitsTheFreeHeapBesideWhatTheJvmKeepsForItself() {
        new HeapBudget(4 * GIB, GIB).check(3 * GIB - HeapBudget.MAX_RESERVE, "--shape 1,1,1,1", "fields", "less");
    }

    @Test
    void shouldKeepAQuarterOfASmallHeapForTheJvmsOwnWork() {
        long mib = 1L << 20;
        HeapBudget small = new HeapBudget(48 * mib, 2 * mib);
        assertEquals(12 * mib, small.reserve());
        small.check(34 * mib, "--shape 1,1,1,1", "fields", "less");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> small.check(40 * mib, "--shape 4,16,128,128", "10 float32 fields of 4.0 MiB", "--no-verify"));
        assertEquals("--shape 4,16,128,128: the run needs about 40.0 MiB of heap (10 float32 fields of 4.0 MiB) but "
                + "the JVM may use 48.0 MiB, 46.0 MiB of it free, 12.0 MiB of that kept for its own work (expected: "
                + "a larger heap, e.g. JAVA_OPTS=-Xmx1g ./loopnest ..., or --no-verify)", refused.getMessage());
    }

    @Test
    void shouldSayWhatTheRunNeedsWhatTheJvmMayUseAndHowToGiveItMore() {
        HeapBudget budget = new HeapBudget(4 * GIB, GIB / 2);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> budget.check(20 * GIB + GIB / 2, "--shape 200,7,361,720", "14 float32 fields of 1.4 GiB",
                        "fewer points in --shape"));
        assertEquals("--shape 200,7,361,720: the run needs about 20.5 GiB of heap (14 float32 fields of 1.4 GiB) but "
                + "the JVM may use 4.0 GiB, 3.5 GiB of it free, 64.0 MiB of that kept for its own work (expected: a "
                + "larger heap, e.g. JAVA_OPTS=-Xmx27g ./loopnest ..., or fewer points in --shape)", refused.getMessage());
    }

    @Test
    void shouldWriteSizesInGibOrMib() {
        assertEquals("1.5 GiB", HeapBudget.bytes(GIB + GIB / 2));
        assertEquals("12.0 MiB", HeapBudget.bytes(12L << 20));
    }
}
