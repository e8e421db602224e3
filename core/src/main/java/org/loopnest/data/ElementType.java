package org.loopnest.data;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

/**
 * The element types a bound array may hold, and everything that differs between them: the size in bytes, the Java
 * primitive and NIO buffer classes, the type's name in generated C kernels, and, in the runtime (not API), the
 * operations (wrapping, copying, clearing, views) that {@code org.loopnest.internal.data.ElementOps} keeps for it. Adding a type is one constant here,
 * one more {@code <specialise>} line in {@code core/pom.xml} (see the package documentation) and its accessor on a
 * kernel's arrays. Immutable; safe from any thread.
 */
public enum ElementType {
    /** 32-bit IEEE float. */
    FLOAT(Float.BYTES, float.class, FloatBuffer.class, "float"),
    /** 64-bit IEEE double. */
    DOUBLE(Double.BYTES, double.class, DoubleBuffer.class, "double"),
    /** 32-bit signed integer. */
    INT(Integer.BYTES, int.class, IntBuffer.class, "int"),
    /** 64-bit signed integer. */
    LONG(Long.BYTES, long.class, LongBuffer.class, "LN_I64");

    private static final ElementType[] ALL = values();

    private final int bytes;
    private final Class<?> primitive;
    private final Class<? extends Buffer> bufferType;
    private final String cName;

    ElementType(int bytes, Class<?> primitive, Class<? extends Buffer> bufferType, String cName) {
        this.bytes = bytes;
        this.primitive = primitive;
        this.bufferType = bufferType;
        this.cName = cName;
    }

    /** {@return the size of one element in bytes} */
    public int bytes() {
        return bytes;
    }

    /** {@return the Java primitive class, e.g. {@code float.class}} */
    public Class<?> primitive() {
        return primitive;
    }

    /** {@return the NIO buffer class typed views of this type extend, e.g. {@code FloatBuffer.class}} */
    public Class<? extends Buffer> bufferType() {
        return bufferType;
    }

    /**
     * {@return the type's name in generated OpenCL and CUDA C kernels: {@code float}, {@code double}, {@code int}, and
     * {@code LN_I64} for {@code long} (a macro of the kernels' preamble: a 64-bit integer on both)}
     */
    public String cName() {
        return cName;
    }

    /**
     * {@return the type whose primitive is {@code component}, or {@code null} if it is not one of the four}
     *
     * @param component a primitive class, such as {@code float.class}
     */
    public static ElementType ofPrimitive(Class<?> component) {
        for (ElementType type : ALL) {
            if (type.primitive == component) {
                return type;
            }
        }
        return null;
    }

    /**
     * The type of the elements of a typed buffer, as {@link #ofPrimitive} is for a primitive class.
     *
     * @param typed a typed buffer
     * @return its element type
     * @throws ClassCastException if {@code typed} is not a {@code FloatBuffer}, {@code DoubleBuffer},
     *     {@code IntBuffer} or {@code LongBuffer}
     */
    public static ElementType ofBuffer(Buffer typed) {
        for (ElementType type : ALL) {
            if (type.bufferType.isInstance(typed)) {
                return type;
            }
        }
        throw new ClassCastException("buffer is a " + typed.getClass().getSimpleName()
                + " (expected: a FloatBuffer, DoubleBuffer, IntBuffer or LongBuffer)");
    }

    /** The lower-case Java name, e.g. {@code float}. */
    @Override
    public String toString() {
        return primitive.getName();
    }
}
