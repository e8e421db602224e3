package org.loopnest.internal.lang;

import java.util.Locale;

/**
 * The built-in math functions. Each exists for {@code float} and for {@code double}: a call's type is
 * {@code double} if any argument is {@code double}, else {@code float}; its arguments are converted to that type.
 * {@link #ISNAN} and {@link #ISINF} give {@code bool}. At least one argument must be {@code float} or
 * {@code double} (an all-integer call is refused: C's and OpenCL's overloads would disagree on it).
 */
public enum MathFunction {
    /** e<sup>x</sup>. */ EXP(1),
    /** Natural logarithm. */ LOG(1),
    /** Base-10 logarithm. */ LOG10(1),
    /** x<sup>y</sup>. */ POW(2),
    /** Square root. */ SQRT(1),
    /** Cube root. */ CBRT(1),
    /** Absolute value. */ FABS(1),
    /** The smaller; the other if one is NaN. */ FMIN(2),
    /** The larger; the other if one is NaN. */ FMAX(2),
    /** Largest integral value not greater. */ FLOOR(1),
    /** Smallest integral value not less. */ CEIL(1),
    /** Remainder of x/y truncated toward zero, with x's sign (C's {@code fmod}, Java's floating {@code %}). */
    FMOD(2),
    /** Sine. */ SIN(1),
    /** Cosine. */ COS(1),
    /** Tangent. */ TAN(1),
    /** Arc sine. */ ASIN(1),
    /** Arc cosine. */ ACOS(1),
    /** Arc tangent. */ ATAN(1),
    /** Arc tangent of y/x in the right quadrant; called {@code atan2(y, x)}. */ ATAN2(2),
    /** Hyperbolic sine. */ SINH(1),
    /** Hyperbolic cosine. */ COSH(1),
    /** Hyperbolic tangent. */ TANH(1),
    /** Whether the argument is NaN ({@code bool}). */ ISNAN(1),
    /** Whether the argument is ±∞ ({@code bool}). */ ISINF(1);

    private final int arity;

    MathFunction(int arity) {
        this.arity = arity;
    }

    /** {@return the number of arguments} */
    public int arity() {
        return arity;
    }

    /** {@return whether the result is {@code bool} (a test) rather than the arguments' type} */
    public boolean isTest() {
        return this == ISNAN || this == ISINF;
    }

    /** {@return the name as written in the kernel language, C and OpenCL, e.g. {@code atan2}} */
    public String languageName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the function named {@code name} in the kernel language, or {@code null}}
     *
     * @param name a name as written
     */
    public static MathFunction named(String name) {
        for (MathFunction f : values()) {
            if (f.languageName().equals(name)) {
                return f;
            }
        }
        return null;
    }
}
