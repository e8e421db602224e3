package org.loopnest.internal.lang.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.internal.lang.jvm.Trees.array;
import static org.loopnest.internal.lang.jvm.Trees.assign;
import static org.loopnest.internal.lang.jvm.Trees.binary;
import static org.loopnest.internal.lang.jvm.Trees.block;
import static org.loopnest.internal.lang.jvm.Trees.call;
import static org.loopnest.internal.lang.jvm.Trees.choose;
import static org.loopnest.internal.lang.jvm.Trees.declare;
import static org.loopnest.internal.lang.jvm.Trees.index;
import static org.loopnest.internal.lang.jvm.Trees.input;
import static org.loopnest.internal.lang.jvm.Trees.literal;
import static org.loopnest.internal.lang.jvm.Trees.local;
import static org.loopnest.internal.lang.jvm.Trees.output;
import static org.loopnest.internal.lang.jvm.Trees.program;

import java.nio.FloatBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;

/** The printed class: its shape per layout, and statements (loops, helpers) that run as the language says. */
class JavaEmitterTest {
    private final ArraySignature a = input("a", Type.FLOAT);
    private final ArraySignature unused = input("unused", Type.DOUBLE);
    private final ArraySignature out = output("out", Type.FLOAT);
    /** {@code out = a + x} over loops (y, x). */
    private final Program plus = program(List.of("y", "x"), List.of(a, unused, out), List.of(),
            assign(array(out), binary(BinaryOp.ADD, array(a), index("x", 1))));

    private static AccessSignature access(boolean heapA, long stepA, boolean heapOut, long stepOut) {
        return new AccessSignature(List.of(new AccessSignature.Access(heapA, stepA),
                new AccessSignature.Access(true, 0), new AccessSignature.Access(heapOut, stepOut)));
    }

    @Test
    void shouldBakeEachArraysStoreKindAndStepIntoTheSource() {
        String source = JavaEmitter.emit(plus, access(false, 3, true, 1));
        assertTrue(source.startsWith("public final class LnBody implements "
                + "org.loopnest.internal.lang.jvm.RunBody {\n"), source);
        assertTrue(source.contains("final java.nio.FloatBuffer ln_a0 = (java.nio.FloatBuffer) ln_stores[0];"), source);
        assertTrue(source.contains("final float u_a = ln_a0.get(ln_p0 + ln_k * (3));"), source);
        assertTrue(source.contains("final float[] ln_a2 = (float[]) ln_stores[2];"), source);
        assertTrue(source.contains("ln_a2[ln_p2 + ln_k] = u_out;"), source);
        assertTrue(source.contains("final long u_y = ln_indices[0];"), source);
        assertTrue(source.contains("final long u_x = ln_first + ln_k;"), source);
        assertTrue(source.contains("u_out = (u_a + ((float) u_x));"), source);
        assertFalse(source.contains("u_unused"), "an input the body does not read is not loaded:\n" + source);
        String steady = JavaEmitter.emit(plus, access(true, 0, true, 1));
        assertTrue(steady.contains("final float u_a = ln_a0[ln_p0];"), steady);
        assertEquals(source, JavaEmitter.emit(plus, access(false, 3, true, 1)), "the same text every time");
    }

    @Test
    void shouldDescribeFlatHeapArraysInNestOrderForADump() {
        org.loopnest.index.IndexSpace space = org.loopnest.index.IndexSpace.of(3, 4).withNames("y", "x");
        AccessSignature dump = AccessSignature.heapArrays(List.of(
                org.loopnest.data.ArrayBinding.of("a", org.loopnest.data.Role.IN, new float[12], space),
                org.loopnest.data.ArrayBinding.of("unused", org.loopnest.data.Role.IN, new double[3], space, "y"),
                org.loopnest.data.ArrayBinding.of("out", org.loopnest.data.Role.OUT, new float[12], space)), 2);
        assertEquals(access(true, 1, true, 1), dump);
    }

