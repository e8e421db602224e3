package org.loopnest.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.loopnest.internal.data.HolderAccess;

/**
 * A holder whose elements sit at {@code offset + Σ a_m·stride_m} in one linear store (an array or a buffer).
 * Strides default to row-major over the bound shape.
 */
public abstract sealed class LinearHolder extends Holder permits FlatHolder, BufferHolder, FileHolder {
    static {
        HolderAccess.install(new HolderAccess.Holders() {
            @Override
            public long[] span(LinearHolder holder, long[] shape) {
                return holder.span(shape);
            }

            @Override
            public ByteBuffer bytes(BufferHolder holder) {
                return holder.bytes();
            }
        });
    }

    private final ElementType type;
    private final long offset;
    private final long[] strides;

    LinearHolder(ElementType type, long offset, long[] strides) {
        this.type = type;
        this.offset = offset;
        this.strides = strides;
    }

    @Override
    public ElementType type() {
        return type;
    }

    /** {@return the element position of element {@code (0, …, 0)}} */
    public long offset() {
        return offset;
    }

    /** {@return whether the strides were given explicitly (else row-major)} */
    public boolean isStrided() {
        return strides != null;
    }

    /**
     * {@return the element strides for an array of the given shape: the explicit ones, or row-major}
     *
     * @param shape the extent of each index the array is bound with, in the binding's order
     */
    public long[] strides(long[] shape) {
        if (strides != null) {
            return strides.clone();
        }
        long[] rowMajor = new long[shape.length];
        long s = 1;
        for (int m = shape.length - 1; m >= 0; m--) {
            rowMajor[m] = s;
            s *= shape[m];
        }
        return rowMajor;
    }

    /**
     * {@return a holder of the same store whose element {@code (0, …, 0)} sits {@code deltaElements} further on, with
     * explicit {@code strides}}: one level of a column array, which the bindings of that level address. The store is
     * shared, not copied.
     *
     * @param deltaElements how far element {@code (0, …, 0)} moves, in elements (the level times the axis' stride)
     * @param strides the element strides of the level's own indices
     */
    abstract LinearHolder moved(long deltaElements, long[] strides);

    /** {@return the number of elements the store holds} */
    public abstract long capacity();

    /**
     * {@return a typed NIO view of the whole store ({@code FloatBuffer} for float, …), element 0 first, in the store's
     * byte order} A new view per call: each belongs to the caller's thread.
     */
    public abstract Buffer typedView();

    /**
     * Checks that no two index tuples of {@code shape} reach the same element, as an output needs: with the
     * extents above 1 sorted by stride, each stride must exceed the reach of all smaller ones (a sufficient rule
     * that every row-major, padded or permuted layout meets).
     *
     * @throws IllegalArgumentException naming the strides that let two iterations write one element
     */
    void checkDistinct(String what, long[] shape) {
        if (strides == null) {
            return;
        }
        Integer[] order = new Integer[shape.length];
        for (int m = 0; m < order.length; m++) {
            order[m] = m;
        }
        Arrays.sort(order, (x, y) -> Long.compare(Math.abs(strides[x]), Math.abs(strides[y])));
        long reach = 0;
        for (int m : order) {
            if (shape[m] <= 1) {
                continue;
            }
            long stride = Math.abs(strides[m]);
            if (stride <= reach) {
                throw new IllegalArgumentException(what + ": strides " + Arrays.toString(strides) + " make two "
                        + "iterations write the same element (expected: for an output, each stride larger than "
                        + "the span of the smaller ones, e.g. row-major or padded)");
            }
            reach = Math.addExact(reach, Math.multiplyExact(stride, shape[m] - 1));
        }
    }

    @Override
    void check(String what, long[] shape, String shapeText) {
        long elements = 1;
        for (long n : shape) {
            elements = Math.multiplyExact(elements, n);
        }
        if (strides == null) {
            if (capacity() - offset != elements) {
                throw new IllegalArgumentException(what + ": length " + capacity() + " does not match its indices "
                        + shapeText + " = " + elements + " elements (expected: length " + elements + ")");
            }
            return;
        }
        if (strides.length != shape.length) {
            throw new IllegalArgumentException(what + ": " + strides.length + " strides for indices " + shapeText
                    + " (expected: " + shape.length + ", one per index)");
        }
        if (elements == 0) {
            return;
        }
        long[] span = span(shape);
        if (span == null || span[0] < 0 || span[1] >= capacity()) {
            String reached = span == null ? "reach past the range of a long"
                    : "reach elements [" + span[0] + ", " + span[1] + "] of " + capacity();
            throw new IllegalArgumentException(what + ": offset " + offset + " and strides " + Arrays.toString(strides)
                    + " " + reached + " (expected: within [0, " + (capacity() - 1) + "])");
        }
    }

    /**
     * The lowest and highest element positions an array of the given (non-empty) shape reaches, or {@code null} if
     * they overflow a {@code long} (huge strides), so that a wrapped position never passes for a small one.
     */
    long[] span(long[] shape) {
        long[] each = strides(shape);
        long low = offset;
        long high = offset;
        try {
            for (int m = 0; m < shape.length; m++) {
                long reach = Math.multiplyExact(shape[m] - 1, each[m]);
                if (reach < 0) {
                    low = Math.addExact(low, reach);
                } else {
                    high = Math.addExact(high, reach);
                }
            }
        } catch (ArithmeticException overflow) {
            return null;
        }
        return new long[] {low, high};
    }
}
