package org.loopnest.internal.codegen;

import org.loopnest.internal.lang.CMathReference;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/**
 * Kernel-language bodies with a Java reference of the same expression: every operator for every type, the
 * conversions, every math function for {@code float} and {@code double}, loops with {@code break} and
 * {@code continue} (nested, in helpers too), helpers calling helpers, integer division and modulo by negative
 * numbers, compound shifts with int and long counts beyond the width (masked), and nesting close to the front
 * end's limit (a long chain of operators, nested negations, a long else-if chain). Each runs over one index {@code i}
 * of {@value #LENGTH} iterations with inputs {@code x}, {@code y} of one type and an output {@code r}; input values
 * come from {@link EdgeValues}.
 */
final class BodyCases {
    static final int LENGTH = 64;

    /** What a body computes, per iteration, from its inputs' values (boxed as their types) and the index. */
    @FunctionalInterface
    interface Reference {
        Object apply(Object x, Object y, long i);
    }

    /**
     * A body and its reference.
     *
     * @param name the kernel's name (unique in the corpus)
     * @param in the inputs' type
     * @param out the output's type
     * @param code the body and helpers
     * @param reference the expected value
     * @param ulps how far a floating result may be from the reference, in units in the last place
     * @param inputs which values the inputs take
     */
    record Case(String name, Type in, Type out, DeviceCode code, Reference reference, int ulps, EdgeValues inputs) {
        KernelContext context() {
            return new KernelContext(List.of("i"), List.of(Trees.array("x", in, Role.IN),
                    Trees.array("y", in, Role.IN), Trees.array("r", out, Role.OUT)));
        }

        /** {@return the body checked by the front end} */
        Program check() {
            return KernelLanguage.check(code, context());
        }

        /**
         * {@return how far a floating result may be from the reference on the vector path, in ulps}: the vector
         * path's documented bound (docs/KERNELS.md §8: 1 ulp for a {@code float} call, 2 for a {@code double} one)
         * for each call of a function that SVML computes once the body is compiled, added up (no case nests such
         * calls or subtracts their results); 0 for a body of exact operations only (the arithmetic operators,
         * conversions, {@code sqrt}, {@code fabs}, {@code fmin}, {@code fmax}, {@code floor}, {@code ceil},
         * {@code fmod}, {@code isnan}, {@code isinf}), which the vector path computes as Java does
         */
        int vectorUlps() {
            return Children.expressionsUnder(check()).filter(e -> e instanceof Expr.MathCall m
                    && !EXACT_ON_VECTOR_PATH.contains(m.function()))
                    .mapToInt(e -> e.type() == Type.FLOAT ? 1 : 2).sum();
        }
    }

    /** The math functions that the vector path computes exactly as {@code java.lang.Math} does. */
    private static final Set<MathFunction> EXACT_ON_VECTOR_PATH = EnumSet.of(MathFunction.SQRT, MathFunction.FABS,
            MathFunction.FMIN, MathFunction.FMAX, MathFunction.FLOOR, MathFunction.CEIL, MathFunction.FMOD,
            MathFunction.ISNAN, MathFunction.ISINF);

    private BodyCases() {
    }

    static List<Case> all() {
        List<Case> all = new ArrayList<>();
        integerOperators(all, Type.INT);
        integerOperators(all, Type.LONG);
        floatingOperators(all, Type.FLOAT);
        floatingOperators(all, Type.DOUBLE);
        conversions(all);
        for (Type t : new Type[] {Type.FLOAT, Type.DOUBLE}) {
            for (MathFunction f : MathFunction.values()) {
                all.add(mathCase(f, t));
            }
        }
        loopsAndHelpers(all);
        return all;
    }

    private static Case of(String name, Type in, Type out, String body, Reference reference) {
        return new Case(name, in, out, DeviceCode.of(body).named(name), reference, 0, EdgeValues.ANY);
    }

