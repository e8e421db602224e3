package org.loopnest.internal.lang.vector;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.CMathReference;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.kernel.DeviceCode;

/**
 * The vector path's accuracy per math function, measured as docs/KERNELS.md §8 states it: the body {@code r = f(x)}
 * compiled for the Vector API, run until the JIT compiler has compiled it (its transcendental functions are then
 * Intel's SVML routines on x86-64, before that {@code java.lang.Math} lane by lane), over random arguments of the
 * function's domain and the special values. Errors are in ulps of the result's type against {@code java.lang.Math}'s
 * {@code double} result (for a {@code float} call, the exact result to far better than a {@code float} ulp). NaN must
 * give NaN, and a special value ({@code ±∞} or {@code ±0} argument) the reference's value exactly.
 */
class VectorAccuracyTest {
    private static final int N = 1 << 14;
    private static final int ROUNDS = 60;

    /** The bounds that docs/KERNELS.md §8 gives for the vector path, in ulps: float, then double. */
    private static final Map<MathFunction, double[]> BOUNDS = new EnumMap<>(MathFunction.class);

    static {
        for (MathFunction f : MathFunction.values()) {
            BOUNDS.put(f, new double[] {1, 2});
        }
        for (MathFunction exact : List.of(MathFunction.FABS, MathFunction.FMIN, MathFunction.FMAX, MathFunction.FLOOR,
                MathFunction.CEIL, MathFunction.FMOD, MathFunction.SQRT)) {
            BOUNDS.put(exact, new double[] {0.5, 0.5});
        }
    }

