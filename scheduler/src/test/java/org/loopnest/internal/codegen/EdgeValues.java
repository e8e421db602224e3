package org.loopnest.internal.codegen;

import org.loopnest.internal.lang.Type;

/**
 * The input values of {@link BodyCases}: the edges of each type (0, −0, ±1, the extremes, NaN, ±∞, subnormals,
 * shift counts around the width) spread over the iterations, {@code x} and {@code y} in different orders.
 */
enum EdgeValues {
    /** Every edge value. */
    ANY,
    /** No zero divisor and no most-negative ÷ −1 (undefined in C, an exception in Java). */
    DIVISIBLE,
    /** Finite values inside {@code int}'s range only (C leaves other floating-to-integer conversions undefined). */
    IN_INT_RANGE;

    private static final long[] INTEGERS = {0, 1, -1, 2, -2, 3, -7, 7, 31, 32, 33, 63, 64, 100, -100, 12345, -98765,
        Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 30, -(1 << 30), 5, -5, 17};
    private static final long[] LONGS = {Long.MAX_VALUE, Long.MIN_VALUE, 1L << 40, -(1L << 40), 0x123456789L};
    private static final double[] FLOATING = {0.0, -0.0, 1, -1, 0.5, -2.5, 3.75, 100, -1000.25, 1e-3, 0.1, 2, 10,
        1e10, -1e-10, 0.75, -0.75, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    private static final float[] FLOATS = {1e-40f, -1e-40f, Float.MAX_VALUE, Float.MIN_NORMAL, Float.MIN_VALUE};
    private static final double[] DOUBLES = {1e-310, -1e-310, Double.MAX_VALUE, Double.MIN_NORMAL, 1e300};

    /**
     * {@return the values of input {@code x} ({@code second} false) or {@code y} as an array of {@code type}'s
     * primitive}
     */
    Object values(Type type, int length, boolean second) {
        return switch (type) {
            case INT -> ints(length, second);
            case LONG -> longs(length, second);
            case FLOAT -> floats(length, second);
            case DOUBLE -> doubles(length, second);
            case BOOL -> throw new IllegalArgumentException("no bool inputs (expected: a numeric type)");
        };
    }

    private static int position(int k, int n, boolean second) {
        return second ? (k * 7 + 3) % n : k % n;
    }

    private int[] ints(int length, boolean second) {
        int[] v = new int[length];
        for (int k = 0; k < length; k++) {
            v[k] = (int) INTEGERS[position(k, INTEGERS.length, second)];
            if (this == DIVISIBLE && second) {
                int x = (int) INTEGERS[position(k, INTEGERS.length, false)];
                v[k] = v[k] == 0 ? 1 : x == Integer.MIN_VALUE && v[k] == -1 ? 2 : v[k];
            }
        }
        return v;
    }

    private long[] longs(int length, boolean second) {
        long[] all = new long[INTEGERS.length + LONGS.length];
        System.arraycopy(INTEGERS, 0, all, 0, INTEGERS.length);
        System.arraycopy(LONGS, 0, all, INTEGERS.length, LONGS.length);
        long[] v = new long[length];
        for (int k = 0; k < length; k++) {
            v[k] = all[position(k, all.length, second)];
            if (this == DIVISIBLE && second) {
                long x = all[position(k, all.length, false)];
                v[k] = v[k] == 0 ? 1 : x == Long.MIN_VALUE && v[k] == -1 ? 2 : v[k];
            }
        }
        return v;
    }

    private float[] floats(int length, boolean second) {
        float[] v = new float[length];
        int n = FLOATING.length + FLOATS.length;
        for (int k = 0; k < length; k++) {
            int p = position(k, n, second);
            v[k] = inRange(p < FLOATING.length ? (float) FLOATING[p] : FLOATS[p - FLOATING.length], k);
        }
        return v;
    }

    private double[] doubles(int length, boolean second) {
        double[] v = new double[length];
        int n = FLOATING.length + DOUBLES.length;
        for (int k = 0; k < length; k++) {
            int p = position(k, n, second);
            v[k] = inRange(p < FLOATING.length ? FLOATING[p] : DOUBLES[p - FLOATING.length], k);
        }
        return v;
    }

    private float inRange(float v, int k) {
        return (float) inRange((double) v, k);
    }

    private double inRange(double v, int k) {
        boolean out = Double.isNaN(v) || Math.abs(v) >= 2147483647.0;
        return this == IN_INT_RANGE && out ? k - 20.5 : v;
    }
}
