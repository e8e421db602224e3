package org.loopnest.internal.codegen;

import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;

/**
 * Finds whether a checked program computes in {@code double} anywhere: an array's element type, a local, a
 * helper's parameter or result, or any expression (a literal, a conversion, a math call). OpenCL devices need
 * {@code cl_khr_fp64} for such a kernel. Stateless.
 */
final class DoubleUse {
    private DoubleUse() {
    }

    /** {@return whether {@code program} uses {@code double} anywhere} */
    static boolean in(Program program) {
        for (KernelContext.ArraySignature a : program.context().arrays()) {
            if (a.type() == Type.DOUBLE) {
                return true;
            }
        }
        for (Helper h : program.helpers()) {
            if (h.returnType() == Type.DOUBLE || h.parameters().stream().anyMatch(p -> p.type() == Type.DOUBLE)
                    || in(h.body())) {
                return true;
            }
        }
        return in(program.body());
    }

    private static boolean in(Stmt root) {
        return Children.statementsUnder(root).anyMatch(s -> s instanceof Stmt.Declare d && d.type() == Type.DOUBLE)
                || Children.expressionsUnder(root).anyMatch(e -> e.type() == Type.DOUBLE);
    }
}
