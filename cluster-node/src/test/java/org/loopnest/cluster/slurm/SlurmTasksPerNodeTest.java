package org.loopnest.cluster.slurm;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Slurm's tasks-per-node notation and its refusals. */
class SlurmTasksPerNodeTest {
    private static void assertRefused(String text, int nodes, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SlurmTasksPerNode.expand(text, nodes));
        assertEquals(message, e.getMessage());
    }

    @Test
    void shouldExpandRepeatedCounts() {
        assertArrayEquals(new int[] {2, 2, 2, 1}, SlurmTasksPerNode.expand("2(x3),1", 4));
    }

    @Test
    void shouldExpandOneNode() {
        assertArrayEquals(new int[] {3}, SlurmTasksPerNode.expand("3", 1));
    }

    @Test
    void shouldExpandMixedItems() {
        assertArrayEquals(new int[] {1, 4, 4, 2}, SlurmTasksPerNode.expand("1,4(x2),2", 4));
    }

    @Test
    void shouldRefuseFewerCountsThanNodes() {
        assertRefused("2(x3),1", 5, "tasks per node '2(x3),1' does not describe 5 nodes (expected: one count per node"
                + " of the node list)");
    }

    @Test
    void shouldRefuseMoreCountsThanNodes() {
        assertRefused("3,1", 1, "tasks per node '3,1' does not describe 1 node (expected: one count per node of the"
                + " node list)");
        assertRefused("1(x999999999)", 2, "tasks per node '1(x999999999)' does not describe 2 nodes (expected: one"
                + " count per node of the node list)");
    }

    @Test
    void shouldRefuseMalformedItems() {
        String expected = "' (expected: N or N(xM) with N, M >= 1, e.g. 2(x3),1)";
        assertRefused("2(3)", 3, "tasks per node '2(3)': item '2(3)" + expected);
        assertRefused("2(x3", 3, "tasks per node '2(x3': item '2(x3" + expected);
        assertRefused("0", 1, "tasks per node '0': item '0" + expected);
        assertRefused("2(x0)", 1, "tasks per node '2(x0)': item '2(x0)" + expected);
        assertRefused("1,", 1, "tasks per node '1,': item '" + expected);
        assertRefused("-1", 1, "tasks per node '-1': item '-1" + expected);
    }

    @Test
    void shouldRefuseANodeCountBelowOne() {
        assertRefused("1", 0, "nodes = 0 (expected: >= 1)");
    }
}
