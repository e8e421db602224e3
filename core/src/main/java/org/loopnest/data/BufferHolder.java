package org.loopnest.data;

import java.nio.Buffer;
import java.nio.ByteBuffer;

/** A {@link ByteBuffer} holding elements in its own byte order, from its position at binding time. */
public final class BufferHolder extends LinearHolder {
    private final ByteBuffer buffer;

    BufferHolder(ByteBuffer buffer, ElementType type, long offset, long[] strides) {
        super(type, offset, strides);
        this.buffer = buffer.duplicate().order(buffer.order());
    }

    @Override
    public Object storage() {
        return buffer;
    }

    @Override
    public long capacity() {
        return buffer.remaining() / type().bytes();
    }

    @Override
    public Buffer typedView() {
        ByteBuffer view = buffer.duplicate().order(buffer.order());
        return switch (type()) {
            case FLOAT -> view.asFloatBuffer();
            case DOUBLE -> view.asDoubleBuffer();
            case INT -> view.asIntBuffer();
            case LONG -> view.asLongBuffer();
        };
    }
}
