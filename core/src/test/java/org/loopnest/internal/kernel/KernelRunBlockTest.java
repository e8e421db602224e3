package org.loopnest.internal.kernel;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FloatView;
import org.loopnest.data.Role;
import org.loopnest.internal.data.Views;
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
        return Kernel.ofBlocks(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> {
                while (it.valid()) {
                    int n = it.runLength();
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
    void shouldBindOnceAndRunThePreludeJustBeforeEachPiece() {
        IndexSpace wide = IndexSpace.of(2, 2 * Kernel.PIECE + 100);
        Split rows = wide.split(1, 1);
        List<String> events = new ArrayList<>();
        Kernel kernel = Kernel.ofBlocks(arrays -> {
            events.add("bind");
            return it -> {
                events.add("run " + it.local() + "+" + it.remaining());
                while (it.valid()) {
                    it.advance(it.runLength());
                }
            };
        });
        kernel.runBlock(new ViewTable(Map.of(), Views::direct), rows, rows.chunk(1), 10, 2 * Kernel.PIECE + 50,
                piece -> events.add("prelude " + piece.local() + "+" + piece.remaining()));
        long p = Kernel.PIECE;
        assertEquals(List.of("bind", "prelude 10+" + p, "run 10+" + p, "prelude " + (10 + p) + "+" + p,
                "run " + (10 + p) + "+" + p, "prelude " + (10 + 2 * p) + "+40", "run " + (10 + 2 * p) + "+40"),
                events);
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
