package org.loopnest.internal.lang.vector;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.jvm.AccessSignature;
import org.loopnest.internal.lang.jvm.JavaEmitter;
import org.loopnest.internal.lang.jvm.JvmCompiler;
import org.loopnest.internal.lang.jvm.RunBody;
import org.loopnest.kernel.DeviceCode;

/**
 * Vector bodies against the scalar body of the same program, over one run of the innermost loop: tails of every
 * length, lanes that take different branches, leave loops at different steps, and return from helpers early. The
 * bodies here use exact operations only, so both paths must agree bit for bit.
 */
class VectorBodyTest {
    private static final JvmCompiler COMPILER = new JvmCompiler(64);

    @Test
    void shouldHaveTheVectorModuleInTests() {
        assertEquals(Optional.empty(), VectorSupport.unavailable(), "surefire's argLine adds jdk.incubator.vector");
        assertTrue(VectorSupport.preferredBits() >= 128, "preferred bits " + VectorSupport.preferredBits());
    }

    @Test
    void shouldComputeRunsOfEveryLengthUpToThreeVectorsWithoutAScalarTail() {
        Program program = floats("r = x * 3.0f + y;", "");
        int lanes = lanes(program).count();
        for (int n = 0; n <= 3 * lanes; n++) {
            assertSame(program, n, "run of " + n);
        }
    }

    @Test
    void shouldBlendBothBranchesWhenHalfTheLanesTakeEach() {
        assertSame(floats("""
                float v = x;
                if (x > 0.0f) { v = v * 2.0f; } else { v = -v; if (y > 0.5f) { v = v + 1.0f; } }
                r = v + (y < 0.25f ? 100.0f : -100.0f);
                """, ""), 53, "if/else and ?:");
    }

    @Test
    void shouldLetEachLaneLeaveItsLoopAtItsOwnStep() {
        assertSame(floats("""
                float v = fabs(x) * 40.0f;
                int steps = 0;
                while (v > 1.0f) { v = v * 0.5f; steps = steps + 1; if (steps > 30) { break; } }
                float w = 0.0f;
                for (int k = 0; k < 20; k++) {
                    if (k % 3 == 0) { continue; }
                    if ((float) k > y * 20.0f) { break; }
                    w = w + (float) k;
                }
                r = v + (float) steps * 1000.0f + w;
                """, ""), 77, "while with break, for with continue and break");
    }

    @Test
    void shouldReturnFromAHelperEarlyInSomeLanesOnly() {
        assertSame(floats("r = halvings(fabs(x) * 100.0f) + sign(y - 0.5f);", """
                float halvings(float v) {
                    for (int k = 0; k < 40; k++) { if (v < 1.0f) { return (float) k; } v = v * 0.5f; }
                    return -1.0f;
                }
                float sign(float v) { if (v < 0.0f) { return -1.0f; } if (v > 0.0f) { return 1.0f; } return 0.0f; }
                """), 45, "helpers returning early");
    }

    @Test
    void shouldKeepALargeBodysValuesInMemoryAndRunItsBlocksAsMethodsOfTheirOwn() {
        StringBuilder then = new StringBuilder();
        StringBuilder otherwise = new StringBuilder();
        for (int k = 0; k < 12; k++) {
            then.append("v = v * 0.5f + w * ").append(k).append(".0f; w = w - v * 0.25f;\n");
            otherwise.append("w = w * 0.75f - v; v = v + ").append(k).append(".0f * 0.125f;\n");
        }
        Program program = floats("float v = x; float w = y;\nif (x > 0.0f) {\n" + then + "} else {\n" + otherwise
                + "}\nfor (int k = 0; k < 9; k++) {\n" + then + "if (fabs(v) > 40.0f) { break; }\n}\n"
                + "r = v + w + (float) (i % 7L);\n",
                "");
        String source = VectorEmitter.emit(program, heap(), lanes(program));
        assertTrue(source.contains("private static void ln_b"), "blocks outlined:\n" + source);
        assertSame(program, 70, "a body beyond " + VectorCode.SPILL_FROM + " expressions");
    }

    @Test
    void shouldDivideIntegersOnlyInTheLanesThatEvaluateTheDivision() {
        Program program = ints("r = y != 0 && x / y > 1 ? x % y : (y == 0 ? -1 : x / y);");
        assertSame(program, 37, "division guarded by && and ?:");
    }

