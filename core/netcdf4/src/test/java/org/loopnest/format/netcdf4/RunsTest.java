package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunsTest {
    private static List<Long> starts(Runs runs) {
        List<Long> all = new ArrayList<>();
        for (long at = runs.next(); at >= 0; at = runs.next()) {
            all.add(at);
        }
        return all;
    }

    @Test
    void shouldMakeOneRunOfABoxCoveringWholeTrailingAxes() {
        Runs runs = new Runs(new long[] {3, 4, 5}, new long[] {1, 0, 0}, new int[] {2, 4, 5});
        assertEquals(40, runs.length());
        assertEquals(List.of(20L), starts(runs));
    }

    @Test
    void shouldMakeOneRunPerRowOfABoxCutAlongTheLastAxis() {
        Runs runs = new Runs(new long[] {3, 4, 5}, new long[] {1, 2, 1}, new int[] {2, 2, 3});
        assertEquals(3, runs.length());
        assertEquals(List.of(31L, 36L, 51L, 56L), starts(runs));
    }

    @Test
    void shouldMakeOneRunOfAScalar() {
        Runs runs = new Runs(new long[0], new long[0], new int[0]);
        assertEquals(1, runs.length());
        assertEquals(List.of(0L), starts(runs));
    }
}