    @Test
    void shouldRefuseASignatureForAnotherNumberOfArrays() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JavaEmitter.emit(plus,
                new AccessSignature(List.of(new AccessSignature.Access(true, 1)))));
        assertEquals("access signature for 1 arrays (expected: 3, one per array of the program)", e.getMessage());
    }

    @Test
    void shouldRunOverBuffersAtAStepAndAHeapOutput() {
        RunBody body = new JvmCompiler(4).compile(JavaEmitter.emit(plus, access(false, 2, true, 1)));
        FloatBuffer values = FloatBuffer.wrap(new float[] {9, 1, 9, 2, 9, 3, 9, 4});
        float[] result = new float[6];
        body.run(new Object[] {values, null, result}, new long[] {1, 0, 2}, new long[] {7, 10}, 4);
        assertEquals(List.of(0f, 0f, 11f, 13f, 15f, 17f), List.of(result[0], result[1], result[2], result[3],
                result[4], result[5]));
    }

    @Test
    void shouldWriteABufferOutput() {
        RunBody body = new JvmCompiler(4).compile(JavaEmitter.emit(plus, access(true, 1, false, 1)));
        FloatBuffer result = FloatBuffer.allocate(3);
        body.run(new Object[] {new float[] {1, 2, 3}, null, result}, new long[3], new long[] {0, 0}, 3);
        assertEquals(FloatBuffer.wrap(new float[] {1, 3, 5}), result);
    }

    /**
     * {@code int sum(int n) { int s = 0; for (int i = 0; i < n; i = i + 1) { if (i == 2) continue; if (i > 5)
     * break; s = s + twice(i); } return s; }} with {@code int twice(int v) { return v + v; }}.
     */
    private static List<Helper> helpers() {
        Helper twice = new Helper(Trees.AT, Type.INT, "twice", List.of(new Helper.Parameter(Trees.AT, Type.INT, "v")),
                block(new Stmt.Return(Trees.AT, binary(BinaryOp.ADD, local("v", Type.INT), local("v", Type.INT)))));
        Expr i = local("i", Type.INT);
        Expr s = local("s", Type.INT);
        Stmt loop = new Stmt.For(Trees.AT, declare(Type.INT, "i", literal(0)),
                binary(BinaryOp.LESS, i, local("n", Type.INT)), assign(i, binary(BinaryOp.ADD, i, literal(1))),
                block(new Stmt.If(Trees.AT, binary(BinaryOp.EQUAL, i, literal(2)), new Stmt.Continue(Trees.AT), null),
                        new Stmt.If(Trees.AT, binary(BinaryOp.GREATER, i, literal(5)),
                                block(new Stmt.Break(Trees.AT), assign(s, literal(-1000))), null),
                        assign(s, binary(BinaryOp.ADD, s, call(twice, i)))));
        Helper sum = new Helper(Trees.AT, Type.INT, "sum", List.of(new Helper.Parameter(Trees.AT, Type.INT, "n")),
                block(declare(Type.INT, "s", literal(0)), loop, new Stmt.Return(Trees.AT, s)));
        return List.of(twice, sum);
    }

    private static int sum(int n) {
        int s = 0;
        for (int i = 0; i < n; i = i + 1) {
            if (i == 2) {
                continue;
            }
            if (i > 5) {
                break;
            }
            s = s + i + i;
        }
        return s;
    }

    @Test
    void shouldRunHelpersCallingHelpersWithLoopsBreakAndContinue() {
        ArraySignature n = input("n", Type.INT);
        ArraySignature result = output("result", Type.INT);
        List<Helper> helpers = helpers();
        Program p = program(List.of("i"), List.of(n, result), helpers,
                assign(array(result), call(helpers.get(1), array(n))));
        int[] ns = {0, 1, 2, 3, 6, 7, 100};
        int[] got = new int[ns.length];
        Runs.run(p, ns, got);
        for (int k = 0; k < ns.length; k++) {
            assertEquals(sum(ns[k]), got[k], "sum(" + ns[k] + ")");
        }
    }

    @Test
    void shouldCompileLoopsWhoseConditionJavaWouldTakeForAConstant() {
        // helper: int first(int v) { while (1 < 2) { if (v > 3) return v; v = v + 1; } }  -- returns on every path
        Expr v = local("v", Type.INT);
        Helper first = new Helper(Trees.AT, Type.INT, "first", List.of(new Helper.Parameter(Trees.AT, Type.INT, "v")),
                block(new Stmt.While(Trees.AT, binary(BinaryOp.LESS, literal(1), literal(2)), block(
                        new Stmt.If(Trees.AT, binary(BinaryOp.GREATER, v, literal(3)),
                                new Stmt.Return(Trees.AT, v), null),
                        assign(v, binary(BinaryOp.ADD, v, literal(1)))))));
        ArraySignature n = input("n", Type.INT);
        ArraySignature result = output("result", Type.INT);
        // body: int t; while (true-ish) { t = first(n); break; } result = t;  (a local assigned in a loop, read after)
        Expr t = local("t", Type.INT);
        Program p = program(List.of("i"), List.of(n, result), List.of(first),
                declare(Type.INT, "t", null),
                new Stmt.While(Trees.AT, binary(BinaryOp.EQUAL, literal(0), literal(0)),
                        block(assign(t, call(first, array(n))), new Stmt.Break(Trees.AT))),
                assign(array(result), choose(binary(BinaryOp.GREATER, t, literal(5)), t, binary(BinaryOp.MULTIPLY, t,
                        literal(10)))));
        int[] ns = {0, 5, 9};
        int[] got = new int[ns.length];
        Runs.run(p, ns, got);
        for (int k = 0; k < ns.length; k++) {
            int t0 = Math.max(ns[k], 4);
            assertEquals(t0 > 5 ? t0 : t0 * 10, got[k], "n = " + ns[k]);
        }
    }

    @Test
    void shouldKeepConstLocalsAndIfElseBranches() {
        ArraySignature x = input("x", Type.DOUBLE);
        ArraySignature sign = output("sign", Type.DOUBLE);
        Expr half = local("half", Type.DOUBLE);
        Program p = program(List.of("i"), List.of(x, sign), List.of(),
                new Stmt.Declare(Trees.AT, Type.DOUBLE, "half", true, literal(0.5)),
                new Stmt.If(Trees.AT, binary(BinaryOp.LESS, array(x), literal(0.0)),
                        assign(array(sign), Trees.unary(org.loopnest.internal.lang.UnaryOp.NEGATE, half)),
                        assign(array(sign), half)));
        String source = JavaEmitter.emit(p, new AccessSignature(List.of(new AccessSignature.Access(true, 1),
                new AccessSignature.Access(true, 1))));
        assertTrue(source.contains("final double u_half = 0.5;"), source);
        double[] got = new double[3];
        Runs.run(p, new double[] {-2, 0, 3}, got);
        assertEquals(List.of(-0.5, 0.5, 0.5), List.of(got[0], got[1], got[2]));
    }
}