    @Test
    void shouldTellTheIntegerComplementFromTheLogicalNot() {
        assertSame(ints("r = !(x > y) && !(x == 3) ? ~x : (x != y) == (y > 0) ? ~y : x;"), 45, "~ and ! together");
    }

    @Test
    void shouldPrintASmallStraightHelperInPlaceKeepingItsDivisionToTheLanesThatCallIt() {
        Program program = program("r = y != 0 ? ratio(x, y) + twice(x) : -1;", """
                int twice(int y) { return y * 2; }
                int ratio(int a, int b) { const int q = a / b; int s = twice(q) - b; return s + a % b; }
                """, Type.INT);
        String source = VectorEmitter.emit(program, heap(), lanes(program));
        assertTrue(!source.contains("ln_f_twice") && !source.contains("ln_f_ratio"), "both in place:\n" + source);
        assertSame(program, 45, "helpers in place, y = 0 in some lanes (which take the other side of ?:)");
    }

    @Test
    void shouldKeepAHelperWithControlFlowAMethodOfItsOwn() {
        Program program = floats("r = clamp(x) + y;", "float clamp(float v) { if (v < 0.0f) { return 0.0f; } "
                + "return v; }");
        assertTrue(VectorEmitter.emit(program, heap(), lanes(program)).contains("private static void ln_f_clamp("));
        assertSame(program, 29, "a helper with an early return");
    }

    @Test
    void shouldFoldAConstantToNegativeInfinityWithItsSign() {
        assertSame(floats("r = fmax(x, 0.5f * -INFINITY) + (2.0f * -INFINITY < y ? 1.0f : 0.0f)"
                + " + (float) (-1.0 / 0.0 < (double) y ? 2.0 : 0.0);", ""), 21, "-∞ folded from constants");
    }

    @Test
    void shouldKeepWholePowersExactWhereTheVectorsAreNarrowerThan512Bits() {
        Program program = floats("r = pow(x, y) + pow(x, 2.0f);", "");
        Lanes narrow = VectorEmitter.lanes(program, 256);
        org.junit.jupiter.api.Assumptions.assumeTrue(narrow.powByExpLog(), "exp(y·log x) is printed on x86-64 only");
        float[] x = {2, 5, 3, 10, 7, 2, 5, 1.5f, 4, 9, 2, 3, 0.5f, 6, 2, 8, 2.5f};
        float[] y = {3, 1, 4, 2, 2, 6, 2, 2, -1, 0.5f, 10, -2, 3, 1, 0.25f, 2, 1.5f};
        float[] expected = new float[x.length];
        float[] actual = new float[x.length];
        COMPILER.compile(JavaEmitter.emit(program, heap())).run(new Object[] {x, y, expected}, new long[3],
                new long[1], x.length);
        COMPILER.compile(VectorEmitter.emit(program, heap(), narrow)).run(new Object[] {x, y, actual}, new long[3],
                new long[1], x.length);
        for (int k = 0; k < x.length; k++) {
            if (y[k] == Math.rint(y[k])) {
                assertEquals(expected[k], actual[k], "pow(" + x[k] + ", " + y[k] + ") + x² exactly");
            } else {
                assertEquals(expected[k], actual[k], Math.abs(expected[k]) * 1e-6f, "pow(" + x[k] + ", " + y[k] + ")");
            }
        }
    }

    @Test
    void shouldFailAsJavaDoesWhenALaneDividesByZero() {
        Program program = ints("r = x / y;");
        int n = 21;
        int[] x = new int[n];
        int[] y = new int[n];
        java.util.Arrays.fill(y, 1);
        y[n - 1] = 0;
        RunBody vector = vector(program);
        ArithmeticException e = assertThrows(ArithmeticException.class,
                () -> vector.run(new Object[] {x, y, new int[n]}, new long[3], new long[1], n));
        assertEquals("/ by zero", e.getMessage());
        vector.run(new Object[] {x, y, new int[n]}, new long[3], new long[1], n - 1); // the zero lane is past the end
    }

