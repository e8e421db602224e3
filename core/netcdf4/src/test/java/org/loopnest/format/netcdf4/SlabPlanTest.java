package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SlabPlanTest {
    private static List<String> boxes(SlabPlan plan, int rank) {
        long[] offset = new long[rank];
        int[] size = new int[rank];
        List<String> all = new ArrayList<>();
        while (plan.next(offset, size)) {
            all.add(Arrays.toString(offset) + Arrays.toString(size));
        }
        return all;
    }

    @Test
    void shouldCoverWholeTrailingAxesWhenTheBudgetAllows() {
        SlabPlan plan = new SlabPlan(new long[] {3, 4, 5}, null, 40);
        assertArrayEquals(new int[] {2, 4, 5}, plan.box());
        assertEquals(List.of("[0, 0, 0][2, 4, 5]", "[2, 0, 0][1, 4, 5]"), boxes(plan, 3));
    }

    @Test
    void shouldCutTheLastAxisWhenOneRowIsOverTheBudget() {
        assertEquals(List.of("[0, 0][1, 4]", "[0, 4][1, 3]", "[1, 0][1, 4]", "[1, 4][1, 3]"),
                boxes(new SlabPlan(new long[] {2, 7}, null, 4), 2));
    }

    @Test
    void shouldKeepBoxesOnChunkBoundariesSoEachChunkIsDecodedOnce() {
        SlabPlan plan = new SlabPlan(new long[] {10, 6, 8}, new int[] {4, 3, 8}, 100);
        assertArrayEquals(new int[] {4, 3, 8}, plan.box(), "two chunks (192 elements) are over the budget");
        assertEquals(6, boxes(plan, 3).size());
        assertArrayEquals(new int[] {4, 6, 8}, new SlabPlan(new long[] {10, 6, 8}, new int[] {4, 3, 8}, 200).box());
        assertArrayEquals(new int[] {8, 6, 8}, new SlabPlan(new long[] {10, 6, 8}, new int[] {4, 3, 8}, 400).box());
    }

    @Test
    void shouldFallBackToElementsWhenOneChunkIsOverTheBudget() {
        assertArrayEquals(new int[] {1, 1, 8}, new SlabPlan(new long[] {10, 6, 8}, new int[] {4, 3, 8}, 10).box());
    }

    @Test
    void shouldGiveOneBoxForAScalarAndNoneForAnEmptyArray() {
        SlabPlan scalar = new SlabPlan(new long[0], null, 1);
        assertTrue(scalar.next(new long[0], new int[0]));
        assertFalse(scalar.next(new long[0], new int[0]));
        assertEquals(List.of(), boxes(new SlabPlan(new long[] {0, 4}, new int[] {1, 4}, 16), 2));
    }
}