    private static void integerOperators(List<Case> all, Type t) {
        boolean isInt = t == Type.INT;
        String n = t.keyword();
        all.add(of(n + "_add", t, t, "r = x + y;", (x, y, i) -> isInt ? (int) x + (int) y : (long) x + (long) y));
        all.add(of(n + "_sub", t, t, "r = x - y;", (x, y, i) -> isInt ? (int) x - (int) y : (long) x - (long) y));
        all.add(of(n + "_mul", t, t, "r = x * y;", (x, y, i) -> isInt ? (int) x * (int) y : (long) x * (long) y));
        all.add(new Case(n + "_div", t, t, DeviceCode.of("r = x / y;").named(n + "_div"),
                (x, y, i) -> isInt ? (int) x / (int) y : (long) x / (long) y, 0, EdgeValues.DIVISIBLE));
        all.add(new Case(n + "_rem", t, t, DeviceCode.of("r = x % y;").named(n + "_rem"),
                (x, y, i) -> isInt ? (int) x % (int) y : (long) x % (long) y, 0, EdgeValues.DIVISIBLE));
        all.add(of(n + "_and", t, t, "r = x & y;", (x, y, i) -> isInt ? (int) x & (int) y : (long) x & (long) y));
        all.add(of(n + "_or", t, t, "r = x | y;", (x, y, i) -> isInt ? (int) x | (int) y : (long) x | (long) y));
        all.add(of(n + "_xor", t, t, "r = x ^ y;", (x, y, i) -> isInt ? (int) x ^ (int) y : (long) x ^ (long) y));
        all.add(of(n + "_shl", t, t, "r = x << y;", (x, y, i) -> isInt ? (int) x << (int) y : (long) x << (long) y));
        all.add(of(n + "_shr", t, t, "r = x >> y;", (x, y, i) -> isInt ? (int) x >> (int) y : (long) x >> (long) y));
        all.add(of(n + "_shl_long_count", t, t, "r = x << (long) y;",
                (x, y, i) -> isInt ? (int) x << (long) (int) y : (long) x << (long) y));
        all.add(of(n + "_neg", t, t, "r = -x;", (x, y, i) -> isInt ? -(int) x : -(long) x));
        all.add(of(n + "_not", t, t, "r = ~x;", (x, y, i) -> isInt ? ~(int) x : ~(long) x));
        comparisons(all, t);
    }

    private static void floatingOperators(List<Case> all, Type t) {
        boolean isFloat = t == Type.FLOAT;
        String n = t.keyword();
        all.add(of(n + "_add", t, t, "r = x + y;",
                (x, y, i) -> isFloat ? (float) x + (float) y : (double) x + (double) y));
        all.add(of(n + "_sub", t, t, "r = x - y;",
                (x, y, i) -> isFloat ? (float) x - (float) y : (double) x - (double) y));
        all.add(of(n + "_mul", t, t, "r = x * y;",
                (x, y, i) -> isFloat ? (float) x * (float) y : (double) x * (double) y));
        all.add(new Case(n + "_div", t, t, DeviceCode.of("r = x / y;").named(n + "_div"),
                (x, y, i) -> isFloat ? (float) x / (float) y : (double) x / (double) y, 3, EdgeValues.ANY));
        all.add(of(n + "_neg", t, t, "r = -x;", (x, y, i) -> isFloat ? -(float) x : -(double) x));
        all.add(of(n + "_cond", t, t, "r = x < y ? x : y + 1.0f;",
                (x, y, i) -> isFloat ? ((float) x < (float) y ? (float) x : (float) y + 1.0f)
                        : ((double) x < (double) y ? (double) x : (double) y + 1.0)));
        comparisons(all, t);
    }

    private static void comparisons(List<Case> all, Type t) {
        String[] ops = {"<", "<=", ">", ">=", "==", "!="};
        for (int k = 0; k < ops.length; k++) {
            int op = k;
            all.add(of(t.keyword() + "_cmp" + k, t, Type.INT, "r = (x " + ops[k] + " y) ? 1 : 0;",
                    (x, y, i) -> compare(op, ((Number) x).doubleValue(), ((Number) y).doubleValue(), x, y) ? 1 : 0));
        }
        all.add(of(t.keyword() + "_logic", t, Type.INT,
                "const bool a = x < y; const bool b = x == y; r = (int) ((a && !b) || (b != a));",
                (x, y, i) -> {
                    boolean a = compare(0, ((Number) x).doubleValue(), ((Number) y).doubleValue(), x, y);
                    boolean b = compare(4, ((Number) x).doubleValue(), ((Number) y).doubleValue(), x, y);
                    return (a && !b) || (b != a) ? 1 : 0;
                }));
    }

