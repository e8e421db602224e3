package org.loopnest.internal.lang;

/**
 * The Java reference of each math function, in {@code double}, with C's rules where {@link Math}'s differ:
 * {@code fmin}/{@code fmax} return the other argument when one is NaN, and {@code pow(1, y)} is 1 for every
 * {@code y} (NaN too) and {@code pow(-1, ±∞)} is 1, where {@link Math#pow} gives NaN. Shared by the JVM target's
 * tests (core) and the tests of every device's bodies (scheduler, through the test-jar).
 */
public final class CMathReference {
    private CMathReference() {
    }

    /**
     * {@return {@code f(a)} or {@code f(a, b)}; 1 or 0 for the tests}
     *
     * @param f the function
     * @param a the first argument
     * @param b the second argument (ignored by one-argument functions)
     */
    public static double apply(MathFunction f, double a, double b) {
        return switch (f) {
            case EXP -> Math.exp(a);
            case LOG -> Math.log(a);
            case LOG10 -> Math.log10(a);
            case POW -> Math.abs(a) == 1 && (Double.isNaN(b) || Double.isInfinite(b)) && (a == 1 || !Double.isNaN(b))
                    ? 1 : Math.pow(a, b); // C99 F.9.4.4: pow(+1, y) and pow(-1, ±inf) are 1; Math.pow gives NaN
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
