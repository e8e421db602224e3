package org.loopnest.data;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

/** A one-dimensional primitive array, row-major or strided over the indices it is bound with. */
public final class FlatHolder extends LinearHolder {
    private final Object array;

    FlatHolder(Object array, ElementType type, long offset, long[] strides) {
        super(type, offset, strides);
        this.array = array;
    }

    /** The user's array ({@code float[]}, …). */
    public Object array() {
        return array;
    }

    @Override
    public Object storage() {
        return array;
    }

    @Override
    public long capacity() {
        return Array.getLength(array);
    }

    @Override
    public Buffer typedView() {
        return switch (type()) {
            case FLOAT -> FloatBuffer.wrap((float[]) array);
            case DOUBLE -> DoubleBuffer.wrap((double[]) array);
            case INT -> IntBuffer.wrap((int[]) array);
            case LONG -> LongBuffer.wrap((long[]) array);
        };
    }
}
