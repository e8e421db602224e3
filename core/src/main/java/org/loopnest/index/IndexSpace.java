package org.loopnest.index;

import java.util.Arrays;
import java.util.List;

/**
 * The iteration space of a loop nest {@code for i_0 in [0,n_0) … for i_N in [0,n_N)}: extents, index names,
 * row-major strides, and the map <b>f</b> from a flat iteration number to loop indices.
 *
 * <p>Immutable and thread-safe. An extent of 0 is allowed (the nest is empty); the product of the other extents
 * must still fit a {@code long}, so that every product of extents (strides, chunk and array sizes) does.
 */
public final class IndexSpace {
    private final long[] extents;
    private final String[] names;
    private final long[] strides;
    private final long count;

    private IndexSpace(long[] extents, String[] names) {
        this.extents = extents;
        this.names = names;
        this.strides = new long[extents.length];
        long product = 1;
        long nonZero = 1;
        for (int j = extents.length - 1; j >= 0; j--) {
            strides[j] = product;
            if (extents[j] != 0) {
                nonZero = multiplyChecked(nonZero, extents[j], extents);
            }
            product *= extents[j]; // at most nonZero: every partial product of the extents fits a long
        }
        this.count = product;
    }

    /**
     * {@return a nest with the given extents, outermost first, and default index names {@code i0 … iN}}
     *
     * @param extents the extent {@code n_j} of each loop, outermost first
     * @throws IllegalArgumentException if there is no extent, an extent is negative, or the product of the
     *     non-zero extents overflows a {@code long} (an empty nest is refused too when its other extents overflow)
     */
    public static IndexSpace of(long... extents) {
        if (extents == null || extents.length == 0) {
            throw new IllegalArgumentException("extents: none given (expected: at least one loop extent)");
        }
        long[] copy = extents.clone();
        for (int j = 0; j < copy.length; j++) {
            if (copy[j] < 0) {
                throw new IllegalArgumentException("extent[" + j + "] = " + copy[j] + " (expected: >= 0)");
            }
        }
        String[] names = new String[copy.length];
        for (int j = 0; j < names.length; j++) {
            names[j] = "i" + j;
        }
        return new IndexSpace(copy, names);
    }

    /**
     * {@return the same extents with the given index names, outermost first}
     *
     * @param newNames one name per loop
     * @throws IllegalArgumentException if the count differs from the depth, a name is blank or repeated
     */
    public IndexSpace withNames(String... newNames) {
        if (newNames == null || newNames.length != extents.length) {
            throw new IllegalArgumentException("names: " + (newNames == null ? 0 : newNames.length)
                    + " given (expected: " + extents.length + ", one per loop)");
        }
        for (int j = 0; j < newNames.length; j++) {
            String name = newNames[j];
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("names[" + j + "] is blank (expected: a non-empty name)");
            }
            for (int i = 0; i < j; i++) {
                if (newNames[i].equals(name)) {
                    throw new IllegalArgumentException("names: '" + name + "' is used twice (expected: distinct names)");
                }
            }
        }
        return new IndexSpace(extents, newNames.clone());
    }

    private static long multiplyChecked(long a, long b, long[] extents) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException overflow) {
            boolean empty = Arrays.stream(extents).anyMatch(n -> n == 0);
            throw new IllegalArgumentException("extents " + Arrays.toString(extents) + ": "
                    + (empty ? "the product of the non-zero extents" : "their product") + " overflows a long "
                    + "(expected: at most " + Long.MAX_VALUE + (empty ? ", even in an empty nest)" : " iterations)"));
        }
    }

    /** {@return the number of loops, {@code N+1}} */
    public int depth() {
        return extents.length;
    }

    /**
     * {@return the extent {@code n_j} of loop {@code j} (0 = outermost)}
     *
     * @param j the loop number
     */
    public long extent(int j) {
        return extents[j];
    }

    /** {@return a copy of all extents, outermost first} */
    public long[] extents() {
        return extents.clone();
    }

    /**
     * {@return the name of loop {@code j}}
     *
     * @param j the loop number (0 = outermost)
     */
    public String name(int j) {
        return names[j];
    }

    /** {@return all index names, outermost first} */
    public List<String> names() {
        return List.of(names);
    }

    /**
     * {@return the loop number of the index called {@code name}, or -1 if there is none}
     *
     * @param name an index name
     */
    public int indexOf(String name) {
        for (int j = 0; j < names.length; j++) {
            if (names[j].equals(name)) {
                return j;
            }
        }
        return -1;
    }

    /**
     * {@return the row-major stride {@code s_j = n_{j+1}·…·n_N} of loop {@code j}}
     *
     * @param j the loop number (0 = outermost)
     */
    public long stride(int j) {
        return strides[j];
    }

    /** {@return the number of iterations {@code C = n_0·…·n_N}} */
    public long count() {
        return count;
    }

    /**
     * {@return the map f for one loop: {@code f_j(k) = ⌊k / s_j⌋ mod n_j}}
     *
     * @param flat the flat iteration number {@code k}
     * @param j the loop number
     */
    public long index(long flat, int j) {
        return (flat / strides[j]) % extents[j];
    }

    /**
     * The map f for all loops: writes the indices of flat iteration {@code flat} into {@code out}.
     *
     * @param flat the flat iteration number {@code k}
     * @param out where the indices go, one per loop (length at least the depth)
     */
    public void indices(long flat, long[] out) {
        for (int j = 0; j < extents.length; j++) {
            out[j] = index(flat, j);
        }
    }

    /**
     * {@return the flat number {@code k = Σ i_j·s_j} of the given indices (the inverse of f)}
     *
     * @param indices one index per loop, outermost first
     */
    public long flatten(long... indices) {
        long k = 0;
        for (int j = 0; j < extents.length; j++) {
            k += indices[j] * strides[j];
        }
        return k;
    }

    /**
     * {@return the product of the extents of loops {@code [from, to)}; 1 for an empty range}
     *
     * @param from the first loop, inclusive
     * @param to the last loop, exclusive
     */
    public long product(int from, int to) {
        long p = 1;
        for (int j = from; j < to; j++) {
            p *= extents[j];
        }
        return p;
    }

    /**
     * {@return the split of this nest at depth {@code d} with {@code group} outer iterations per chunk}
     *
     * @param d the split depth: loops {@code [0, d)} are outer
     * @param group outer iterations per chunk, {@code r}
     * @throws IllegalArgumentException if {@code d} is outside {@code [0, N]} or {@code group < 1}
     */
    public Split split(int d, long group) {
        return new Split(this, d, group);
    }

    /** A description like {@code t=5 × z=7 × y=46 × x=72}. */
    @Override
    public String toString() {
        StringBuilder s = new StringBuilder();
        for (int j = 0; j < extents.length; j++) {
            if (j > 0) {
                s.append(" × ");
            }
            s.append(names[j]).append('=').append(extents[j]);
        }
        return s.toString();
    }
}