    /** Compares as the type does: longs exactly (a double would round them), floating values by double. */
    private static boolean compare(int op, double a, double b, Object x, Object y) {
        int c;
        if (x instanceof Long lx) {
            c = Long.compare(lx, (Long) y);
        } else if (Double.isNaN(a) || Double.isNaN(b)) {
            return op == 5;
        } else {
            c = a < b ? -1 : a > b ? 1 : 0;
        }
        return switch (op) {
            case 0 -> c < 0;
            case 1 -> c <= 0;
            case 2 -> c > 0;
            case 3 -> c >= 0;
            case 4 -> c == 0;
            default -> c != 0;
        };
    }

    private static void conversions(List<Case> all) {
        all.add(of("conv_int_float", Type.INT, Type.FLOAT, "r = (float) x;", (x, y, i) -> (float) (int) x));
        all.add(of("conv_int_long", Type.INT, Type.LONG, "r = x;", (x, y, i) -> (long) (int) x));
        all.add(of("conv_long_int", Type.LONG, Type.INT, "r = (int) x;", (x, y, i) -> (int) (long) x));
        all.add(of("conv_long_double", Type.LONG, Type.DOUBLE, "r = x;", (x, y, i) -> (double) (long) x));
        all.add(of("conv_long_float", Type.LONG, Type.FLOAT, "r = (float) x;", (x, y, i) -> (float) (long) x));
        all.add(new Case("conv_float_int", Type.FLOAT, Type.INT, DeviceCode.of("r = (int) x;").named("conv_float_int"),
                (x, y, i) -> (int) (float) x, 0, EdgeValues.IN_INT_RANGE));
        all.add(new Case("conv_double_long", Type.DOUBLE, Type.LONG,
                DeviceCode.of("r = (long) x;").named("conv_double_long"), (x, y, i) -> (long) (double) x, 0,
                EdgeValues.IN_INT_RANGE));
        all.add(of("conv_float_int_edges", Type.FLOAT, Type.INT, "r = (int) x;", (x, y, i) -> (int) (float) x));
        all.add(of("conv_double_long_edges", Type.DOUBLE, Type.LONG, "r = (long) x;", (x, y, i) -> (long) (double) x));
        all.add(of("conv_double_int_edges", Type.DOUBLE, Type.INT, "r = (int) x;", (x, y, i) -> (int) (double) x));
        all.add(of("conv_float_long_edges", Type.FLOAT, Type.LONG, "r = (long) x;", (x, y, i) -> (long) (float) x));
        all.add(of("conv_literal_extremes", Type.DOUBLE, Type.DOUBLE,
                "float f = 1.4E-45f * 2.0f + 3.4028235E38f * 0.0f; r = x * 4.9E-324 + (double) f + 1.7976931348623157E308 "
                        + "* 0.0 + (double) (-9223372036854775807L - 1L) + (double) 0x7fffffff;",
                (x, y, i) -> (double) x * 4.9E-324 + (double) (1.4E-45f * 2.0f + 3.4028235E38f * 0.0f)
                        + 1.7976931348623157E308 * 0.0 + (double) (-9223372036854775807L - 1L)
                        + (double) 0x7fffffff));
        all.add(of("conv_math_integer_arguments", Type.FLOAT, Type.FLOAT, "r = fmin(x, 1) + fmax(2L, x) + fmod(x, 3);",
                (x, y, i) -> Math.min((float) x, 1.0f) + Math.max(2.0f, (float) x) + (float) x % 3.0f));
        all.add(new Case("conv_pow_integer_exponent", Type.FLOAT, Type.FLOAT,
                DeviceCode.of("r = pow(x, 2) + atan2(1, x);").named("conv_pow_integer_exponent"),
                (x, y, i) -> (float) CMathReference.apply(MathFunction.POW, (float) x, 2)
                        + (float) CMathReference.apply(MathFunction.ATAN2, 1, (float) x), 16, EdgeValues.ANY));
        all.add(new Case("conv_conditional_mixed", Type.INT, Type.DOUBLE, DeviceCode.of(
                "r = x > y ? x : 0.5f; r += (x < 0) ? 1L : (long) y; r += nonNegative(x) ? NAN : 0.0f;")
                .named("conv_conditional_mixed").withHelpers("bool nonNegative(int v) { return v >= 0; }"),
                (x, y, i) -> {
                    double r = (int) x > (int) y ? (double) (float) (int) x : 0.5;
                    r += (int) x < 0 ? 1L : (long) (int) y;
                    r += (int) x >= 0 ? Double.NaN : 0.0;
                    return r;
                }, 0, EdgeValues.ANY));
        all.add(of("conv_double_float", Type.DOUBLE, Type.FLOAT, "r = (float) x;", (x, y, i) -> (float) (double) x));
        all.add(of("conv_float_double", Type.FLOAT, Type.DOUBLE, "r = x;", (x, y, i) -> (double) (float) x));
        all.add(of("conv_bool_int", Type.FLOAT, Type.INT, "r = (int) (x < y) + (int) (bool) x * 2;",
                (x, y, i) -> ((float) x < (float) y ? 1 : 0) + ((float) x != 0 ? 2 : 0)));
        all.add(of("conv_mixed", Type.INT, Type.DOUBLE, "r = x / 2 + 0.5f * y + 1L;",
                (x, y, i) -> (double) (((int) x / 2 + 0.5f * (int) y) + 1L)));
        all.add(of("conv_compound", Type.FLOAT, Type.FLOAT, "float f = x; f += 0.1; f *= y; r = f;",
                (x, y, i) -> (float) ((float) x + 0.1) * (float) y));
        all.add(of("conv_index", Type.INT, Type.LONG, "r = i * x + (i << 40);",
                (x, y, i) -> i * (int) x + (i << 40)));
    }

