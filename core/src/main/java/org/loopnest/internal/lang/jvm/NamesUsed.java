package org.loopnest.internal.lang.jvm;

import java.util.HashSet;
import java.util.Set;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Stmt;

/** Finds the arrays a body reads or writes, so that the printed loop loads only the inputs it uses. Stateless. */
final class NamesUsed {
    private NamesUsed() {
    }

    /** {@return the names of the arrays {@code body} mentions} */
    static Set<String> arrays(Stmt body) {
        Set<String> names = new HashSet<>();
        walk(body, names);
        return names;
    }

    private static void walk(Stmt s, Set<String> names) {
        if (s instanceof Stmt.Block b) {
            b.statements().forEach(inner -> walk(inner, names));
        } else if (s instanceof Stmt.Declare d) {
            walk(d.init(), names);
        } else if (s instanceof Stmt.Assign a) {
            walk(a.target(), names);
            walk(a.value(), names);
        } else if (s instanceof Stmt.If i) {
            walk(i.condition(), names);
            walk(i.then(), names);
            if (i.otherwise() != null) {
                walk(i.otherwise(), names);
            }
        } else if (s instanceof Stmt.While w) {
            walk(w.condition(), names);
            walk(w.body(), names);
        } else if (s instanceof Stmt.For f) {
            if (f.init() != null) {
                walk(f.init(), names);
            }
            walk(f.condition(), names);
            if (f.update() != null) {
                walk(f.update(), names);
            }
            walk(f.body(), names);
        } else if (s instanceof Stmt.Return r) {
            walk(r.value(), names);
        }
    }

    private static void walk(Expr e, Set<String> names) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.Array a) {
            names.add(a.name());
        } else if (e instanceof Expr.Unary u) {
            walk(u.operand(), names);
        } else if (e instanceof Expr.Binary b) {
            walk(b.left(), names);
            walk(b.right(), names);
        } else if (e instanceof Expr.Conditional c) {
            walk(c.condition(), names);
            walk(c.whenTrue(), names);
            walk(c.whenFalse(), names);
        } else if (e instanceof Expr.Convert c) {
            walk(c.operand(), names);
        } else if (e instanceof Expr.MathCall m) {
            m.arguments().forEach(arg -> walk(arg, names));
        } else if (e instanceof Expr.HelperCall h) {
            h.arguments().forEach(arg -> walk(arg, names));
        }
    }
}
