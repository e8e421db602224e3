package org.loopnest.data;

import java.lang.reflect.Array;
import java.nio.Buffer;
import org.loopnest.internal.data.ElementCopier;

/** A one-dimensional primitive array, row-major or strided over the indices it is bound with. */
public final class FlatHolder extends LinearHolder {
    private final Object array;

    FlatHolder(Object array, ElementType type, long offset, long[] strides) {
        super(type, offset, strides);
        this.array = array;
    }

    /** {@return the user's array ({@code float[]}, …)} */
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
        return ElementCopier.wrap(array);
    }

    @Override
    LinearHolder moved(long deltaElements, long[] strides) {
        return new FlatHolder(array, type(), offset() + deltaElements, strides.clone());
    }
}
