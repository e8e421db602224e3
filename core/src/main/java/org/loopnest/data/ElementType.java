package org.loopnest.data;

import java.nio.Buffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

/**
 * The element types a bound array may hold, and everything that differs between them: the size in bytes, the Java
 * primitive and NIO buffer classes, the type's name in generated C kernels, and the operations (wrapping, copying,
 * clearing, views) that {@link ElementCopier} and {@link Views} reach through it. Adding a type is one constant here,
 * one more {@code <specialise>} line in {@code core/pom.xml} (see the package documentation) and its accessor on a
 * kernel's arrays. Immutable; safe from any thread.
 */
public enum ElementType {
    /** 32-bit IEEE float. */
    FLOAT(Float.BYTES, float.class, FloatBuffer.class, "float", new FloatOps()),
    /** 64-bit IEEE double. */
    DOUBLE(Double.BYTES, double.class, DoubleBuffer.class, "double", new DoubleOps()),
    /** 32-bit signed integer. */
    INT(Integer.BYTES, int.class, IntBuffer.class, "int", new IntOps()),
    /** 64-bit signed integer. */
    LONG(Long.BYTES, long.class, LongBuffer.class, "LN_I64", new LongOps());

    private static final ElementType[] ALL = values();

    private final int bytes;
    private final Class<?> primitive;
    private final Class<? extends Buffer> bufferType;
    private final String cName;
    private final ElementOps ops;

    ElementType(int bytes, Class<?> primitive, Class<? extends Buffer> bufferType, String cName, ElementOps ops) {
        this.bytes = bytes;
        this.primitive = primitive;
        this.bufferType = bufferType;
        this.cName = cName;
        this.ops = ops;
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

    /** The operations for this type. */
    ElementOps ops() {
        return ops;
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
     * The type of the elements of a typed buffer.
     *
     * @throws ClassCastException if {@code typed} is not a {@code FloatBuffer}, {@code DoubleBuffer},
     *     {@code IntBuffer} or {@code LongBuffer}
     */
    static ElementType ofBuffer(Buffer typed) {
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
