package org.loopnest.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * Copies a run of elements between two typed buffers of the same element type (heap-wrapped arrays, user
 * buffers, packed chunk buffers), with a stride on each side, or clears one. Stride 1 on both sides is one bulk copy
 * (a memory copy when the byte orders agree). Each call finds the element type from the buffer and runs that type's
 * code ({@link ElementType}). Stateless; buffers belong to the caller's thread.
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
        ElementType.ofBuffer(src).ops().copy(src, srcPos, srcStride, dst, dstPos, dstStride, count);
    }

    /**
     * Sets {@code count} elements {@code dst[pos + m·stride]} to 0: one {@code Arrays.fill} for a run of an array.
     *
     * @throws IndexOutOfBoundsException if an element lies outside {@code dst}
     */
    public static void clear(Buffer dst, int pos, int stride, int count) {
        ElementType.ofBuffer(dst).ops().clear(dst, pos, stride, count);
    }

    /** A typed view ({@code FloatBuffer}, …) of a byte buffer, element 0 at byte 0, in the buffer's order. */
    public static Buffer typed(ByteBuffer bytes, ElementType type) {
        return type.ops().view(bytes.duplicate().order(bytes.order()).clear());
    }

    /**
     * A typed buffer over a whole primitive array ({@code float[]} → {@code FloatBuffer}, …; a jagged array's leaf
     * row), sharing it.
     *
     * @throws ClassCastException if {@code row} is not a {@code float[]}, {@code double[]}, {@code int[]} or
     *     {@code long[]}
     */
    public static Buffer wrap(Object row) {
        ElementType type = ElementType.ofPrimitive(row.getClass().getComponentType());
        if (type == null) {
            throw new ClassCastException("row is a " + row.getClass().getSimpleName()
                    + " (expected: float[], double[], int[] or long[])");
        }
        return type.ops().wrap(row);
    }
}
