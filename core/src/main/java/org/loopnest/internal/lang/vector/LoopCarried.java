package org.loopnest.internal.lang.vector;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Stmt;

/**
 * Finds the variables of one body or helper that a loop carries: assigned inside a loop that does not contain their
 * declaration (parameters and outputs count as declared outside every loop), so that their value flows from one
 * iteration to the next. The vector code keeps those in memory ({@link VectorCode}). Stateless.
 */
final class LoopCarried {
    private LoopCarried() {
    }

    /** {@return the names that some loop of {@code body} carries} */
    static Set<String> names(Stmt body) {
        Set<String> carried = new HashSet<>();
        walk(body, 0, new HashMap<>(), carried);
        return carried;
    }

    /** {@return whether {@code body} returns from inside a loop} */
    static boolean returnsInLoop(Stmt body) {
        return returns(body, 0);
    }

    private static void walk(Stmt s, int depth, Map<String, Integer> declared, Set<String> carried) {
        if (s instanceof Stmt.Block b) {
            b.statements().forEach(inner -> walk(inner, depth, declared, carried));
        } else if (s instanceof Stmt.Declare d) {
            declared.put(d.name(), depth);
        } else if (s instanceof Stmt.Assign a && !(a.target() instanceof Expr.Element)) { // a level: no variable
            String name = a.target() instanceof Expr.Local l ? l.name() : ((Expr.Array) a.target()).name();
            if (depth > declared.getOrDefault(name, 0)) {
                carried.add(name);
            }
        } else if (s instanceof Stmt.If i) {
            walk(i.then(), depth + 1, declared, carried);
            if (i.otherwise() != null) {
                walk(i.otherwise(), depth + 1, declared, carried);
            }
        } else if (s instanceof Stmt.While w) {
            walk(w.body(), depth + 1, declared, carried);
        } else if (s instanceof Stmt.For f) {
            if (f.init() != null) {
                walk(f.init(), depth, declared, carried);
            }
            walk(f.body(), depth + 1, declared, carried);
            if (f.update() != null) {
                walk(f.update(), depth + 1, declared, carried);
            }
        }
    }

    private static boolean returns(Stmt s, int depth) {
        if (s instanceof Stmt.Return) {
            return depth > 0;
        } else if (s instanceof Stmt.Block b) {
            return b.statements().stream().anyMatch(inner -> returns(inner, depth));
        } else if (s instanceof Stmt.If i) {
            return returns(i.then(), depth) || i.otherwise() != null && returns(i.otherwise(), depth);
        } else if (s instanceof Stmt.While w) {
            return returns(w.body(), depth + 1);
        } else if (s instanceof Stmt.For f) {
            return returns(f.body(), depth + 1);
        }
        return false;
    }
}
