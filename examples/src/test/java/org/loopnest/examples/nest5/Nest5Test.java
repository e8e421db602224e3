package org.loopnest.examples.nest5;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;

class Nest5Test {
    @Test
    void shouldRunEveryIterationExactlyOnceAtEverySplitDepthOnTheCpu() {
        for (int d = 0; d < 5; d++) {
            Nest5 nest5 = new Nest5(new long[] {2, 3, 4, 5, 6}, d);
            RunReport report = nest5.nest().run();
            Nest5Run run = nest5.check();
            assertTrue(run.passed(), "d=" + d + ": " + run);
            assertEquals(720, run.calls());
            assertEquals(d, report.splitDepth());
        }
    }

    @Test
    void shouldRunEveryIterationExactlyOnceOnASimulatedDevice() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(64 << 10).threads(2).build())) {
            Nest5 nest5 = new Nest5(Nest5.DEFAULT_EXTENTS, Nest5.DEFAULT_SPLIT);
            RunReport report = nest5.nest().on(sim).run();
            assertEquals(24, report.chunks());
            assertTrue(nest5.check().passed(), nest5.check().toString());
        }
    }

    @Test
    void shouldNoticeIterationsThatDidNotRun() {
        Nest5 nest5 = new Nest5(new long[] {1, 1, 1, 2, 3}, 2);
        Nest5Run notRun = nest5.check();
        assertEquals(6, notRun.wrongFlat());
        assertEquals(0, notRun.calls());
        assertTrue(notRun.toString().startsWith("check FAILED: 0 kernel calls for 6 iterations"), notRun.toString());
    }

    @Test
    void shouldExplainTheMapFromOuterAndInnerIterationsToIndices() {
        Nest5 nest5 = new Nest5(Nest5.DEFAULT_EXTENTS, 2);
        List<String> lines = IndexRecovery.describe(nest5.split(), 2);
        assertEquals("split d=2: e runs over (l, m) (P=24), id over (n, k, j) (Q=960), flat number = e·Q + id",
                lines.get(0));
        assertEquals("  l = e / M = e / 6,   m = e mod M = e mod 6,   n = id / (K·J) = id / 120,   "
                + "k = (id / J) mod K = (id / 12) mod 10,   j = id mod J = id mod 12", lines.get(1));
        assertEquals("  chunk 1: e=1 → l=0 m=1; id=0 → n=0 k=0 j=0 → flat 960; id=13 → n=0 k=1 j=1 → flat 973; "
                + "id=959 → n=7 k=9 j=11 → flat 1919", lines.get(3));
        assertEquals(4, lines.size());
    }

    @Test
    void shouldRejectAWrongNumberOfExtents() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Nest5(new long[] {1, 2, 3}, 1));
        assertEquals("extents: 3 given (expected: 5, L,M,N,K,J)", e.getMessage());
    }
}
