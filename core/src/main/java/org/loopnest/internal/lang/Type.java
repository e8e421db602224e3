package org.loopnest.internal.lang;

import org.loopnest.data.ElementType;

/**
 * The types of the kernel language: {@code bool} and the four numeric types, which are the array element types.
 * Numeric types are ordered by C's usual arithmetic conversions: {@code int < long < float < double}.
 */
public enum Type {
    /** {@code true} or {@code false}; never converted to or from a number implicitly. */
    BOOL("bool"),
    /** 32-bit signed two's-complement integer. */
    INT("int"),
    /** 64-bit signed two's-complement integer (the type of loop indices). */
    LONG("long"),
    /** IEEE 754 binary32. */
    FLOAT("float"),
    /** IEEE 754 binary64. */
    DOUBLE("double");

    private final String keyword;

    Type(String keyword) {
        this.keyword = keyword;
    }

    /** {@return the type's keyword in the kernel language, e.g. {@code float}} */
    public String keyword() {
        return keyword;
    }

    /** {@return whether the type is {@code int}, {@code long}, {@code float} or {@code double}} */
    public boolean isNumeric() {
        return this != BOOL;
    }

    /** {@return whether the type is {@code int} or {@code long}} */
    public boolean isInteger() {
        return this == INT || this == LONG;
    }

    /** {@return whether the type is {@code float} or {@code double}} */
    public boolean isFloating() {
        return this == FLOAT || this == DOUBLE;
    }

    /**
     * {@return the type both operands of a numeric binary operator are converted to: the later of the two in
     * {@code int, long, float, double} (C's usual arithmetic conversions, which Java's binary numeric promotion
     * matches for these types)}
     *
     * @param a a numeric type
     * @param b a numeric type
     * @throws IllegalArgumentException if either is {@link #BOOL}
     */
    public static Type common(Type a, Type b) {
        if (!a.isNumeric() || !b.isNumeric()) {
            throw new IllegalArgumentException("no arithmetic conversion between " + a + " and " + b);
        }
        return a.ordinal() >= b.ordinal() ? a : b;
    }

    /**
     * {@return the language type of an array's elements}
     *
     * @param element an array element type
     */
    public static Type of(ElementType element) {
        return switch (element) {
            case FLOAT -> FLOAT;
            case DOUBLE -> DOUBLE;
            case INT -> INT;
            case LONG -> LONG;
        };
    }

    /** The keyword. */
    @Override
    public String toString() {
        return keyword;
    }
}
