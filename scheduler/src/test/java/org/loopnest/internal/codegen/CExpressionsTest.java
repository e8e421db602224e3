package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.loopnest.internal.codegen.Trees.binary;
import static org.loopnest.internal.codegen.Trees.call;
import static org.loopnest.internal.codegen.Trees.conditional;
import static org.loopnest.internal.codegen.Trees.convert;
import static org.loopnest.internal.codegen.Trees.in;
import static org.loopnest.internal.codegen.Trees.index;
import static org.loopnest.internal.codegen.Trees.lit;
import static org.loopnest.internal.codegen.Trees.local;
import static org.loopnest.internal.codegen.Trees.math;
import static org.loopnest.internal.codegen.Trees.unary;

import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.UnaryOp;

/** Expressions printed as C: parentheses, names, literals, conversions, operators and math functions. */
class CExpressionsTest {
    private static final CExpressions OPENCL = new CExpressions(KernelTarget.OPENCL);
    private static final CExpressions CUDA = new CExpressions(KernelTarget.CUDA);

    private static void assertBoth(String expected, Expr e) {
        assertEquals(expected, OPENCL.print(e), "OpenCL");
        assertEquals(expected, CUDA.print(e), "CUDA");
    }

    @Test
    void shouldPrintLiteralsSoThatTheyRoundTrip() {
        assertBoth("1.0E-5f", lit(1.0e-5f));
        assertBoth("0.1f", lit(0.1f));
        assertBoth("1.4E-45f", lit(Float.MIN_VALUE));
        assertBoth("3.4028235E38f", lit(Float.MAX_VALUE));
        assertBoth("0.1", lit(0.1));
        assertBoth("4.9E-324", lit(Double.MIN_VALUE));
        assertBoth("ln_nan()", lit(Float.NaN));
        assertBoth("ln_inf()", lit(Float.POSITIVE_INFINITY));
        assertBoth("(-ln_inf())", lit(Float.NEGATIVE_INFINITY));
        assertBoth("((double) ln_nan())", lit(Double.NaN));
        assertBoth("((double) ln_inf())", lit(Double.POSITIVE_INFINITY));
        assertBoth("(-(double) ln_inf())", lit(Double.NEGATIVE_INFINITY));
        assertBoth("(-0.0f)", lit(-0.0f));
        assertBoth("2147483647", lit(Integer.MAX_VALUE));
        assertBoth("(-2147483647 - 1)", lit(Integer.MIN_VALUE));
        assertBoth("(-3)", lit(-3));
        assertBoth("LN_C(9223372036854775807)", lit(Long.MAX_VALUE));
        assertBoth("(-LN_C(9223372036854775807) - LN_C(1))", lit(Long.MIN_VALUE));
        assertBoth("true", lit(true));
        assertBoth("false", lit(false));
    }

    @Test
    void shouldPrefixEveryUserNameAndSpellLongAsTheDialectsMacro() {
        assertBoth("u_x", local(Type.FLOAT, "x"));
        assertBoth("u_t", index("t", 0));
        assertBoth("u_T", in(Type.FLOAT, "T"));
        assertBoth("u_wx(u_T, 2)", call(Type.FLOAT, "wx", in(Type.FLOAT, "T"), lit(2)));
        assertBoth("((LN_I64) u_i)", convert(Type.LONG, local(Type.INT, "i")));
        assertEquals("bool", CExpressions.type(Type.BOOL));
    }

    @Test
    void shouldParenthesiseEveryOperatorSoPrecedenceNeverMatters() {
        Expr a = local(Type.INT, "a");
        Expr b = local(Type.INT, "b");
        // (a - b) - (a - b): printed as the tree says, whatever C's associativity
        assertBoth("((u_a - u_b) - (u_a - u_b))", binary(BinaryOp.SUBTRACT, binary(BinaryOp.SUBTRACT, a, b),
                binary(BinaryOp.SUBTRACT, a, b)));
        assertBoth("(-(-u_a))", unary(UnaryOp.NEGATE, unary(UnaryOp.NEGATE, a)));
        assertBoth("(-(-3))", unary(UnaryOp.NEGATE, lit(-3)));
        assertBoth("(~u_a)", unary(UnaryOp.COMPLEMENT, a));
        assertBoth("(!(u_a < u_b))", unary(UnaryOp.NOT, binary(BinaryOp.LESS, a, b)));
        assertBoth("((u_a < u_b) ? u_a : (u_b * 2))", conditional(binary(BinaryOp.LESS, a, b), a,
                binary(BinaryOp.MULTIPLY, b, lit(2))));
        assertEquals("u_a + u_b", OPENCL.printTop(binary(BinaryOp.ADD, a, b)));
    }

