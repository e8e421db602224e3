package org.loopnest.examples.nest5;

import java.util.Arrays;
import java.util.concurrent.atomic.LongAdder;
import org.loopnest.LoopNest;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;
import org.loopnest.kernel.ElementBody;

/**
 * The paper's depth-5 nest {@code for l, m, n, k, j}: each iteration writes its flat number {@code k} into a
 * {@code long[]}, and also recomputes its loop indices from the outer iteration {@code e} and the inner iteration
 * {@code id} with {@link Split#outerIndex} and {@link Split#innerIndex} (the map g), recording whether they agree
 * with the loop's own. After the run {@link Nest5Run} tells whether every iteration ran exactly once.
 *
 * <p>A builder of one run: not thread-safe, not reusable.
 */
public final class Nest5 {
    /** The loop indices, outermost first. */
    public static final String[] INDEX_NAMES = {"l", "m", "n", "k", "j"};
    /** The default extents {@code L, M, N, K, J}. */
    public static final long[] DEFAULT_EXTENTS = {4, 6, 8, 10, 12};
    /** The default split depth: {@code e} runs over {@code (l, m)}, {@code id} over {@code (n, k, j)}. */
    public static final int DEFAULT_SPLIT = 2;

    private final IndexSpace space;
    private final Split split;
    private final long[] flat;
    private final int[] agree;
    private final LongAdder calls = new LongAdder();

    /** The heap one iteration needs: its flat number (a {@code long}) and its agreement flag (an {@code int}). */
    public static final int BYTES_PER_ITERATION = Long.BYTES + Integer.BYTES;

    /**
     * A nest of the given extents split at depth {@code d}.
     *
     * @throws IllegalArgumentException if there are not 5 extents, one is below 1, there are more than
     *     {@code Integer.MAX_VALUE} iterations, or {@code d} is outside {@code [0, 4]}
     */
    public Nest5(long[] extents, int d) {
        if (extents.length != INDEX_NAMES.length) {
            throw new IllegalArgumentException("extents: " + extents.length + " given (expected: 5, L,M,N,K,J)");
        }
        for (int j = 0; j < extents.length; j++) {
            if (extents[j] < 1) {
                throw new IllegalArgumentException("extent " + INDEX_NAMES[j] + " = " + extents[j]
                        + " (expected: >= 1)");
            }
        }
        this.space = IndexSpace.of(extents).withNames(INDEX_NAMES);
        if (space.count() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("extents " + Arrays.toString(extents) + ": " + space.count()
                    + " iterations (expected: at most " + (Integer.MAX_VALUE - 8) + ", one Java array)");
        }
        this.split = space.split(d, 1);
        this.flat = new long[(int) space.count()];
        this.agree = new int[flat.length];
        Arrays.fill(flat, -1);
    }

    /** The nest, split at the chosen depth; the caller adds the device and runs it, then calls {@link #check}. */
    public LoopNest nest() {
        return LoopNest.of(space.extents()).names(INDEX_NAMES)
                .out("flat", flat)
                .out("agree", agree)
                .kernel(arrays -> body(arrays.longs("flat"), arrays.ints("agree")))
                .splitAt(split.depth());
    }

    private ElementBody body(LongView flatOut, IntView agreeOut) {
        return it -> {
            calls.increment();
            flatOut.set(it, it.flat());
            agreeOut.set(it, recovered(it) ? 1 : 0);
        };
    }

    private boolean recovered(Iteration it) {
        for (int j = 0; j < space.depth(); j++) {
            long index = j < split.depth() ? split.outerIndex(it.outer(), j) : split.innerIndex(it.inner(), j);
            if (index != it.index(j)) {
                return false;
            }
        }
        return true;
    }

    /** The split the nest uses (one outer iteration per chunk; the grouping does not change the map g). */
    public Split split() {
        return split;
    }

    /** Checks the outputs after the run: kernel calls, {@code out[f] == f} for every flat number f, and the recovered indices. */
    public Nest5Run check() {
        long wrongFlat = 0;
        long wrongIndices = 0;
        for (int k = 0; k < flat.length; k++) {
            wrongFlat += flat[k] == k ? 0 : 1;
            wrongIndices += agree[k] == 1 ? 0 : 1;
        }
        return new Nest5Run(space.count(), calls.sum(), wrongFlat, wrongIndices);
    }
}
