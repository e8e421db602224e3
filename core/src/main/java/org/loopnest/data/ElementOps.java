package org.loopnest.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * What differs between element types, behind {@link ElementType}: wrapping arrays and bytes in typed buffers,
 * copying and clearing runs, making views. {@link FloatOps} is written by hand; {@code DoubleOps}, {@code IntOps} and
 * {@code LongOps} are generated from it (see the package documentation).
 *
 * <p>Stateless: one instance per type, used from any thread. Each method casts its arguments to its own type and
 * throws {@link ClassCastException} for another.
 */
abstract class ElementOps {
    /** A typed buffer sharing the whole primitive array (a {@code float[]} for {@code FloatOps}). */
    abstract Buffer wrap(Object array);

    /** A typed view of {@code bytes} from its position to its limit, in its byte order. */
    abstract Buffer view(ByteBuffer bytes);

    /** Copies {@code count} elements {@code src[srcPos + m·srcStride]} to {@code dst[dstPos + m·dstStride]}. */
    abstract void copy(Buffer src, int srcPos, int srcStride, Buffer dst, int dstPos, int dstStride, int count);

    /** Sets {@code count} elements {@code dst[pos + m·stride]} to 0. */
    abstract void clear(Buffer dst, int pos, int stride, int count);

    /** The view of {@code binding} in the flat primitive array {@code array} at {@code at}. */
    abstract Object arrayView(Object array, Addressing at, ArrayBinding binding);

    /** The view of {@code binding} in the typed buffer {@code typed} at {@code at}. */
    abstract Object bufferView(Buffer typed, Addressing at, ArrayBinding binding);

    /** The view of {@code binding}, a jagged array, through {@code rows}. */
    abstract Object jaggedView(JaggedRows rows, ArrayBinding binding);
}
