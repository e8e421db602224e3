package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class HeapBudgetTest {
    private static final long GIB = 1L << 30;

    @Test
    void shouldAcceptWhatFitsTheFreeHeap() {
        new HeapBudget(4 * GIB, GIB).check(3 * GIB, "--shape 1,1,1,1", "fields", "less");
    }

    @Test
    void shouldSayWhatTheRunNeedsWhatTheJvmMayUseAndHowToGiveItMore() {
        HeapBudget budget = new HeapBudget(4 * GIB, GIB / 2);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> budget.check(20 * GIB + GIB / 2, "--shape 200,7,361,720", "14 float32 fields of 1.4 GiB",
                        "fewer points in --shape"));
        assertEquals("--shape 200,7,361,720: the run needs about 20.5 GiB of heap (14 float32 fields of 1.4 GiB) but "
                + "the JVM may use 4.0 GiB, 3.5 GiB of it free (expected: a larger heap, e.g. JAVA_OPTS=-Xmx27g "
                + "./loopnest ..., or fewer points in --shape)", refused.getMessage());
    }

    @Test
    void shouldWriteSizesInGibOrMib() {
        assertEquals("1.5 GiB", HeapBudget.bytes(GIB + GIB / 2));
        assertEquals("12.0 MiB", HeapBudget.bytes(12L << 20));
    }
}