    private static Case mathCase(MathFunction f, Type t) {
        String name = f.languageName();
        String call = name + (f.arity() == 1 ? "(x)" : "(x, y)");
        String body = f.isTest() ? "r = " + call + " ? 1.0f : 0.0f;" : "r = " + call + ";";
        Reference reference = (x, y, i) -> {
            double a = ((Number) x).doubleValue();
            double b = ((Number) y).doubleValue();
            double v = CMathReference.apply(f, a, b);
            return t == Type.FLOAT ? (Object) (float) v : (Object) v;
        };
        return new Case(name + "_" + t.keyword(), t, t, DeviceCode.of(body).named(name + "_" + t.keyword()),
                reference, f == MathFunction.POW ? 16 : 4, EdgeValues.ANY);
    }

    private static void loopsAndHelpers(List<Case> all) {
        all.add(of("loop_for", Type.INT, Type.INT, """
                int s = 0;
                for (int k = 0; k < 12; k++) {
                    if (k == 3) { continue; }
                    if (k == x) { break; }
                    s += k;
                }
                r = s;""", (x, y, i) -> {
                    int s = 0;
                    for (int k = 0; k < 12; k++) {
                        if (k == 3) {
                            continue;
                        }
                        if (k == (int) x) {
                            break;
                        }
                        s += k;
                    }
                    return s;
                }));
        all.add(of("loop_while", Type.LONG, Type.LONG, """
                long n = x & 1023L; long steps = 0;
                while (n > 1L) {
                    steps++;
                    if (n % 2L == 0L) { n = n / 2L; continue; }
                    n = 3L * n + 1L;
                    if (steps > 500L) { break; }
                }
                r = steps;""", (x, y, i) -> {
                    long n = (long) x & 1023L;
                    long steps = 0;
                    while (n > 1L) {
                        steps++;
                        if (n % 2L == 0L) {
                            n = n / 2L;
                            continue;
                        }
                        n = 3L * n + 1L;
                        if (steps > 500L) {
                            break;
                        }
                    }
                    return steps;
                }));
        all.add(new Case("loop_nested", Type.INT, Type.INT, DeviceCode.of("""
                int s = 0;
                for (int a = 0; a < 5; a++) {
                    int k = 0;
                    while (k < 10) {
                        k++;
                        if (k > a + x % 4) { break; }
                        if ((k & 1) == 0) { continue; }
                        s += stepped(k, a);
                    }
                    if (s > 40) { break; }
                }
                r = s;""").named("loop_nested").withHelpers("""
                int stepped(int k, int a) { int v = 0; for (int j = 0; j < k; j++) { v += tripled(j); } return v - a; }
                int tripled(int j) { if (j == 2) { return 0; } return j * 3; }
                """), (x, y, i) -> nested((int) x), 0, EdgeValues.ANY));
        for (Type t : new Type[] {Type.INT, Type.LONG}) {
            boolean isInt = t == Type.INT;
            String n = t.keyword();
            all.add(of(n + "_div_rem_negative_literals", t, t, "r = x / -7 + x % -7 + -7 / (x | 1) + -7 % (x | 1);",
                    (x, y, i) -> isInt ? (int) x / -7 + (int) x % -7 + -7 / ((int) x | 1) + -7 % ((int) x | 1)
                            : (long) x / -7 + (long) x % -7 + -7 / ((long) x | 1) + -7 % ((long) x | 1)));
            all.add(of(n + "_compound_shifts", t, t, "r = x; r %= -3; r <<= 35L; r >>= 70; r ^= y; r >>= (long) y;",
                    (x, y, i) -> {
                        if (isInt) {
                            int v = (int) x;
                            v %= -3;
                            v <<= 35L;
                            v >>= 70;
                            v ^= (int) y;
                            v >>= (long) (int) y;
                            return v;
                        }
                        long v = (long) x;
                        v %= -3;
                        v <<= 35L;
                        v >>= 70;
                        v ^= (long) y;
                        v >>= (long) y;
                        return v;
                    }));
        }
        all.add(of("deepest_nesting", Type.FLOAT, Type.FLOAT, "float s = x" + " + y".repeat(98) + ";\nr = "
                + "-(".repeat(47) + "s" + ")".repeat(47) + ";\nif (s > 0.0f) { r += 1.0f; }"
                + " else if (s < -1.0f) { r -= 1.0f; }".repeat(95), (x, y, i) -> {
                    float s = (float) x;
                    for (int k = 0; k < 98; k++) {
                        s += (float) y;
                    }
                    return s > 0.0f ? -s + 1.0f : s < -1.0f ? -s - 1.0f : -s;
                }));
        DeviceCode helpers = DeviceCode.of("r = twice(x) - third(y);").named("helpers").withHelpers("""
                float third(float v) { return halve(v) * 0.6666667f; }
                float twice(float v) { if (isnan(v)) { return 0.0f; } return halve(v) * 4.0f; }
                float halve(float v) { return v * 0.5f; }
                """);
        all.add(new Case("helpers", Type.FLOAT, Type.FLOAT, helpers, (x, y, i) -> {
            float v = (float) x;
            float twice = Float.isNaN(v) ? 0.0f : v * 0.5f * 4.0f;
            return twice - (float) y * 0.5f * 0.6666667f;
        }, 2, EdgeValues.ANY)); // 2 ulps: a * b - c may be fused on OpenCL and CUDA
    }

    /** The body of {@code loop_nested}, in Java. */
    private static int nested(int x) {
        int s = 0;
        for (int a = 0; a < 5; a++) {
            int k = 0;
            while (k < 10) {
                k++;
                if (k > a + x % 4) {
                    break;
                }
                if ((k & 1) == 0) {
                    continue;
                }
                int v = 0;
                for (int j = 0; j < k; j++) {
                    v += j == 2 ? 0 : j * 3;
                }
                s += v - a;
            }
            if (s > 40) {
                break;
            }
        }
        return s;
    }
}
