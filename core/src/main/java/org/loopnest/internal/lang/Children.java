package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The children of typed tree nodes, for passes that walk the whole tree (checker, emitters). Stateless. */
public final class Children {
    private Children() {
    }

    /**
     * {@return the operands or arguments of {@code e}, in order}
     *
     * @param e an expression
     */
    public static List<Expr> of(Expr e) {
        if (e instanceof Expr.Unary u) {
            return List.of(u.operand());
        } else if (e instanceof Expr.Binary b) {
            return List.of(b.left(), b.right());
        } else if (e instanceof Expr.Conditional c) {
            return List.of(c.condition(), c.whenTrue(), c.whenFalse());
        } else if (e instanceof Expr.Convert c) {
            return List.of(c.operand());
        } else if (e instanceof Expr.MathCall m) {
            return m.arguments();
        } else if (e instanceof Expr.HelperCall h) {
            return h.arguments();
        } else if (e instanceof Expr.Element el) {
            return List.of(el.index());
        }
        return List.of();
    }

    /**
     * {@return the expressions {@code s} holds directly (not those of nested statements), in order}
     *
     * @param s a statement
     */
    public static List<Expr> expressions(Stmt s) {
        List<Expr> out = new ArrayList<>();
        if (s instanceof Stmt.Declare d && d.init() != null) {
            out.add(d.init());
        } else if (s instanceof Stmt.Assign a) {
            if (a.target() instanceof Expr.Element level) {
                out.add(level.index()); // the level assigned is computed, as the value is
            }
            out.add(a.value());
        } else if (s instanceof Stmt.If i) {
            out.add(i.condition());
        } else if (s instanceof Stmt.While w) {
            out.add(w.condition());
        } else if (s instanceof Stmt.For f) {
            out.add(f.condition());
        } else if (s instanceof Stmt.Return r) {
            out.add(r.value());
        }
        return out;
    }

    /**
     * {@return the statements nested directly in {@code s}, in order}
     *
     * @param s a statement
     */
    public static List<Stmt> statements(Stmt s) {
        List<Stmt> out = new ArrayList<>();
        if (s instanceof Stmt.Block b) {
            out.addAll(b.statements());
        } else if (s instanceof Stmt.If i) {
            out.add(i.then());
            if (i.otherwise() != null) {
                out.add(i.otherwise());
            }
        } else if (s instanceof Stmt.While w) {
            out.add(w.body());
        } else if (s instanceof Stmt.For f) {
            if (f.init() != null) {
                out.add(f.init());
            }
            if (f.update() != null) {
                out.add(f.update());
            }
            out.add(f.body());
        }
        return out;
    }

    /**
     * {@return {@code root} and every statement nested in it, parents before children}
     *
     * @param root a statement
     */
    public static Stream<Stmt> statementsUnder(Stmt root) {
        return Stream.concat(Stream.of(root), statements(root).stream().flatMap(Children::statementsUnder));
    }

    /**
     * {@return every expression node in {@code root}'s statements, at any depth (an assignment's target excluded:
     * its value has the target's type, and only outputs and locals are targets; a level's index is included)}
     *
     * @param root a statement
     */
    public static Stream<Expr> expressionsUnder(Stmt root) {
        return statementsUnder(root).flatMap(s -> expressions(s).stream()).flatMap(Children::under);
    }

    /**
     * {@return every expression node of {@code program}: its helpers' bodies, then its body, at any depth (as
     * {@link #expressionsUnder(Stmt)})}
     *
     * @param program a checked program
     */
    public static Stream<Expr> expressionsUnder(Program program) {
        return Stream.concat(program.helpers().stream().map(Helper::body), Stream.of(program.body()))
                .flatMap(Children::expressionsUnder);
    }

    private static Stream<Expr> under(Expr e) {
        return Stream.concat(Stream.of(e), of(e).stream().flatMap(Children::under));
    }
}
