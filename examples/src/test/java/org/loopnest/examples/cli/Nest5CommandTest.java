package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class Nest5CommandTest {
    @Test
    void shouldRunTheDefaultNestAndCheckIt() {
        Cli run = Cli.run("nest5");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("n = id / (K·J) = id / 120,   k = (id / J) mod K = (id / 12) mod 10"),
                run.out());
        assertTrue(run.out().contains("checked: every one of 23040 iterations ran exactly once"), run.out());
    }

    @Test
    void shouldRunOnTheSimulatedDeviceWithOtherExtents() {
        Cli run = Cli.run("nest5", "--extents", "2,3,4,5,6", "--split", "3", "--device", "sim");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("checked: every one of 720 iterations"), run.out());
    }

    @Test
    void shouldRejectASplitOutOfRangeAndTooFewExtents() {
        Cli split = Cli.run("nest5", "--split", "5");
        assertEquals(2, split.code());
        assertTrue(split.err().startsWith("loopnest nest5: --split 5: out of range"), split.err());
        Cli extents = Cli.run("nest5", "--extents", "1,2");
        assertEquals(2, extents.code());
        assertTrue(extents.err().contains("--extents: 2 given (expected: 5, L,M,N,K,J)"), extents.err());
    }

    @Test
    void shouldRefuseExtentsTooLargeForTheHeapBeforeAllocatingAndSayWhatToDo() {
        long max = Runtime.getRuntime().maxMemory();
        long l = max / (12 * 1000) + 1;
        org.junit.jupiter.api.Assumptions.assumeTrue(l * 1000 <= Integer.MAX_VALUE - 8,
                "the test JVM's heap is larger than any nest of one Java array");
        String extents = l + ",10,10,10,1";
        Cli run = Cli.run("nest5", "--extents", extents);
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest nest5: --extents " + extents + ": the run needs about "), run.err());
        assertTrue(run.err().contains(" of heap (a long and an int for each of " + l * 1000 + " iterations) but the "
                + "JVM may use " + HeapBudget.bytes(max)), run.err());
        assertTrue(run.err().contains("(expected: a larger heap, e.g. JAVA_OPTS=-Xmx"), run.err());
        assertTrue(run.err().contains("g ./loopnest ..., or smaller --extents)"), run.err());
        assertEquals("", run.out(), "nothing ran");
    }

    @Test
    void shouldRefuseTheSlurmOnlyOptionsWithoutAskingForNodesItRefuses() {
        Cli verbose = Cli.run("nest5", "--verbose");
        assertEquals(2, verbose.code(), verbose.err());
        assertEquals("loopnest nest5: --verbose: applies to --nodes slurm only, which nest5 does not take: it checks "
                + "its run in this JVM (expected: drop the option) (see 'loopnest nest5 --help')",
                verbose.err().strip());
        Cli wait = Cli.run("nest5", "--nodes-wait", "30");
        assertEquals(2, wait.code(), wait.err());
        assertTrue(wait.err().startsWith("loopnest nest5: --nodes-wait: applies to --nodes slurm only, which nest5 "
                + "does not take"), wait.err());
        assertEquals("", verbose.out() + wait.out(), "nothing ran");
    }

    @Test
    void shouldRefuseNodesBeforeStartingAnyInsteadOfFailingAtTheFirstChunk() {
        Cli run = Cli.run("nest5", "--nodes", "local:1");
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest nest5: --nodes: nest5 checks its run in this JVM (expected: local devices, --device) "
                + "(see 'loopnest nest5 --help')", run.err().strip());
        assertEquals("", run.out(), "nothing ran");
    }

    @Test
    void shouldRefuseMoreBuffersThanTheRingCanHold() {
        Cli run = Cli.run("nest5", "--buffers", "1073741824");
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("loopnest nest5: --buffers 1073741824 (expected: B or IN,OUT, "
                + "each 1 to 1024 chunk buffers per device)"), run.err());
    }
}
