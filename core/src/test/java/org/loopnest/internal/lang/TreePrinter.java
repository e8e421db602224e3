package org.loopnest.internal.lang;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Prints the typed tree as canonical S-expressions, for assertions: every typed node prints its type after a colon,
 * e.g. {@code 1 + 2L} is {@code (+:long (conv:long 1) 2L)}; explicit casts print as {@code cast}, implicit
 * conversions as {@code conv}. Literals carry their type's suffix ({@code 2L}, {@code 1.0f}, {@code 1.0}).
 */
final class TreePrinter {
    private TreePrinter() {
    }

    static String print(Expr e) {
        if (e instanceof Expr.Literal l) {
            return literal(l);
        } else if (e instanceof Expr.Local l) {
            return l.name();
        } else if (e instanceof Expr.Index i) {
            return "(index " + i.name() + " " + i.loop() + ")";
        } else if (e instanceof Expr.Array a) {
            return a.name();
        } else if (e instanceof Expr.Element el) {
            return "(level " + el.name() + " " + print(el.index()) + ")";
        } else if (e instanceof Expr.Unary u) {
            return "(" + u.op().symbol() + ":" + u.type() + " " + print(u.operand()) + ")";
        } else if (e instanceof Expr.Binary b) {
            return "(" + b.op().symbol() + ":" + b.type() + " " + print(b.left()) + " " + print(b.right()) + ")";
        } else if (e instanceof Expr.Conditional c) {
            return "(?:" + c.type() + " " + print(c.condition()) + " " + print(c.whenTrue()) + " "
                    + print(c.whenFalse()) + ")";
        } else if (e instanceof Expr.Convert c) {
            return "(" + (c.explicit() ? "cast:" : "conv:") + c.type() + " " + print(c.operand()) + ")";
        } else if (e instanceof Expr.MathCall m) {
            return "(" + m.function().languageName() + ":" + m.type() + args(m.arguments()) + ")";
        }
        Expr.HelperCall h = (Expr.HelperCall) e;
        return "(call:" + h.type() + " " + h.helper() + args(h.arguments()) + ")";
    }

    static String print(Stmt s) {
        if (s == null) {
            return "_";
        } else if (s instanceof Stmt.Block b) {
            return "(block" + b.statements().stream().map(t -> " " + print(t)).collect(Collectors.joining()) + ")";
        } else if (s instanceof Stmt.Declare d) {
            return "(" + (d.constant() ? "const " : "decl ") + d.type() + " " + d.name()
                    + (d.init() == null ? "" : " " + print(d.init())) + ")";
        } else if (s instanceof Stmt.Assign a) {
            return "(= " + print(a.target()) + " " + print(a.value()) + ")";
        } else if (s instanceof Stmt.If i) {
            return "(if " + print(i.condition()) + " " + print(i.then())
                    + (i.otherwise() == null ? "" : " " + print(i.otherwise())) + ")";
        } else if (s instanceof Stmt.While w) {
            return "(while " + print(w.condition()) + " " + print(w.body()) + ")";
        } else if (s instanceof Stmt.For f) {
            return "(for " + print(f.init()) + " " + print(f.condition()) + " " + print(f.update()) + " "
                    + print(f.body()) + ")";
        } else if (s instanceof Stmt.Break) {
            return "(break)";
        } else if (s instanceof Stmt.Continue) {
            return "(continue)";
        }
        return "(return " + print(((Stmt.Return) s).value()) + ")";
    }

    static String print(Helper h) {
        return "(helper " + h.returnType() + " " + h.name() + " ("
                + h.parameters().stream().map(p -> p.type() + " " + p.name()).collect(Collectors.joining(", "))
                + ") " + print(h.body()) + ")";
    }

    private static String args(List<Expr> arguments) {
        return arguments.stream().map(a -> " " + print(a)).collect(Collectors.joining());
    }

    private static String literal(Expr.Literal l) {
        Object v = l.value();
        return switch (l.type()) {
            case LONG -> v + "L";
            case FLOAT -> v + "f";
            default -> String.valueOf(v);
        };
    }
}
