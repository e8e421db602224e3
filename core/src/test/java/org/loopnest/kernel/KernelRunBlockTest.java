package org.loopnest.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FloatView;
import org.loopnest.data.Role;
import org.loopnest.data.Views;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;

/** Where a failing body is reported: at the iteration that threw, whichever form walks the block. */
class KernelRunBlockTest {
    private final IndexSpace space = IndexSpace.of(2, 10);
    private final Split split = space.split(1, 1);
    private final float[] out = new float[20];
    private final Map<String, ArrayBinding> arrays = Map.of(
            "a", ArrayBinding.of("a", Role.IN, new float[20], space),
            "b", ArrayBinding.of("b", Role.OUT, out, space));

    private IterationFailure failure(Kernel kernel) {
        Iteration cursor = split.cursor(split.chunk(1), 0, 10);
        return assertThrows(IterationFailure.class,
                () -> kernel.runBlock(new ViewTable(arrays, Views::direct), cursor));
    }

    /** Copies {@code a} to {@code b} run by run, throwing at the element whose last index is {@code bad}. */
    private static Kernel runWalking(int bad) {
        return Kernel.ofChunks(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> {
                while (it.valid()) {
                    int n = it.run();
                    for (int k = 0; k < n; k++) {
                        if (it.index(1) + k == bad) {
                            throw new ArithmeticException("bad element");
                        }
                        b.set(it, k, a.get(it, k) + 1);
                    }
                    it.advance(n);
                }
            };
        });
    }

    @Test
    void shouldReportTheIterationThatThrewInsideARunNotTheRunsFirst() {
        IterationFailure e = failure(runWalking(7));
        assertArrayEquals(new long[] {1, 7}, e.indices());
        assertEquals("kernel threw java.lang.ArithmeticException: bad element at indices [1, 7]", e.getMessage());
        assertEquals("bad element", e.getCause().getMessage());
        assertEquals(1f, out[10 + 6], "the iterations before the failing one ran");
    }

    @Test
    void shouldReportTheFirstIterationOfARunWhenTheThrowIsThere() {
        assertArrayEquals(new long[] {1, 0}, failure(runWalking(0)).indices());
    }

    @Test
    void shouldNotRunAPerElementBodyAgainToFindWhereItThrew() {
        AtomicInteger calls = new AtomicInteger();
        IterationFailure e = failure(Kernel.of(arrays -> it -> {
            calls.incrementAndGet();
            if (it.index(1) == 3) {
                throw new IllegalStateException("third");
            }
        }));
        assertArrayEquals(new long[] {1, 3}, e.indices());
        assertEquals(4, calls.get(), "iterations 0 to 3 each ran once");
    }
}
