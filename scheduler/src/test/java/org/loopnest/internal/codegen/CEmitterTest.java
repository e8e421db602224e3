package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.internal.codegen.Trees.array;
import static org.loopnest.internal.codegen.Trees.assign;
import static org.loopnest.internal.codegen.Trees.binary;
import static org.loopnest.internal.codegen.Trees.block;
import static org.loopnest.internal.codegen.Trees.breakLoop;
import static org.loopnest.internal.codegen.Trees.call;
import static org.loopnest.internal.codegen.Trees.constant;
import static org.loopnest.internal.codegen.Trees.continueLoop;
import static org.loopnest.internal.codegen.Trees.convert;
import static org.loopnest.internal.codegen.Trees.declare;
import static org.loopnest.internal.codegen.Trees.helper;
import static org.loopnest.internal.codegen.Trees.helpers;
import static org.loopnest.internal.codegen.Trees.in;
import static org.loopnest.internal.codegen.Trees.lit;
import static org.loopnest.internal.codegen.Trees.local;
import static org.loopnest.internal.codegen.Trees.loopFor;
import static org.loopnest.internal.codegen.Trees.loopWhile;
import static org.loopnest.internal.codegen.Trees.out;
import static org.loopnest.internal.codegen.Trees.parameter;
import static org.loopnest.internal.codegen.Trees.program;
import static org.loopnest.internal.codegen.Trees.returning;
import static org.loopnest.internal.codegen.Trees.when;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.Role;
import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/** Statements and helpers printed as C: braces, loops, declarations, helpers callees first, double detection. */
class CEmitterTest {
    private static final CEmitter OPENCL = new CEmitter(KernelTarget.OPENCL);

    /** {@code s = 0; for (int k = 0; k < 10; k = k + 1) { if (k == 3) continue; if (k == 7) break; s += k; }}. */
    static Program loops() {
        var k = local(Type.INT, "k");
        var s = out(Type.INT, "s");
        return program("loops", List.of("i"), List.of(array("s", Type.INT, Role.OUT)), List.of(),
                assign(s, lit(0)),
                loopFor(declare(Type.INT, "k", lit(0)), binary(BinaryOp.LESS, k, lit(10)),
                        assign(k, binary(BinaryOp.ADD, k, lit(1))), block(
                                when(binary(BinaryOp.EQUAL, k, lit(3)), continueLoop(), null),
                                when(binary(BinaryOp.EQUAL, k, lit(7)), breakLoop(), null),
                                assign(s, binary(BinaryOp.ADD, s, k)))),
                declare(Type.INT, "n", lit(0)),
                loopWhile(binary(BinaryOp.LESS, local(Type.INT, "n"), lit(4)),
                        assign(local(Type.INT, "n"), binary(BinaryOp.ADD, local(Type.INT, "n"), lit(1)))),
                assign(s, binary(BinaryOp.ADD, s, local(Type.INT, "n"))));
    }

    /** {@code float twice(float v) { return halve(v) * 4.0f; }} calling {@code float halve(float v)}. */
    static List<Helper> twoHelpers() {
        var v = local(Type.FLOAT, "v");
        Helper halve = helper(Type.FLOAT, "halve", List.of(parameter(Type.FLOAT, "v")),
                returning(binary(BinaryOp.MULTIPLY, v, lit(0.5f))));
        Helper twice = helper(Type.FLOAT, "twice", List.of(parameter(Type.FLOAT, "v")),
                when(binary(BinaryOp.LESS, v, lit(0.0f)), returning(lit(0.0f)), null),
                returning(binary(BinaryOp.MULTIPLY, call(Type.FLOAT, "halve", v), lit(4.0f))));
        return helpers(halve, twice);
    }

    @Test
    void shouldBraceEveryLoopAndBranchAndPrintBreakAndContinue() {
        String body = OPENCL.body(loops(), 1);
        assertEquals("""
                    u_s = 0;
                    for (int u_k = 0; u_k < 10; u_k = u_k + 1) {
                        if (u_k == 3) {
                            continue;
                        }
                        if (u_k == 7) {
                            break;
                        }
                        u_s = u_s + u_k;
                    }
                    int u_n = 0;
                    while (u_n < 4) {
                        u_n = u_n + 1;
                    }
                    u_s = u_s + u_n;
                """, body);
    }

