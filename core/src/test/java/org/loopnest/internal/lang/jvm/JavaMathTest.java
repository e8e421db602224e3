package org.loopnest.internal.lang.jvm;

import org.loopnest.internal.lang.CMathReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.internal.lang.jvm.Trees.array;
import static org.loopnest.internal.lang.jvm.Trees.assign;
import static org.loopnest.internal.lang.jvm.Trees.cast;
import static org.loopnest.internal.lang.jvm.Trees.input;
import static org.loopnest.internal.lang.jvm.Trees.literal;
import static org.loopnest.internal.lang.jvm.Trees.math;
import static org.loopnest.internal.lang.jvm.Trees.output;
import static org.loopnest.internal.lang.jvm.Trees.program;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;

/**
 * Every math function for {@code float} and {@code double}, compiled for the JVM, against its Java reference at
 * ordinary and edge inputs (0, -0, negatives, NaN, ±∞, subnormals), bit for bit; and the literals the language can
 * write, including {@code NAN} and {@code INFINITY}.
 */
class JavaMathTest {
    private static final double[] EDGES = {0, -0.0, 1, -1, 0.5, -0.5, 2.5, -2.5, 3, 10, 100, -100, 0.75, 1e-3,
        Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-40, Double.MIN_VALUE, 1e-310, 88.7, 710};

    /** The reference in double precision; {@code float} calls round its result to float. */
    private static double reference(MathFunction f, double x, double y) {
        return CMathReference.apply(f, x, y);
    }

    /** {@code out = f(a[, b])}, a test's {@code bool} as an {@code int} 0/1. */
    private static Program call(MathFunction f, Type type) {
        ArraySignature a = input("a", type);
        ArraySignature b = input("b", type);
        Expr e = f.arity() == 1 ? math(f, array(a)) : math(f, array(a), array(b));
        ArraySignature out = output("out", f.isTest() ? Type.INT : type);
        return program(List.of("i"), List.of(a, b, out), List.of(),
                assign(array(out), f.isTest() ? cast(Type.INT, e) : e));
    }

    @Test
    void shouldComputeEveryFloatFunctionAsItsJavaReferenceRoundedToFloat() {
        int n = EDGES.length * EDGES.length;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = (float) EDGES[i / EDGES.length];
            b[i] = (float) EDGES[i % EDGES.length];
        }
        for (MathFunction f : MathFunction.values()) {
            Object out = f.isTest() ? new int[n] : new float[n];
            Runs.run(call(f, Type.FLOAT), a, b, out);
            for (int i = 0; i < n; i++) {
                double expected = reference(f, a[i], b[i]);
                String what = f.languageName() + "(" + a[i] + (f.arity() == 2 ? ", " + b[i] : "") + ")";
                if (f.isTest()) {
                    assertEquals((int) expected, ((int[]) out)[i], what);
                } else if (f == MathFunction.FMOD) {
                    assertEquals(a[i] % b[i], ((float[]) out)[i], what);
                } else {
                    assertEquals((float) expected, ((float[]) out)[i], what);
                }
            }
        }
    }

    @Test
    void shouldComputeEveryDoubleFunctionAsItsJavaReference() {
        int n = EDGES.length * EDGES.length;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = EDGES[i / EDGES.length];
            b[i] = EDGES[i % EDGES.length];
        }
        for (MathFunction f : MathFunction.values()) {
            Object out = f.isTest() ? new int[n] : new double[n];
            Runs.run(call(f, Type.DOUBLE), a, b, out);
            for (int i = 0; i < n; i++) {
                double expected = reference(f, a[i], b[i]);
                String what = f.languageName() + "(" + a[i] + (f.arity() == 2 ? ", " + b[i] : "") + ")";
                if (f.isTest()) {
                    assertEquals((int) expected, ((int[]) out)[i], what);
                } else {
                    assertEquals(expected, ((double[]) out)[i], what);
                }
            }
        }
    }

    @Test
    void shouldTakeTheOtherArgumentOfFminAndFmaxWhenOneIsNaN() {
        float[] out = new float[3];
        Runs.run(call(MathFunction.FMIN, Type.FLOAT), new float[] {Float.NaN, 2f, Float.NaN},
                new float[] {1f, Float.NaN, Float.NaN}, out);
        assertEquals(1f, out[0]);
        assertEquals(2f, out[1]);
        assertTrue(Float.isNaN(out[2]), "both NaN gives NaN");
    }

    @Test
    void shouldWriteEveryLiteralSoThatItRoundTrips() {
        List<Object> literals = List.of(0.1f, Float.MIN_VALUE, Float.MAX_VALUE, 1.0e-5f, 16777216f, Float.NaN,
                Float.POSITIVE_INFINITY, 0.1, Double.MIN_VALUE, Double.MAX_VALUE, 1.0e300, 2147483647,
                9223372036854775807L, 0L, 0, true, false);
        for (Object value : literals) {
            Expr.Literal literal = Trees.literal(value);
            Type type = literal.type() == Type.BOOL ? Type.INT : literal.type();
            ArraySignature out = output("out", type);
            Program p = program(List.of("i"), List.of(out), List.of(),
                    assign(array(out), literal.type() == Type.BOOL ? cast(Type.INT, literal) : literal));
            Object result = java.lang.reflect.Array.newInstance(switch (type) {
                case INT -> int.class;
                case LONG -> long.class;
                case FLOAT -> float.class;
                default -> double.class;
            }, 1);
            Runs.run(p, result);
            Object expected = value instanceof Boolean yes ? (yes ? 1 : 0) : value;
            assertEquals(expected, java.lang.reflect.Array.get(result, 0), "literal " + value);
        }
    }

    @Test
    void shouldNegateANegativeLiteralWithoutMakingADecrement() {
        ArraySignature out = output("out", Type.INT);
        Program p = program(List.of("i"), List.of(out), List.of(), assign(array(out),
                Trees.unary(org.loopnest.internal.lang.UnaryOp.NEGATE, literal(-5))));
        int[] result = new int[1];
        Runs.run(p, (Object) result);
        assertEquals(5, result[0]);
    }

    @Test
    void shouldConvertMixedArgumentsToTheCallsType() {
        // pow(int a, float b) is a float call: (float) Math.pow((double) (float) a, (double) b)
        ArraySignature a = input("a", Type.INT);
        ArraySignature b = input("b", Type.FLOAT);
        ArraySignature out = output("out", Type.FLOAT);
        Program p = program(List.of("i"), List.of(a, b, out), List.of(),
                assign(array(out), math(MathFunction.POW, array(a), array(b))));
        float[] result = new float[2];
        Runs.run(p, new int[] {16777217, 2}, new float[] {1f, 0.5f}, result);
        List<Float> expected = new ArrayList<>();
        expected.add((float) Math.pow((float) 16777217, 1f));
        expected.add((float) Math.pow(2f, 0.5f));
        assertEquals(expected, List.of(result[0], result[1]));
    }
}
