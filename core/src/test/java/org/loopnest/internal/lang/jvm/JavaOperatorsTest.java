package org.loopnest.internal.lang.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.loopnest.internal.lang.jvm.Trees.array;
import static org.loopnest.internal.lang.jvm.Trees.assign;
import static org.loopnest.internal.lang.jvm.Trees.binary;
import static org.loopnest.internal.lang.jvm.Trees.cast;
import static org.loopnest.internal.lang.jvm.Trees.input;
import static org.loopnest.internal.lang.jvm.Trees.output;
import static org.loopnest.internal.lang.jvm.Trees.program;
import static org.loopnest.internal.lang.jvm.Trees.unary;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;

/**
 * Every operator and conversion of the language for every type, compiled for the JVM, against the same expression
 * written in Java, at ordinary and edge inputs (0, -0, negatives, NaN, ±∞, subnormals, the integer extremes,
 * negative division and remainder, shift counts past the width). Results are compared bit for bit.
 */
class JavaOperatorsTest {
    private static final float[] FLOATS = {0f, -0f, 1f, -1.5f, 2.5f, 7f, -7f, 0.1f, Float.NaN,
        Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, 1e-40f, Float.MAX_VALUE, -Float.MAX_VALUE,
        3e9f, -3e9f};
    private static final double[] DOUBLES = {0d, -0d, 1d, -1.5d, 2.5d, 7d, -7d, 0.1d, Double.NaN,
        Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, 1e-310, Double.MAX_VALUE, 1e19, -1e19,
        3e9};
    private static final int[] INTS = {0, 1, -1, 2, -2, 7, -7, 3, -3, 31, 32, 33, -33, Integer.MAX_VALUE,
        Integer.MIN_VALUE};
    private static final long[] LONGS = {0L, 1L, -1L, 2L, -2L, 7L, -7L, 3L, 63L, 64L, 65L, -65L, 1L << 40,
        Long.MAX_VALUE, Long.MIN_VALUE};
    private static final Set<BinaryOp> FLOATING_OPS = EnumSet.of(BinaryOp.ADD, BinaryOp.SUBTRACT, BinaryOp.MULTIPLY,
            BinaryOp.DIVIDE, BinaryOp.LESS, BinaryOp.LESS_EQUAL, BinaryOp.GREATER, BinaryOp.GREATER_EQUAL,
            BinaryOp.EQUAL, BinaryOp.NOT_EQUAL);
    private static final Set<BinaryOp> INTEGER_OPS = EnumSet.complementOf(EnumSet.of(BinaryOp.AND, BinaryOp.OR));

    /** {@code out = a op b} (as an {@code int} 0/1 for a {@code bool} result). */
    private static Program binaryProgram(BinaryOp op, Type type) {
        ArraySignature a = input("a", type);
        ArraySignature b = input("b", type);
        Expr e = binary(op, array(a), array(b));
        ArraySignature out = output("out", e.type() == Type.BOOL ? Type.INT : type);
        return program(List.of("i"), List.of(a, b, out), List.of(),
                assign(array(out), e.type() == Type.BOOL ? cast(Type.INT, e) : e));
    }

    private static boolean isOrder(BinaryOp op) {
        return op.kind() == BinaryOp.Kind.ORDER || op.kind() == BinaryOp.Kind.EQUALITY;
    }