    @Test
    void shouldStayWithinTheDocumentedUlpsForEveryMathFunctionOnceCompiled() {
        List<String> failures = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        for (MathFunction f : MathFunction.values()) {
            if (f.isTest()) {
                continue;
            }
            table.append(f.languageName());
            for (Type t : List.of(Type.FLOAT, Type.DOUBLE)) {
                double worst = measure(f, t, failures);
                double bound = BOUNDS.get(f)[t == Type.FLOAT ? 0 : 1];
                table.append(String.format(" %s %.2f", t.keyword(), worst));
                if (worst > bound) {
                    failures.add(f.languageName() + " " + t.keyword() + ": " + worst + " ulps (documented: " + bound
                            + ")");
                }
            }
            table.append('\n');
        }
        System.out.println("vector path ulps (max over " + N + " arguments):\n" + table);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    @Test
    void shouldComputePowAsExpOfYLogXWithinItsBoundWhereTheVectorsAreNarrowerThan512Bits() {
        Assumptions.assumeTrue(Lanes.of(java.util.Set.of(Type.FLOAT), 256).powByExpLog(),
                "exp(y·log x) is printed on x86-64 only (os.arch " + System.getProperty("os.arch") + ")");
        List<String> failures = new ArrayList<>();
        StringBuilder table = new StringBuilder();
        for (Type t : List.of(Type.FLOAT, Type.DOUBLE)) {
            double worst = measure(MathFunction.POW, t, failures, 256);
            table.append(String.format(" %s %.2f", t.keyword(), worst));
        }
        System.out.println("pow as exp(y·log x), 256-bit vectors: ulps ÷ (1 + |y·ln x|), max over " + N
                + " arguments:" + table);
        assertTrue(failures.isEmpty(), String.join("\n", failures));
    }

    private static double measure(MathFunction f, Type t, List<String> failures) {
        return measure(f, t, failures, VectorSupport.preferredBits());
    }

    /**
     * The worst error of {@code f} over its arguments in ulps, at vectors of {@code bits}; for {@code pow} printed as
     * {@code exp(y·log x)} (at fewer than 512 bits on x86-64) in ulps per {@code 1 + |y·ln x|}, and failing beyond 2
     * of those.
     */
    private static double measure(MathFunction f, Type t, List<String> failures, int bits) {
        boolean two = f.arity() == 2;
        String call = f.languageName() + (two ? "(x, y)" : "(x)");
        List<ArraySignature> arrays = List.of(new ArraySignature("x", t, Role.IN),
                new ArraySignature("y", t, Role.IN), new ArraySignature("r", t, Role.OUT));
        Program program = KernelLanguage.check(DeviceCode.of("r = " + call + ";"),
                new KernelContext(List.of("i"), arrays));
        AccessSignature heap = new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 1), new AccessSignature.Access(true, 1)));
        Lanes lanes = VectorEmitter.lanes(program, bits);
        boolean expLog = f == MathFunction.POW && lanes.powByExpLog();
        RunBody body = new JvmCompiler(4).compile(VectorEmitter.emit(program, heap, lanes));
        double[] xs = new double[N];
        double[] ys = new double[N];
        arguments(f, new Random(f.ordinal()), xs, ys);
        boolean single = t == Type.FLOAT;
        Object x = single ? floats(xs) : xs;
        Object y = single ? floats(ys) : ys;
        Object r = single ? new float[N] : new double[N];
        for (int round = 0; round < ROUNDS; round++) {
            body.run(new Object[] {x, y, r}, new long[3], new long[1], N);
        }
        double worst = 0;
        for (int k = 0; k < N; k++) {
            double a = single ? ((float[]) x)[k] : xs[k];
            double b = single ? ((float[]) y)[k] : ys[k];
            double expected = CMathReference.apply(f, a, b);
            double actual = single ? ((float[]) r)[k] : ((double[]) r)[k];
            double ulp = single ? Math.ulp((float) expected) : Math.ulp(expected);
            boolean special = Double.isNaN(expected) || Double.isInfinite(expected) || Double.isInfinite(a)
                    || a == 0 && (f != MathFunction.POW && f != MathFunction.ATAN2 && f != MathFunction.FMOD);
            if (Double.isNaN(expected) != Double.isNaN(actual) || special && !Double.isNaN(expected)
                    && Double.compare(single ? (float) expected : expected, actual) != 0) {
                if (failures.size() < 40) {
                    failures.add(f.languageName() + " " + t.keyword() + "(" + a + ", " + b + "): expected "
                            + (single ? (float) expected : expected) + ", was " + actual);
                }
                continue;
            }
            if (!Double.isNaN(expected) && !special) {
                double error = Math.abs(actual - expected) / ulp;
                if (expLog) {
                    error /= 1 + Math.abs(b * Math.log(Math.abs(a)));
                    if (error > 2 && failures.size() < 40) {
                        failures.add("pow as exp(y·log x) " + t.keyword() + "(" + a + ", " + b + "): expected "
                                + (single ? (float) expected : expected) + ", was " + actual + ", " + error
                                + " ulps per 1 + |y·ln x| (expected: at most 2)");
                    }
                }
                worst = Math.max(worst, error);
            }
        }
        return worst;
    }

    private static float[] floats(double[] values) {
        float[] out = new float[values.length];
        for (int k = 0; k < values.length; k++) {
            out[k] = (float) values[k];
        }
        return out;
    }

    private static void arguments(MathFunction f, Random random, double[] xs, double[] ys) {
        double[] specials = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 0.0, -0.0, 1.0, -1.0};
        for (int k = 0; k < xs.length; k++) {
            double u = random.nextDouble();
            double v = random.nextDouble();
            xs[k] = switch (f) {
                case EXP -> 160 * u - 80;
                case LOG, LOG10, SQRT -> Math.pow(10, 60 * u - 30);
                case POW -> 100 * u;
                case ASIN, ACOS, TANH -> 2 * u - 1;
                case SINH, COSH -> 160 * u - 80;
                default -> 2000 * u - 1000;
            };
            ys[k] = f == MathFunction.POW ? 20 * v - 10 : 2000 * v - 1000;
        }
        for (int s = 0; s < specials.length; s++) {
            xs[s] = specials[s];
            ys[specials.length + s] = specials[s];
        }
    }
}
