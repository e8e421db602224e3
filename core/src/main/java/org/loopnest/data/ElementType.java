package org.loopnest.data;

/** The element types a bound array may hold, with their size in bytes. */
public enum ElementType {
    /** 32-bit IEEE float. */
    FLOAT(Float.BYTES, float.class),
    /** 64-bit IEEE double. */
    DOUBLE(Double.BYTES, double.class),
    /** 32-bit signed integer. */
    INT(Integer.BYTES, int.class),
    /** 64-bit signed integer. */
    LONG(Long.BYTES, long.class);

    private final int bytes;
    private final Class<?> primitive;

    ElementType(int bytes, Class<?> primitive) {
        this.bytes = bytes;
        this.primitive = primitive;
    }

    /** The size of one element in bytes. */
    public int bytes() {
        return bytes;
    }

    /** The Java primitive class, e.g. {@code float.class}. */
    public Class<?> primitive() {
        return primitive;
    }

    /** The type whose primitive is {@code component}, or {@code null} if it is not one of the four. */
    public static ElementType ofPrimitive(Class<?> component) {
        for (ElementType type : values()) {
            if (type.primitive == component) {
                return type;
            }
        }
        return null;
    }

    /** The lower-case Java name, e.g. {@code float}. */
    @Override
    public String toString() {
        return primitive.getName();
    }
}
