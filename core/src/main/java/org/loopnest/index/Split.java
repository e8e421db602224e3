package org.loopnest.index;

/**
 * A nest cut at depth {@code d}: {@code P} outer iterations {@code e} (the control loop) of {@code Q} inner
 * iterations {@code id} each (one kernel call, the thread number standing for {@code id}), with {@code r}
 * consecutive outer iterations grouped into one {@link Chunk}. Implements the map <b>g</b> of DESIGN §2:
 *
 * <ul>
 *   <li>{@code j < d}: {@code i_j = ⌊e / (n_{j+1}·…·n_{d-1})⌋ mod n_j}, constant over an outer iteration;</li>
 *   <li>{@code j ≥ d}: {@code i_j = ⌊id / s_j⌋ mod n_j}.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe.
 */
public final class Split {
    private final IndexSpace space;
    private final int depth;
    private final long group;
    private final long outerCount;
    private final long innerCount;
    private final long[] outerStrides;

    Split(IndexSpace space, int depth, long group) {
        if (depth < 0 || depth >= space.depth()) {
            throw new IllegalArgumentException("split depth d = " + depth + " (expected: 0 <= d <= "
                    + (space.depth() - 1) + " for a nest of depth " + space.depth() + ")");
        }
        if (group < 1) {
            throw new IllegalArgumentException("group r = " + group + " (expected: >= 1 outer iterations per chunk)");
        }
        this.space = space;
        this.depth = depth;
        this.outerCount = space.product(0, depth);
        this.innerCount = space.product(depth, space.depth());
        this.group = outerCount == 0 ? group : Math.min(group, Math.max(1, outerCount));
        this.outerStrides = new long[depth];
        for (int j = 0; j < depth; j++) {
            outerStrides[j] = space.product(j + 1, depth);
        }
    }

    /** {@return the nest this split cuts} */
    public IndexSpace space() {
        return space;
    }

    /** {@return the split depth {@code d}} */
    public int depth() {
        return depth;
    }

    /** {@return outer iterations per chunk, {@code r} (capped at {@code P})} */
    public long group() {
        return group;
    }

    /** {@return the number of outer iterations {@code P = n_0·…·n_{d-1}}} */
    public long outerCount() {
        return outerCount;
    }

    /** {@return the number of inner iterations per outer iteration, {@code Q = n_d·…·n_N}} */
    public long innerCount() {
        return innerCount;
    }

    /** {@return the number of chunks, {@code ⌈P / r⌉} (0 for an empty nest)} */
    public long chunkCount() {
        if (outerCount == 0 || innerCount == 0) {
            return 0;
        }
        return (outerCount - 1) / group + 1;
    }

    /** {@return the iterations of a full chunk, {@code r·Q}; the last chunk may hold fewer} */
    public long maxChunkIterations() {
        return group * innerCount;
    }

    /**
     * Chunk number {@code c}: outer iterations {@code [c·r, min((c+1)·r, P))}.
     *
     * @param c the chunk number
     * @return the chunk
     * @throws IndexOutOfBoundsException if {@code c} is outside {@code [0, chunkCount())}
     */
    public Chunk chunk(long c) {
        long chunks = chunkCount();
        if (c < 0 || c >= chunks) {
            throw new IndexOutOfBoundsException("chunk " + c + " (expected: 0 <= c < " + chunks + ")");
        }
        long firstOuter = c * group;
        long outers = Math.min(group, outerCount - firstOuter);
        return new Chunk(c, firstOuter, outers, firstOuter * innerCount, outers * innerCount);
    }

    /**
     * {@return the map g for an outer loop {@code j < d}: the index of loop {@code j} in outer iteration {@code e}}
     *
     * @param e the outer iteration
     * @param j the loop number, below {@code d}
     */
    public long outerIndex(long e, int j) {
        return (e / outerStrides[j]) % space.extent(j);
    }

    /**
     * {@return the map g for an inner loop {@code j >= d}: the index of loop {@code j} at inner iteration {@code id}}
     *
     * @param id the inner iteration
     * @param j the loop number, at least {@code d}
     */
    public long innerIndex(long id, int j) {
        return (id / space.stride(j)) % space.extent(j);
    }

    /**
     * The map g for all loops: writes the indices of iteration {@code (e, id)} into {@code out}.
     *
     * @param e the outer iteration
     * @param id the inner iteration
     * @param out where the indices go, one per loop
     */
    public void indices(long e, long id, long[] out) {
        for (int j = 0; j < depth; j++) {
            out[j] = outerIndex(e, j);
        }
        for (int j = depth; j < out.length; j++) {
            out[j] = innerIndex(id, j);
        }
    }

    /**
     * {@return a fresh cursor over local iterations {@code [from, to)} of {@code chunk} (local 0 is the chunk's first
     * iteration)} The cursor belongs to the calling thread.
     *
     * @param chunk the chunk
     * @param from the first local iteration, inclusive
     * @param to the last local iteration, exclusive
     */
    public Iteration cursor(Chunk chunk, long from, long to) {
        return new Iteration(this, chunk, from, to);
    }

    /** A description like {@code d=1 (P=5 × Q=23184), r=2 → 3 chunks}. */
    @Override
    public String toString() {
        return "d=" + depth + " (P=" + outerCount + " × Q=" + innerCount + "), r=" + group + " → "
                + chunkCount() + " chunks";
    }
}
