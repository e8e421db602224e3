package org.loopnest.internal.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.FloatBuffer;
import java.util.Arrays;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;

// TEMPLATE: DoubleOps, IntOps and LongOps are generated from this file (see package-info and core/pom.xml).
/**
 * The {@code float} operations behind {@link ElementType#FLOAT}. Stride 1 on both sides of a copy is one bulk copy (a
 * memory copy when the byte orders agree); a clear of a run of an array is one {@code Arrays.fill}. Stateless.
 */
final class FloatOps extends ElementOps {
    private static final float ZERO = 0;

    @Override
    Buffer wrap(Object array) {
        return FloatBuffer.wrap((float[]) array);
    }

    @Override
    Buffer view(ByteBuffer bytes) {
        return bytes.asFloatBuffer();
    }

    @Override
    void copy(Buffer src, int srcPos, int srcStride, Buffer dst, int dstPos, int dstStride, int count) {
        FloatBuffer s = (FloatBuffer) src;
        FloatBuffer d = (FloatBuffer) dst;
        if (srcStride == 1 && dstStride == 1) {
            d.put(dstPos, s, srcPos, count);
            return;
        }
        for (int m = 0; m < count; m++) {
            d.put(dstPos + m * dstStride, s.get(srcPos + m * srcStride));
        }
    }

    @Override
    void clear(Buffer dst, int pos, int stride, int count) {
        FloatBuffer d = (FloatBuffer) dst;
        if (stride == 1 && d.hasArray()) {
            int from = d.arrayOffset() + pos;
            Arrays.fill(d.array(), from, from + count, ZERO);
            return;
        }
        for (int m = 0; m < count; m++) {
            d.put(pos + m * stride, ZERO);
        }
    }

    @Override
    Object arrayView(Object array, Addressing at, ArrayBinding binding) {
        return FloatViews.array((float[]) array, at, binding);
    }

    @Override
    Object bufferView(Buffer typed, Addressing at, ArrayBinding binding) {
        return FloatViews.buffer((FloatBuffer) typed, at, binding);
    }

    @Override
    Object jaggedView(JaggedRows rows, ArrayBinding binding) {
        return FloatViews.jagged(rows, binding);
    }
}