    @Test
    void shouldPrintEveryBinaryOperatorForEveryTypeItTakes() {
        for (BinaryOp op : BinaryOp.values()) {
            for (Type type : Type.values()) {
                if (!accepts(op, type)) {
                    continue;
                }
                Expr a = local(type, "a");
                Expr b = local(type, "b");
                String right = op.kind() != BinaryOp.Kind.SHIFT ? "u_b"
                        : "(u_b & " + (type == Type.LONG ? 63 : 31) + ")";
                assertBoth("(u_a " + op.symbol() + " " + right + ")", binary(op, a, b));
            }
        }
    }

    private static boolean accepts(BinaryOp op, Type type) {
        return switch (op.kind()) {
            case ARITHMETIC, ORDER -> type.isNumeric();
            case INTEGER, SHIFT -> type.isInteger();
            case EQUALITY -> true;
            case LOGICAL -> type == Type.BOOL;
        };
    }

    @Test
    void shouldMaskTheShiftCountToTheLeftOperandsWidthAsJavaAndOpenClDo() {
        assertBoth("(u_a << (u_n & 31))", binary(BinaryOp.SHIFT_LEFT, local(Type.INT, "a"), local(Type.LONG, "n")));
        assertBoth("(u_a >> (u_n & 63))", binary(BinaryOp.SHIFT_RIGHT, local(Type.LONG, "a"), local(Type.INT, "n")));
    }

    @Test
    void shouldPrintConversionsAsCastsAndBoolConversionsAsComparisons() {
        Expr flag = local(Type.BOOL, "flag");
        assertBoth("((int) (u_flag ? 1 : 0))", convert(Type.INT, flag));
        assertBoth("((double) (u_flag ? 1 : 0))", convert(Type.DOUBLE, flag));
        assertBoth("(u_x != 0)", convert(Type.BOOL, local(Type.FLOAT, "x")));
        assertBoth("(u_i != 0)", convert(Type.BOOL, local(Type.LONG, "i")));
        assertBoth("((float) u_d)", convert(Type.FLOAT, local(Type.DOUBLE, "d")));
        assertBoth("((float) u_i)", convert(Type.FLOAT, local(Type.LONG, "i")));
    }

    @Test
    void shouldConvertFloatingToIntegerThroughTheTargetsSaturatingConversionsAsJavaDoes() {
        Expr scaled = convert(Type.INT, binary(BinaryOp.MULTIPLY, local(Type.FLOAT, "x"), lit(2.0f)));
        assertEquals("(convert_int_sat_rtz(u_x * 2.0f))", OPENCL.print(scaled));
        assertEquals("(__float2int_rz(u_x * 2.0f))", CUDA.print(scaled));
        Expr wide = convert(Type.LONG, local(Type.DOUBLE, "d"));
        assertEquals("(convert_long_sat_rtz(u_d))", OPENCL.print(wide));
        assertEquals("(__double2ll_rz(u_d))", CUDA.print(wide));
        assertEquals("(__float2ll_rz(u_x))", CUDA.print(convert(Type.LONG, local(Type.FLOAT, "x"))));
        assertEquals("(__double2int_rz(u_d))", CUDA.print(convert(Type.INT, local(Type.DOUBLE, "d"))));
    }

    @Test
    void shouldCallMathFunctionsThroughTheirNanGuardsOnOpenClAndByTheirCNamesOnCuda() {
        Set<MathFunction> instructions = Set.of(MathFunction.FABS, MathFunction.FMIN, MathFunction.FMAX);
        for (MathFunction f : MathFunction.values()) {
            for (Type type : new Type[] {Type.FLOAT, Type.DOUBLE}) {
                Expr[] arguments = f.arity() == 1 ? new Expr[] {local(type, "x")}
                        : new Expr[] {local(type, "x"), local(type, "y")};
                String list = f.arity() == 1 ? "(u_x)" : "(u_x, u_y)";
                String name = f.name().toLowerCase(Locale.ROOT);
                String cudaName = type == Type.FLOAT && !f.isTest() ? name + "f" : name;
                String guard = "ln_" + name + (type == Type.FLOAT ? "_f" : "_d");
                String opencl = f.isTest() ? "(" + name + list + " != 0)"
                        : instructions.contains(f) ? name + list : guard + list;
                String cuda = f.isTest() ? "(" + cudaName + list + " != 0)" : cudaName + list;
                assertEquals(opencl, OPENCL.print(math(f, arguments)), f + " " + type);
                assertEquals(cuda, CUDA.print(math(f, arguments)), f + " " + type);
            }
        }
        assertEquals("powf(u_x, 0.2857143f)", CUDA.print(math(MathFunction.POW, local(Type.FLOAT, "x"),
                lit(0.2857143f))));
    }
}
