package org.loopnest.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import org.loopnest.internal.data.ElementCopier;

/** A {@link ByteBuffer} holding elements in its own byte order, from its position at binding time. */
public final class BufferHolder extends LinearHolder {
    private final ByteBuffer given;
    private final ByteBuffer buffer;

    BufferHolder(ByteBuffer buffer, ElementType type, long offset, long[] strides) {
        this(buffer, buffer.duplicate().order(buffer.order()), type, offset, strides);
    }

    /** A holder of {@code given}'s bytes as {@code asBound} has them (its position then): one level of a column. */
    private BufferHolder(ByteBuffer given, ByteBuffer asBound, ElementType type, long offset, long[] strides) {
        super(type, offset, strides);
        this.given = given;
        this.buffer = asBound;
    }

    /** The caller's buffer itself, so that the same buffer bound twice is recognised. */
    @Override
    public Object storage() {
        return given;
    }

    /** The buffer as it was when bound (its position then is element 0's byte, before the offset). Not a copy. */
    ByteBuffer bytes() {
        return buffer;
    }

    /** {@return whether the buffer refuses writes} */
    public boolean isReadOnly() {
        return buffer.isReadOnly();
    }

    @Override
    public long capacity() {
        return buffer.remaining() / type().bytes();
    }

    @Override
    public Buffer typedView() {
        return ElementCopier.typed(buffer.slice().order(buffer.order()), type());
    }

    @Override
    LinearHolder moved(long deltaElements, long[] strides) {
        return new BufferHolder(given, buffer, type(), offset() + deltaElements, strides.clone());
    }
}
