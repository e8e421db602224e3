package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.kernel.ElementKernel;

/** The builder's calls may come in any order, and an option it cannot honour is refused, never ignored. */
class BuilderOrderTest {
    /** {@code o[t][z] = T[t][z] * p[z]}. */
    private static final ElementKernel SCALE = arrays -> {
        FloatView t = arrays.floats("T");
        FloatView p = arrays.floats("p");
        FloatView o = arrays.floats("o");
        return it -> o.set(it, t.get(it) * p.get(it));
    };

    private static final float[] T = {1, 2, 3, 4, 5, 6};
    private static final float[] P = {10, 100, 1000};
    private static final float[] EXPECTED = {10, 200, 3000, 40, 500, 6000};

    @Test
    void shouldBindAnArrayByIndexNamesGivenAfterIt() {
        float[] before = new float[6];
        LoopNest.of(2, 3).names("t", "z").in("T", T).in("p", P, "z").out("o", before).kernel(SCALE).run();
        float[] after = new float[6];
        LoopNest.of(2, 3).in("T", T).in("p", P, "z").out("o", after).kernel(SCALE).names("t", "z").run();
        assertArrayEquals(EXPECTED, before);
        assertArrayEquals(EXPECTED, after);
    }

    @Test
    void shouldKeepTheLoopsAnArrayNamedWhenTheIndicesAreRenamed() {
        float[] out = new float[6];
        LoopNest.of(2, 3).in("T", T).in("p", P, "i1").out("o", out).kernel(SCALE).names("t", "z").run();
        assertArrayEquals(EXPECTED, out);
    }

    @Test
    void shouldNameTheArrayWhoseIndexNoLoopHasOnceTheNamesAreGiven() {
        LoopNest nest = LoopNest.of(2, 3).in("p", P, "w");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> nest.names("t", "z"));
        assertEquals("in 'p': no loop index named 'w' (expected one of: t, z)", e.getMessage());
    }

    @Test
    void shouldRefuseAtPlanAnIndexNoLoopHasWhenNoNamesAreGiven() {
        LoopNest nest = LoopNest.of(2, 3).in("T", T).in("p", P, "z").out("o", new float[6]).kernel(SCALE);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, nest::plan);
        assertEquals("in 'p': no loop index named 'z' (expected one of: i0, i1)", e.getMessage());
    }

    @Test
    void shouldRefuseAnArrayNameBoundTwiceEvenWhileItWaitsForNames() {
        LoopNest nest = LoopNest.of(2, 3).in("p", P, "z");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> nest.in("p", P, "z"));
        assertEquals("array name 'p' is bound twice (expected: distinct names)", e.getMessage());
    }

    @Test
    void shouldRefuseAGroupWithoutSplitAtRatherThanIgnoreIt() {
        LoopNest nest = LoopNest.of(2, 3).in("T", T).out("o", new float[6]).kernel(SCALE).group(3);
        IllegalStateException e = assertThrows(IllegalStateException.class, nest::plan);
        assertEquals("group(3) without splitAt(d) (expected: splitAt(d) with it, or no group: the automatic split "
                + "chooses its own)", e.getMessage());
        float[] out = new float[6];
        LoopNest.of(2, 3).in("T", T).in("p", P, "i1").out("o", out).kernel(SCALE).group(2).splitAt(1).run();
        assertArrayEquals(EXPECTED, out);
    }
}
