package org.loopnest.internal.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.loopnest.data.ElementType;

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
     * @param src the source buffer
     * @param srcPos the position of the first element read
     * @param srcStride the step between elements read
     * @param dst the destination buffer, of the same element type
     * @param dstPos the position of the first element written
     * @param dstStride the step between elements written
     * @param count how many elements
     * @throws ClassCastException if the two buffers hold different element types
     */
    public static void copy(Buffer src, int srcPos, int srcStride, Buffer dst, int dstPos, int dstStride, int count) {
        ElementOps.of(ElementType.ofBuffer(src)).copy(src, srcPos, srcStride, dst, dstPos, dstStride, count);
    }

    /**
     * Sets {@code count} elements {@code dst[pos + m·stride]} to 0: one {@code Arrays.fill} for a run of an array.
     *
     * @param dst the buffer
     * @param pos the position of the first element cleared
     * @param stride the step between elements cleared
     * @param count how many elements
     * @throws IndexOutOfBoundsException if an element lies outside {@code dst}
     */
    public static void clear(Buffer dst, int pos, int stride, int count) {
        ElementOps.of(ElementType.ofBuffer(dst)).clear(dst, pos, stride, count);
    }

    /**
     * {@return a typed view ({@code FloatBuffer}, …) of a byte buffer, element 0 at byte 0, in the buffer's order}
     *
     * @param bytes the bytes, not copied
     * @param type the element type of the view
     */
    public static Buffer typed(ByteBuffer bytes, ElementType type) {
        return ElementOps.of(type).view(bytes.duplicate().order(bytes.order()).clear());
    }

    /**
     * {@return a typed buffer over a whole primitive array ({@code float[]} → {@code FloatBuffer}, …; a jagged array's
     * leaf row), sharing it}
     *
     * @param row the array, not copied
     * @throws ClassCastException if {@code row} is not a {@code float[]}, {@code double[]}, {@code int[]} or
     *     {@code long[]}
     */
    public static Buffer wrap(Object row) {
        ElementType type = ElementType.ofPrimitive(row.getClass().getComponentType());
        if (type == null) {
            throw new ClassCastException("row is a " + row.getClass().getSimpleName()
                    + " (expected: float[], double[], int[] or long[])");
        }
        return ElementOps.of(type).wrap(row);
    }
}
