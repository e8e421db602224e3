package org.loopnest.internal.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;

/**
 * What differs between element types, for each {@link ElementType}: wrapping arrays and bytes in typed buffers,
 * copying and clearing runs, making views. {@link FloatOps} is written by hand; {@code DoubleOps}, {@code IntOps} and
 * {@code LongOps} are generated from it (see the package documentation).
 *
 * <p>Stateless: one instance per type, used from any thread. Each method casts its arguments to its own type and
 * throws {@link ClassCastException} for another.
 */
abstract class ElementOps {
    private static final ElementOps FLOAT = new FloatOps();
    private static final ElementOps DOUBLE = new DoubleOps();
    private static final ElementOps INT = new IntOps();
    private static final ElementOps LONG = new LongOps();

    /** The operations for {@code type}. */
    static ElementOps of(ElementType type) {
        return switch (type) {
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case INT -> INT;
            case LONG -> LONG;
        };
    }

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
