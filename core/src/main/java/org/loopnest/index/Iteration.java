package org.loopnest.index;

import java.util.Arrays;

/**
 * A cursor over consecutive iterations of one chunk: the loop indices, the flat number {@code k}, the outer
 * iteration {@code e} and the inner iteration {@code id} of the current iteration.
 *
 * <p><b>Thread safety:</b> none; a cursor belongs to the thread that runs the block it walks. Kernels must not
 * keep a reference to it after their call returns. Advancing costs an increment and a comparison, and a division at the
 * end of each row.
 */
public final class Iteration {
    private final Split split;
    private final long[] extents;
    private final long innerCount;
    private final long[] indices;
    private final int last;
    private final long lastExtent;
    private final Chunk chunk;
    private final long end;
    private long flat;
    private long outer;

    Iteration(Split split, Chunk chunk, long from, long to) {
        if (from < 0 || to > chunk.iterations() || from > to) {
            throw new IndexOutOfBoundsException("block [" + from + ", " + to + ") of a chunk of "
                    + chunk.iterations() + " iterations");
        }
        this.split = split;
        this.extents = split.space().extents();
        this.innerCount = split.innerCount();
        this.indices = new long[extents.length];
        this.last = extents.length - 1;
        this.lastExtent = extents[last];
        this.chunk = chunk;
        this.flat = chunk.firstFlat() + from;
        this.end = chunk.firstFlat() + to;
        if (from < to) {
            this.outer = flat / innerCount;
            split.indices(outer, flat % innerCount, indices);
        }
    }

    /**
     * {@return how many iterations, from the current one, lie in its row of the innermost loop within this block: at
     * least 1 while {@link #valid()}, 0 after} Along a run only the innermost index (and {@link #flat()}) changes, so
     * a kernel can walk it with a counted loop and the views' run accessors ({@code get(it, k)}, {@code set(it, k,
     * v)}) and then {@link #advance} past it: the form the JIT turns into tight (often vector) code.
     */
    public int runLength() {
        if (flat >= end) {
            return 0;
        }
        return (int) Math.min(Integer.MAX_VALUE, Math.min(lastExtent - indices[last], end - flat));
    }

    /**
     * Moves {@code n} iterations forward within the current {@link #runLength()}: after a whole run, to the first
     * iteration of the next one.
     *
     * @param n how many iterations to move, at most what is left of the current run
     * @throws IllegalArgumentException if {@code n} is not in {@code [0, runLength()]}
     */
    public void advance(int n) {
        if (n < 0 || n > runLength()) {
            throw new IllegalArgumentException("advance n = " + n + " (expected: 0 <= n <= runLength() = " + runLength() + ")");
        }
        flat += n;
        indices[last] += n;
        if (indices[last] == lastExtent) {
            carry();
        }
    }

    /**
     * {@return a new cursor over just the iteration {@code k} after the current one along its {@linkplain #runLength()
     * run}: what a failure handler needs to run a body's iterations one by one} The new cursor belongs to the calling
     * thread.
     *
     * @param k how far along the run, {@code 0 <= k < runLength()}
     * @throws IllegalArgumentException if {@code k} is not in {@code [0, runLength())}
     */
    public Iteration alone(int k) {
        if (k < 0 || k >= runLength()) {
            throw new IllegalArgumentException("alone k = " + k + " (expected: 0 <= k < runLength() = " + runLength() + ")");
        }
        long at = local() + k;
        return new Iteration(split, chunk, at, at + 1);
    }

    /**
     * {@return a new cursor over the rest of this block from {@code n} iterations after the current one} What a body
     * that walks several runs at once needs to look at the next run without moving this cursor. The new cursor
     * belongs to the calling thread.
     *
     * @param n how far ahead, {@code 0 <= n <= remaining()}
     * @throws IllegalArgumentException if {@code n} is not in {@code [0, remaining()]}
     */
    public Iteration ahead(long n) {
        if (n < 0 || n > remaining()) {
            throw new IllegalArgumentException("ahead n = " + n + " (expected: 0 <= n <= remaining() = "
                    + remaining() + ")");
        }
        return new Iteration(split, chunk, local() + n, end - chunk.firstFlat());
    }

    /**
     * {@return how many iterations, from the current one, are left in this cursor's block (0 once it has passed the
     * end)}
     */
    public long remaining() {
        return end - flat;
    }

    /** {@return the number of loops of the nest; the innermost is loop {@code depth() - 1}} */
    public int depth() {
        return extents.length;
    }

    /** {@return whether the cursor stands on an iteration (false once it has passed the end of its block)} */
    public boolean valid() {
        return flat < end;
    }

    /** Moves to the next iteration: one increment and one comparison, except at the end of a row. */
    public void next() {
        flat++;
        if (++indices[last] < lastExtent) {
            return;
        }
        carry();
    }

    private void carry() {
        indices[last] = 0;
        for (int j = last - 1; j >= 0; j--) {
            if (++indices[j] < extents[j]) {
                break;
            }
            indices[j] = 0;
        }
        outer = flat / innerCount;
    }

    /**
     * {@return the index of loop {@code j} (0 = outermost) at the current iteration}
     *
     * @param j the loop number
     */
    public long index(int j) {
        return indices[j];
    }

    /** {@return the flat iteration number {@code k} in the whole nest} */
    public long flat() {
        return flat;
    }

    /** {@return the outer iteration {@code e} (the paper's control-loop variable)} */
    public long outer() {
        return outer;
    }

    /** {@return the inner iteration {@code id} within the outer iteration (the paper's thread number)} */
    public long inner() {
        return flat - outer * innerCount;
    }

    /** {@return the position within the chunk, {@code k − firstFlat}} */
    public long local() {
        return flat - chunk.firstFlat();
    }

    /** {@return the chunk this cursor walks} */
    public Chunk chunk() {
        return chunk;
    }

    /** {@return a copy of the current indices} */
    public long[] indices() {
        return indices.clone();
    }

    /** The current indices as text, e.g. {@code [1, 3, 0, 71]}. */
    @Override
    public String toString() {
        return Arrays.toString(indices);
    }
}
