package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.kernel.NamedArray;

/** Arrays bound and reached through typed handles: the mistakes the compiler cannot see are refused up front. */
class NamedArrayTest {
    private static final NamedArray<FloatView> T = NamedArray.floats("T");
    private static final NamedArray<IntView> N = NamedArray.ints("n");
    private static final NamedArray<FloatView> O = NamedArray.floats("o");

    private static String message(Runnable call) {
        return assertThrows(IllegalArgumentException.class, call::run).getMessage();
    }

    @Test
    void shouldBindAndReachArraysThroughTheirHandles() {
        float[] t = {1, 2, 3, 4, 5, 6};
        int[] n = {10, 20, 30};
        float[] o = new float[6];
        LoopNest.of(2, 3).names("t", "z").in(T, t).in(N, n, "z").out(O, o).kernel(arrays -> {
            FloatView tv = arrays.get(T);
            IntView nv = arrays.get(N);
            FloatView ov = arrays.get(O);
            return it -> ov.set(it, tv.get(it) + nv.get(it));
        }).run();
        assertArrayEquals(new float[] {11, 22, 33, 14, 25, 36}, o);
    }

    @Test
    void shouldRefuseDataOfAnotherElementTypeNamingTheHandle() {
        assertEquals("in NamedArray.ints(\"n\"): the array holds float elements (expected: int, as the handle says)",
                message(() -> LoopNest.of(2, 3).in(N, new float[6])));
    }

    @Test
    void shouldRefuseAtPlanAHandleTheBodyUsesButNothingBound() {
        LoopNest nest = LoopNest.of(2, 3).in(T, new float[6]).out(O, new float[6]).kernel(arrays -> {
            IntView missing = arrays.get(N);
            return it -> missing.get(it);
        });
        assertEquals("kernel: ints(\"n\"): no array of that name (expected one of: T, o)", message(nest::plan));
    }

    @Test
    void shouldRefuseAHandleBoundTwice() {
        assertEquals("array name 'T' is bound twice (expected: distinct names)",
                message(() -> LoopNest.of(2, 3).in(T, new float[6]).in(T, new float[6])));
    }

    @Test
    void shouldSayWhatAHandleIsAndCompareByNameAndType() {
        assertEquals("NamedArray.floats(\"T\")", T.toString());
        assertEquals(T, NamedArray.floats("T"));
        assertNotEquals(T, NamedArray.doubles("T"));
        assertEquals("array name is blank (expected: the name the array is bound by, e.g. \"T\")",
                message(() -> NamedArray.floats(" ")));
        assertEquals("handle is null (expected: a NamedArray, e.g. NamedArray.floats(\"T\"))",
                message(() -> LoopNest.of(2).in((NamedArray<?>) null, new float[2])));
    }
}