    @Test
    void shouldPrintACheckedBodyWithItsCompoundAssignmentsAndIncrementsSpelledOut() {
        Program p = KernelLanguage.check(DeviceCode.of("""
                float s = 0.0f;
                for (int k = 0; k < 10; k++) {
                    if (k == 3) continue;
                    s += k * x;
                }
                y = s;
                """), new KernelContext(List.of("i"), List.of(array("x", Type.DOUBLE, Role.IN),
                array("y", Type.FLOAT, Role.OUT))));
        assertEquals("""
                float u_s = 0.0f;
                for (int u_k = 0; u_k < 10; u_k = u_k + 1) {
                    if (u_k == 3) {
                        continue;
                    }
                    u_s = (float) (((double) u_s) + (((double) u_k) * u_x));
                }
                u_y = u_s;
                """, OPENCL.body(p, 0));
    }

    @Test
    void shouldPrintIfElseAndConstDeclarations() {
        var x = in(Type.FLOAT, "x");
        Program p = program("branches", List.of("i"), List.of(array("x", Type.FLOAT, Role.IN),
                array("y", Type.FLOAT, Role.OUT)), List.of(),
                constant(Type.FLOAT, "h", binary(BinaryOp.MULTIPLY, x, lit(0.5f))),
                when(binary(BinaryOp.GREATER, x, lit(0.0f)), assign(out(Type.FLOAT, "y"), local(Type.FLOAT, "h")),
                        block(assign(out(Type.FLOAT, "y"), lit(0.0f)))));
        assertEquals("""
                const float u_h = u_x * 0.5f;
                if (u_x > 0.0f) {
                    u_y = u_h;
                } else {
                    u_y = 0.0f;
                }
                """, OPENCL.body(p, 0));
    }

    @Test
    void shouldPrintHelpersInTheProgramsOrderAsRuntimeFunctions() {
        Program p = program("helped", List.of("i"), List.of(array("y", Type.FLOAT, Role.OUT)), twoHelpers(),
                assign(out(Type.FLOAT, "y"), call(Type.FLOAT, "twice", lit(1.0f))));
        assertEquals("""
                LN_FUNC float u_halve(float u_v)
                {
                    return u_v * 0.5f;
                }

                LN_FUNC float u_twice(float u_v)
                {
                    if (u_v < 0.0f) {
                        return 0.0f;
                    }
                    return u_halve(u_v) * 4.0f;
                }

                """, new CEmitter(KernelTarget.CUDA).helpers(p));
        assertEquals("", OPENCL.helpers(loops()));
    }

    @Test
    void shouldFindDoubleInArraysLocalsHelpersAndConversions() {
        assertFalse(DoubleUse.in(loops()));
        assertTrue(DoubleUse.in(program("a", List.of("i"), List.of(array("d", Type.DOUBLE, Role.IN),
                array("y", Type.FLOAT, Role.OUT)), List.of(), assign(out(Type.FLOAT, "y"), lit(1.0f)))));
        var y = out(Type.FLOAT, "y");
        List<Helper> none = List.of();
        var outputs = List.of(array("y", Type.FLOAT, Role.OUT));
        assertTrue(DoubleUse.in(program("b", List.of("i"), outputs, none,
                assign(y, convert(Type.FLOAT, binary(BinaryOp.MULTIPLY, convert(Type.DOUBLE, lit(2.0f)),
                        lit(0.5)))))));
        assertTrue(DoubleUse.in(program("c", List.of("i"), outputs, none,
                loopWhile(binary(BinaryOp.LESS, y, lit(1.0f)), block(declare(Type.DOUBLE, "d", null),
                        breakLoop())), assign(y, lit(1.0f)))));
        assertTrue(DoubleUse.in(program("d", List.of("i"), outputs, List.of(helper(Type.FLOAT, "h",
                List.of(parameter(Type.DOUBLE, "v")), returning(lit(1.0f)))), assign(y, lit(1.0f)))));
    }
}