    @Test
    void shouldCallPowDirectlyWhenTheExponentIsAFiniteConstantAndKeepCsSpecialValues() {
        Program program = floats("r = pow(x, 1.0f / 0.25f) + pow(y, x);", "");
        String source = VectorEmitter.emit(program, heap(), lanes(program));
        assertTrue(source.contains("x.lanewise(VectorOperators.POW, ln_k"), "POW on the folded constant:\n" + source);
        assertEquals(1, source.split("ln_pow_float\\(", -1).length - 2, "one call of the C-rules method (for "
                + "pow(y, x)) besides its declaration:\n" + source);
        float[] x = {1.0f, -1.0f, 0.0f, Float.NaN, Float.POSITIVE_INFINITY, 2.0f, 0.5f, -3.0f, 1.5f, 7.0f, 0.1f, 3.0f,
            -0.5f, 9.0f, 1.25f, 4.0f, 2.5f};
        float[] y = new float[x.length];
        java.util.Arrays.fill(y, 1.0f); // pow(1, x) is 1 for every x, NaN too (C99)
        float[] expected = new float[x.length];
        float[] actual = new float[x.length];
        COMPILER.compile(JavaEmitter.emit(program, heap())).run(new Object[] {x, y, expected}, new long[3],
                new long[1], x.length);
        vector(program).run(new Object[] {x, y, actual}, new long[3], new long[1], x.length);
        for (int k = 0; k < x.length; k++) {
            if (Float.isNaN(expected[k]) || Float.isInfinite(expected[k]) || expected[k] == 1.0f + 1.0f) {
                assertEquals(expected[k], actual[k], "x = " + x[k] + " (C's special values exactly)");
            } else {
                assertEquals(expected[k], actual[k], Math.abs(expected[k]) * 1e-6f, "x = " + x[k]);
            }
        }
    }

    private static Lanes lanes(Program program) {
        return VectorEmitter.lanes(program, VectorSupport.preferredBits());
    }

    private static Program floats(String body, String helpers) {
        return program(body, helpers, Type.FLOAT);
    }

    private static Program ints(String body) {
        return program(body, "", Type.INT);
    }

    private static Program program(String body, String helpers, Type type) {
        List<ArraySignature> arrays = new ArrayList<>();
        arrays.add(new ArraySignature("x", type, Role.IN));
        arrays.add(new ArraySignature("y", type, Role.IN));
        arrays.add(new ArraySignature("r", type, Role.OUT));
        return KernelLanguage.check(DeviceCode.of(body).withHelpers(helpers), new KernelContext(List.of("i"), arrays));
    }

    private static AccessSignature heap() {
        return new AccessSignature(List.of(new AccessSignature.Access(true, 1), new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 1)));
    }

    private static RunBody vector(Program program) {
        return COMPILER.compile(VectorEmitter.emit(program, heap(), lanes(program)));
    }

    /** Runs {@code program} on both paths over {@code n} pseudo-random inputs and compares the outputs' bits. */
    private static void assertSame(Program program, int n, String what) {
        Type type = program.context().arrays().get(0).type();
        RunBody scalar = COMPILER.compile(JavaEmitter.emit(program, heap()));
        RunBody vector = vector(program);
        java.util.Random random = new java.util.Random(n);
        if (type == Type.FLOAT) {
            float[] x = new float[n];
            float[] y = new float[n];
            for (int k = 0; k < n; k++) {
                x[k] = random.nextFloat() * 2 - 1;
                y[k] = random.nextFloat();
            }
            float[] expected = new float[n];
            float[] actual = new float[n];
            scalar.run(new Object[] {x, y, expected}, new long[3], new long[] {5}, n);
            vector.run(new Object[] {x, y, actual}, new long[3], new long[] {5}, n);
            assertArrayEquals(expected, actual, what);
        } else {
            int[] x = new int[n];
            int[] y = new int[n];
            for (int k = 0; k < n; k++) {
                x[k] = random.nextInt(200) - 100;
                y[k] = random.nextInt(7) - 3;
            }
            int[] expected = new int[n];
            int[] actual = new int[n];
            scalar.run(new Object[] {x, y, expected}, new long[3], new long[1], n);
            vector.run(new Object[] {x, y, actual}, new long[3], new long[1], n);
            assertArrayEquals(expected, actual, what);
        }
        assertTrue(Set.of(2, 4, 8, 16).contains(lanes(program).count()), "lanes " + lanes(program));
    }
}
