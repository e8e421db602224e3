package org.loopnest.data;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;

/**
 * Copies a run of elements between two typed buffers of the same element type (heap-wrapped arrays, user
 * buffers, packed chunk buffers), with a stride on each side, or clears one. Stride 1 on both sides is one bulk copy
 * (a memory copy when the byte orders agree).
 */
public final class ElementCopier {
    private ElementCopier() {
    }

    /**
     * Copies {@code count} elements from {@code src[srcPos + m·srcStride]} to {@code dst[dstPos + m·dstStride]}.
     *
     * @throws ClassCastException if the two buffers hold different element types
     */
    public static void copy(Buffer src, int srcPos, int srcStride, Buffer dst, int dstPos, int dstStride, int count) {
        if (src instanceof FloatBuffer s) {
            copyFloats(s, srcPos, srcStride, (FloatBuffer) dst, dstPos, dstStride, count);
        } else if (src instanceof DoubleBuffer s) {
            copyDoubles(s, srcPos, srcStride, (DoubleBuffer) dst, dstPos, dstStride, count);
        } else if (src instanceof IntBuffer s) {
            copyInts(s, srcPos, srcStride, (IntBuffer) dst, dstPos, dstStride, count);
        } else {
            copyLongs((LongBuffer) src, srcPos, srcStride, (LongBuffer) dst, dstPos, dstStride, count);
        }
    }

    private static void copyFloats(FloatBuffer s, int sp, int ss, FloatBuffer d, int dp, int ds, int n) {
        if (ss == 1 && ds == 1) {
            d.put(dp, s, sp, n);
            return;
        }
        for (int m = 0; m < n; m++) {
            d.put(dp + m * ds, s.get(sp + m * ss));
        }
    }

    private static void copyDoubles(DoubleBuffer s, int sp, int ss, DoubleBuffer d, int dp, int ds, int n) {
        if (ss == 1 && ds == 1) {
            d.put(dp, s, sp, n);
            return;
        }
        for (int m = 0; m < n; m++) {
            d.put(dp + m * ds, s.get(sp + m * ss));
        }
    }

    private static void copyInts(IntBuffer s, int sp, int ss, IntBuffer d, int dp, int ds, int n) {
        if (ss == 1 && ds == 1) {
            d.put(dp, s, sp, n);
            return;
        }
        for (int m = 0; m < n; m++) {
            d.put(dp + m * ds, s.get(sp + m * ss));
        }
    }

    private static void copyLongs(LongBuffer s, int sp, int ss, LongBuffer d, int dp, int ds, int n) {
        if (ss == 1 && ds == 1) {
            d.put(dp, s, sp, n);
            return;
        }
        for (int m = 0; m < n; m++) {
            d.put(dp + m * ds, s.get(sp + m * ss));
        }
    }

    /**
     * Sets {@code count} elements {@code dst[pos + m·stride]} to 0: one {@code Arrays.fill} for a run of an array.
     *
     * @throws IndexOutOfBoundsException if an element lies outside {@code dst}
     */
    public static void clear(Buffer dst, int pos, int stride, int count) {
        if (stride == 1 && dst.hasArray()) {
            int from = dst.arrayOffset() + pos;
            Object array = dst.array();
            if (array instanceof float[] f) {
                Arrays.fill(f, from, from + count, 0f);
            } else if (array instanceof double[] d) {
                Arrays.fill(d, from, from + count, 0d);
            } else if (array instanceof int[] i) {
                Arrays.fill(i, from, from + count, 0);
            } else {
                Arrays.fill((long[]) array, from, from + count, 0L);
            }
            return;
        }
        if (dst instanceof FloatBuffer f) {
            for (int m = 0; m < count; m++) {
                f.put(pos + m * stride, 0f);
            }
        } else if (dst instanceof DoubleBuffer d) {
            for (int m = 0; m < count; m++) {
                d.put(pos + m * stride, 0d);
            }
        } else if (dst instanceof IntBuffer i) {
            for (int m = 0; m < count; m++) {
                i.put(pos + m * stride, 0);
            }
        } else {
            LongBuffer l = (LongBuffer) dst;
            for (int m = 0; m < count; m++) {
                l.put(pos + m * stride, 0L);
            }
        }
    }

    /** A typed view ({@code FloatBuffer}, …) of a byte buffer, element 0 at byte 0, in the buffer's order. */
    public static Buffer typed(java.nio.ByteBuffer bytes, ElementType type) {
        java.nio.ByteBuffer whole = bytes.duplicate().order(bytes.order()).clear();
        return switch (type) {
            case FLOAT -> whole.asFloatBuffer();
            case DOUBLE -> whole.asDoubleBuffer();
            case INT -> whole.asIntBuffer();
            case LONG -> whole.asLongBuffer();
        };
    }

    /**
     * A typed buffer over a whole primitive array ({@code float[]} → {@code FloatBuffer}, …; a jagged array's leaf
     * row), sharing it.
     *
     * @throws ClassCastException if {@code row} is not a {@code float[]}, {@code double[]}, {@code int[]} or
     *     {@code long[]}
     */
    public static Buffer wrap(Object row) {
        if (row instanceof float[] f) {
            return FloatBuffer.wrap(f);
        }
        if (row instanceof double[] d) {
            return DoubleBuffer.wrap(d);
        }
        if (row instanceof int[] i) {
            return IntBuffer.wrap(i);
        }
        return LongBuffer.wrap((long[]) row);
    }
}