    @Test
    void shouldComputeEveryFloatOperatorAsJava() {
        int n = FLOATS.length * FLOATS.length;
        float[] a = new float[n];
        float[] b = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = FLOATS[i / FLOATS.length];
            b[i] = FLOATS[i % FLOATS.length];
        }
        for (BinaryOp op : FLOATING_OPS) {
            if (isOrder(op)) {
                int[] out = new int[n];
                Runs.run(binaryProgram(op, Type.FLOAT), a, b, out);
                for (int i = 0; i < n; i++) {
                    assertEquals(compare(op, a[i], b[i]) ? 1 : 0,
                            out[i], a[i] + " " + op.symbol() + " " + b[i]);
                }
            } else {
                float[] out = new float[n];
                Runs.run(binaryProgram(op, Type.FLOAT), a, b, out);
                for (int i = 0; i < n; i++) {
                    float x = a[i];
                    float y = b[i];
                    float expected = switch (op) {
                        case ADD -> x + y;
                        case SUBTRACT -> x - y;
                        case MULTIPLY -> x * y;
                        default -> x / y;
                    };
                    assertEquals(expected, out[i], x + " " + op.symbol() + " " + y);
                }
            }
        }
    }

    @Test
    void shouldComputeEveryDoubleOperatorAsJava() {
        int n = DOUBLES.length * DOUBLES.length;
        double[] a = new double[n];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = DOUBLES[i / DOUBLES.length];
            b[i] = DOUBLES[i % DOUBLES.length];
        }
        for (BinaryOp op : FLOATING_OPS) {
            if (isOrder(op)) {
                int[] out = new int[n];
                Runs.run(binaryProgram(op, Type.DOUBLE), a, b, out);
                for (int i = 0; i < n; i++) {
                    assertEquals(compare(op, a[i], b[i]) ? 1 : 0,
                            out[i], a[i] + " " + op.symbol() + " " + b[i]);
                }
            } else {
                double[] out = new double[n];
                Runs.run(binaryProgram(op, Type.DOUBLE), a, b, out);
                for (int i = 0; i < n; i++) {
                    double x = a[i];
                    double y = b[i];
                    double expected = switch (op) {
                        case ADD -> x + y;
                        case SUBTRACT -> x - y;
                        case MULTIPLY -> x * y;
                        default -> x / y;
                    };
                    assertEquals(expected, out[i], x + " " + op.symbol() + " " + y);
                }
            }
        }
    }

    /** Java's comparison of two floats (IEEE: false for every order with a NaN, -0 == 0). */
    private static boolean compare(BinaryOp op, float x, float y) {
        return switch (op) {
            case LESS -> x < y;
            case LESS_EQUAL -> x <= y;
            case GREATER -> x > y;
            case GREATER_EQUAL -> x >= y;
            case EQUAL -> x == y;
            default -> x != y;
        };
    }

    /** Java's comparison of two doubles. */
    private static boolean compare(BinaryOp op, double x, double y) {
        return switch (op) {
            case LESS -> x < y;
            case LESS_EQUAL -> x <= y;
            case GREATER -> x > y;
            case GREATER_EQUAL -> x >= y;
            case EQUAL -> x == y;
            default -> x != y;
        };
    }

    @Test
    void shouldComputeEveryIntOperatorAsJavaIncludingNegativeDivisionAndWideShifts() {
        int n = INTS.length * INTS.length;
        int[] a = new int[n];
        int[] b = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = INTS[i / INTS.length];
            b[i] = INTS[i % INTS.length];
            if (b[i] == 0) {
                b[i] = 5; // division by zero is tested on its own
            }
        }
        for (BinaryOp op : INTEGER_OPS) {
            int[] out = new int[n];
            Runs.run(binaryProgram(op, Type.INT), a, b, out);
            for (int i = 0; i < n; i++) {
                int x = a[i];
                int y = b[i];
                int expected = switch (op) {
                    case ADD -> x + y;
                    case SUBTRACT -> x - y;
                    case MULTIPLY -> x * y;
                    case DIVIDE -> x / y;
                    case REMAINDER -> x % y;
                    case SHIFT_LEFT -> x << y;
                    case SHIFT_RIGHT -> x >> y;
                    case BIT_AND -> x & y;
                    case BIT_OR -> x | y;
                    case BIT_XOR -> x ^ y;
                    case LESS -> x < y ? 1 : 0;
                    case LESS_EQUAL -> x <= y ? 1 : 0;
                    case GREATER -> x > y ? 1 : 0;
                    case GREATER_EQUAL -> x >= y ? 1 : 0;
                    case EQUAL -> x == y ? 1 : 0;
                    default -> x != y ? 1 : 0;
                };
                assertEquals(expected, out[i], x + " " + op.symbol() + " " + y);
            }
        }
    }

    @Test
    void shouldComputeEveryLongOperatorAsJavaIncludingNegativeDivisionAndWideShifts() {
        int n = LONGS.length * LONGS.length;
        long[] a = new long[n];
        long[] b = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = LONGS[i / LONGS.length];
            b[i] = LONGS[i % LONGS.length] == 0 ? 5 : LONGS[i % LONGS.length];
        }
        for (BinaryOp op : INTEGER_OPS) {
            boolean order = isOrder(op);
            int[] flags = new int[n];
            long[] values = new long[n];
            Runs.run(binaryProgram(op, Type.LONG), a, b, order ? flags : values);
            for (int i = 0; i < n; i++) {
                long x = a[i];
                long y = b[i];
                long expected = switch (op) {
                    case ADD -> x + y;
                    case SUBTRACT -> x - y;
                    case MULTIPLY -> x * y;
                    case DIVIDE -> x / y;
                    case REMAINDER -> x % y;
                    case SHIFT_LEFT -> x << y;
                    case SHIFT_RIGHT -> x >> y;
                    case BIT_AND -> x & y;
                    case BIT_OR -> x | y;
                    case BIT_XOR -> x ^ y;
                    case LESS -> x < y ? 1 : 0;
                    case LESS_EQUAL -> x <= y ? 1 : 0;
                    case GREATER -> x > y ? 1 : 0;
                    case GREATER_EQUAL -> x >= y ? 1 : 0;
                    case EQUAL -> x == y ? 1 : 0;
                    default -> x != y ? 1 : 0;
                };
                assertEquals(expected, order ? flags[i] : values[i], x + " " + op.symbol() + " " + y);
            }
        }
    }

    @Test
    void shouldShiftAnIntByALongCountKeepingTheIntType() {
        ArraySignature a = input("a", Type.INT);
        ArraySignature b = input("b", Type.LONG);
        ArraySignature out = output("out", Type.INT);
        Program shift = program(List.of("i"), List.of(a, b, out), List.of(),
                assign(array(out), binary(BinaryOp.SHIFT_LEFT, array(a), array(b))));
        int[] result = new int[3];
        Runs.run(shift, new int[] {1, 1, -1}, new long[] {3, 33, 64}, result);
        assertEquals(List.of(8, 2, -1), List.of(result[0], result[1], result[2]), "the count is masked to 5 bits");
    }

    @Test
    void shouldThrowArithmeticExceptionForIntegerDivisionAndRemainderByZero() {
        for (BinaryOp op : List.of(BinaryOp.DIVIDE, BinaryOp.REMAINDER)) {
            for (Type type : List.of(Type.INT, Type.LONG)) {
                Object zeros = type == Type.INT ? new int[1] : new long[1];
                Object ones = type == Type.INT ? new int[] {1} : new long[] {1};
                Object out = type == Type.INT ? new int[1] : new long[1];
                ArithmeticException e = assertThrows(ArithmeticException.class,
                        () -> Runs.run(binaryProgram(op, type), ones, zeros, out));
                assertEquals("/ by zero", e.getMessage());
            }
        }
    }

    @Test
    void shouldNegateAndComplementEveryNumericType() {
        float[] fOut = new float[FLOATS.length];
        Runs.run(unaryProgram(UnaryOp.NEGATE, Type.FLOAT), FLOATS, fOut);
        for (int i = 0; i < FLOATS.length; i++) {
            assertEquals(-FLOATS[i], fOut[i], "-" + FLOATS[i]);
        }
        double[] dOut = new double[DOUBLES.length];
        Runs.run(unaryProgram(UnaryOp.NEGATE, Type.DOUBLE), DOUBLES, dOut);
        for (int i = 0; i < DOUBLES.length; i++) {
            assertEquals(-DOUBLES[i], dOut[i], "-" + DOUBLES[i]);
        }
        for (UnaryOp op : List.of(UnaryOp.NEGATE, UnaryOp.COMPLEMENT)) {
            int[] iOut = new int[INTS.length];
            Runs.run(unaryProgram(op, Type.INT), INTS, iOut);
            long[] lOut = new long[LONGS.length];
            Runs.run(unaryProgram(op, Type.LONG), LONGS, lOut);
            for (int i = 0; i < INTS.length; i++) {
                assertEquals(op == UnaryOp.NEGATE ? -INTS[i] : ~INTS[i], iOut[i], op.symbol() + INTS[i]);
                assertEquals(op == UnaryOp.NEGATE ? -LONGS[i] : ~LONGS[i], lOut[i], op.symbol() + LONGS[i]);
            }
        }
    }

    private static Program unaryProgram(UnaryOp op, Type type) {
        ArraySignature a = input("a", type);
        ArraySignature out = output("out", type);
        return program(List.of("i"), List.of(a, out), List.of(), assign(array(out), unary(op, array(a))));
    }

    @Test
    void shouldShortCircuitLogicalOperatorsAndNegateBools() {
        // out = !(b != 0 && a / b > 1) || a < 0, as 0/1: the division must not run when b == 0
        ArraySignature a = input("a", Type.INT);
        ArraySignature b = input("b", Type.INT);
        ArraySignature out = output("out", Type.INT);
        Expr guard = binary(BinaryOp.AND, binary(BinaryOp.NOT_EQUAL, array(b), Trees.literal(0)),
                binary(BinaryOp.GREATER, binary(BinaryOp.DIVIDE, array(a), array(b)), Trees.literal(1)));
        Expr e = binary(BinaryOp.OR, unary(UnaryOp.NOT, guard), binary(BinaryOp.LESS, array(a), Trees.literal(0)));
        Program logical = program(List.of("i"), List.of(a, b, out), List.of(), assign(array(out), cast(Type.INT, e)));
        int[] xs = {9, 9, 3, -9, 0};
        int[] ys = {0, 2, 2, 2, 0};
        int[] result = new int[xs.length];
        Runs.run(logical, xs, ys, result);
        for (int i = 0; i < xs.length; i++) {
            int x = xs[i];
            int y = ys[i];
            assertEquals(!(y != 0 && x / y > 1) || x < 0 ? 1 : 0, result[i], x + ", " + y);
        }
    }

    @Test
    void shouldConvertBetweenEveryPairOfTypesAsJavaCastsAndBoolAsZeroOrOne() {
        double[] sources = {0, -0.0, 1.9, -1.9, 2.5, -2.5, Double.NaN, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY, 3e9, -3e9, 1e19, -1e19, 1e-310, 16777217};
        for (Type from : List.of(Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE)) {
            Object in = typed(from, sources);
            for (Type to : List.of(Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE, Type.BOOL)) {
                if (to == from) {
                    continue;
                }
                ArraySignature a = input("a", from);
                ArraySignature out = output("out", to == Type.BOOL ? Type.INT : to);
                Expr converted = cast(to, array(a));
                Program p = program(List.of("i"), List.of(a, out), List.of(),
                        assign(array(out), to == Type.BOOL ? cast(Type.INT, converted) : converted));
                Object result = typed(to == Type.BOOL ? Type.INT : to, new double[sources.length]);
                Runs.run(p, in, result);
                for (int i = 0; i < sources.length; i++) {
                    Number value = (Number) java.lang.reflect.Array.get(in, i);
                    Object expected = switch (to) {
                        case INT -> from == Type.LONG ? (int) value.longValue() : value.intValue();
                        case LONG -> value.longValue();
                        case FLOAT -> from == Type.LONG ? (float) value.longValue() : value.floatValue();
                        case DOUBLE -> from == Type.LONG ? (double) value.longValue() : value.doubleValue();
                        case BOOL -> value.doubleValue() != 0 || from == Type.LONG && value.longValue() != 0 ? 1 : 0;
                    };
                    assertEquals(expected, java.lang.reflect.Array.get(result, i), "(" + to + ") " + value + " "
                            + from);
                }
            }
        }
    }

    @Test
    void shouldConvertBoolsToOneAndZeroOfEveryType() {
        ArraySignature a = input("a", Type.INT);
        for (Type to : List.of(Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE)) {
            ArraySignature out = output("out", to);
            Program p = program(List.of("i"), List.of(a, out), List.of(), assign(array(out),
                    cast(to, binary(BinaryOp.GREATER, array(a), Trees.literal(0)))));
            Object result = typed(to, new double[2]);
            Runs.run(p, new int[] {5, -5}, result);
            assertEquals(List.of(1.0, 0.0), List.of(((Number) java.lang.reflect.Array.get(result, 0)).doubleValue(),
                    ((Number) java.lang.reflect.Array.get(result, 1)).doubleValue()), to.toString());
        }
    }

    /** {@code values} as an array of {@code type}, each converted by Java's cast. */
    private static Object typed(Type type, double[] values) {
        int n = values.length;
        return switch (type) {
            case INT -> { int[] a = new int[n]; for (int i = 0; i < n; i++) { a[i] = (int) values[i]; } yield a; }
            case LONG -> { long[] a = new long[n]; for (int i = 0; i < n; i++) { a[i] = (long) values[i]; } yield a; }
            case FLOAT -> { float[] a = new float[n]; for (int i = 0; i < n; i++) { a[i] = (float) values[i]; }
                yield a; }
            default -> values.clone();
        };
    }
}
