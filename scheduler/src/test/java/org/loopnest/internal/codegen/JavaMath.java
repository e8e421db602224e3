package org.loopnest.internal.codegen;

import org.loopnest.internal.lang.MathFunction;

/** The Java reference of each math function, in {@code double}, with C's rules where Java's differ. */
final class JavaMath {
    private JavaMath() {
    }

    /** {@return {@code f(a)} or {@code f(a, b)}; 1 or 0 for the tests} */
    static double apply(MathFunction f, double a, double b) {
        return switch (f) {
            case EXP -> Math.exp(a);
            case LOG -> Math.log(a);
            case LOG10 -> Math.log10(a);
            case POW -> Math.pow(a, b);
            case SQRT -> Math.sqrt(a);
            case CBRT -> Math.cbrt(a);
            case FABS -> Math.abs(a);
            case FMIN -> Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.min(a, b);
            case FMAX -> Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
            case FLOOR -> Math.floor(a);
            case CEIL -> Math.ceil(a);
            case FMOD -> a % b;
            case SIN -> Math.sin(a);
            case COS -> Math.cos(a);
            case TAN -> Math.tan(a);
            case ASIN -> Math.asin(a);
            case ACOS -> Math.acos(a);
            case ATAN -> Math.atan(a);
            case ATAN2 -> Math.atan2(a, b);
            case SINH -> Math.sinh(a);
            case COSH -> Math.cosh(a);
            case TANH -> Math.tanh(a);
            case ISNAN -> Double.isNaN(a) ? 1 : 0;
            case ISINF -> Double.isInfinite(a) ? 1 : 0;
        };
    }
}
