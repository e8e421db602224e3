package org.loopnest.internal.lang.jvm;

import java.util.HashSet;
import java.util.Set;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Stmt;

/** Finds the arrays a body reads or writes, so that the printed loop loads only the inputs it uses. Stateless. */
final class NamesUsed {
    private NamesUsed() {
    }

    /** {@return the names of the arrays {@code body} reads or assigns (outputs are assigned on every path)} */
    static Set<String> arrays(Stmt body) {
        Set<String> names = new HashSet<>();
        Children.statementsUnder(body).forEach(s -> {
            if (s instanceof Stmt.Assign a && a.target() instanceof Expr.Array target) {
                names.add(target.name());
            } else if (s instanceof Stmt.Assign a && a.target() instanceof Expr.Element target) {
                names.add(target.name());
            }
        });
        Children.expressionsUnder(body).forEach(e -> {
            if (e instanceof Expr.Array a) {
                names.add(a.name());
            } else if (e instanceof Expr.Element a) {
                names.add(a.name());
            }
        });
        return names;
    }
}
