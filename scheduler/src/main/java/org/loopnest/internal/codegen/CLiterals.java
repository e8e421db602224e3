package org.loopnest.internal.codegen;

import org.loopnest.internal.lang.Expr;

/**
 * Prints the literals of the kernel language as C that gives back the same value on OpenCL C and CUDA C: floats
 * by {@link Float#toString} with an {@code f} suffix ({@code 1.0E-5f}), doubles by {@link Double#toString},
 * non-finite values through the kernel's {@code ln_nan()}/{@code ln_inf()} (see {@link NonFiniteUse}),
 * {@code long}s through {@code LN_C(...)}, and the most negative integers as a difference (C has no negative
 * literals: {@code -2147483648} would be a {@code long}). Stateless.
 *
 * <p>NaN and infinity are never printed as C constants ({@code NAN}, {@code INFINITY}): a compiler that knows a NaN
 * at compile time may fold it into a value LLVM treats as poison, and PoCL 3.1 then drops the kernel's stores
 * ({@code floor(NAN)}, {@code pow(1.0f, NAN)}; measured). {@code ln_nan()} reads the NaN through a
 * {@code volatile}, which no compiler may see through.
 */
final class CLiterals {
    /** A {@code float} quiet NaN that no compiler knows at compile time (defined by {@link NonFiniteUse}). */
    static final String NAN = "ln_nan()";
    /** A {@code float} +∞ that no compiler knows at compile time (defined by {@link NonFiniteUse}). */
    static final String INFINITY = "ln_inf()";

    private CLiterals() {
    }

    /**
     * {@return {@code literal} as a C primary expression (parenthesised when it has a sign)}
     *
     * @throws IllegalArgumentException if the value's class does not match the literal's type
     */
    static String print(Expr.Literal literal) {
        Object value = literal.value();
        return switch (literal.type()) {
            case BOOL -> ((Boolean) value) ? "true" : "false";
            case INT -> ofInt((Integer) value);
            case LONG -> ofLong((Long) value);
            case FLOAT -> ofFloat((Float) value);
            case DOUBLE -> ofDouble((Double) value);
        };
    }

    static String ofInt(int v) {
        if (v == Integer.MIN_VALUE) {
            return "(-2147483647 - 1)";
        }
        return v < 0 ? "(" + v + ")" : Integer.toString(v);
    }

    static String ofLong(long v) {
        if (v == Long.MIN_VALUE) {
            return "(-LN_C(9223372036854775807) - LN_C(1))";
        }
        return v < 0 ? "(-LN_C(" + -v + "))" : "LN_C(" + v + ")";
    }

    static String ofFloat(float v) {
        if (Float.isNaN(v)) {
            return NAN;
        }
        if (Float.isInfinite(v)) {
            return v > 0 ? INFINITY : "(-" + INFINITY + ")";
        }
        String text = Float.toString(Math.abs(v)) + "f";
        return sign(v < 0 || isNegativeZero(v), text);
    }

    static String ofDouble(double v) {
        if (Double.isNaN(v)) {
            return "((double) " + NAN + ")";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "((double) " + INFINITY + ")" : "(-(double) " + INFINITY + ")";
        }
        return sign(v < 0 || Double.doubleToRawLongBits(v) == Long.MIN_VALUE, Double.toString(Math.abs(v)));
    }

    private static boolean isNegativeZero(float v) {
        return Float.floatToRawIntBits(v) == Integer.MIN_VALUE;
    }

    private static String sign(boolean negative, String magnitude) {
        return negative ? "(-" + magnitude + ")" : magnitude;
    }
}
