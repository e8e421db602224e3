package org.loopnest.internal.codegen;

import java.util.List;
import org.loopnest.internal.lang.Expr;
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
                    || inStatement(h.body())) {
                return true;
            }
        }
        return inStatement(program.body());
    }

    private static boolean inStatement(Stmt st) {
        if (st == null) {
            return false;
        } else if (st instanceof Stmt.Block b) {
            return b.statements().stream().anyMatch(DoubleUse::inStatement);
        } else if (st instanceof Stmt.Declare d) {
            return d.type() == Type.DOUBLE || inExpression(d.init());
        } else if (st instanceof Stmt.Assign a) {
            return inExpression(a.target()) || inExpression(a.value());
        } else if (st instanceof Stmt.If i) {
            return inExpression(i.condition()) || inStatement(i.then()) || inStatement(i.otherwise());
        } else if (st instanceof Stmt.While w) {
            return inExpression(w.condition()) || inStatement(w.body());
        } else if (st instanceof Stmt.For f) {
            return inStatement(f.init()) || inExpression(f.condition()) || inStatement(f.update())
                    || inStatement(f.body());
        } else if (st instanceof Stmt.Return r) {
            return inExpression(r.value());
        }
        return false; // break, continue
    }

    private static boolean inExpression(Expr e) {
        if (e == null) {
            return false;
        } else if (e.type() == Type.DOUBLE) {
            return true;
        } else if (e instanceof Expr.Unary u) {
            return inExpression(u.operand());
        } else if (e instanceof Expr.Binary b) {
            return inExpression(b.left()) || inExpression(b.right());
        } else if (e instanceof Expr.Conditional c) {
            return inExpression(c.condition()) || inExpression(c.whenTrue()) || inExpression(c.whenFalse());
        } else if (e instanceof Expr.Convert c) {
            return inExpression(c.operand());
        } else if (e instanceof Expr.MathCall m) {
            return anyIn(m.arguments());
        } else if (e instanceof Expr.HelperCall h) {
            return anyIn(h.arguments());
        }
        return false; // a literal, local, index or array of another type
    }

    private static boolean anyIn(List<Expr> expressions) {
        return expressions.stream().anyMatch(DoubleUse::inExpression);
    }
}
