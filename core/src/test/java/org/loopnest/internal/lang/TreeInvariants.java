package org.loopnest.internal.lang;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

/** Asserts the invariants documented on {@link Expr}, {@link Stmt}, {@link Helper} and {@link Program}. */
final class TreeInvariants {
    private TreeInvariants() {
    }

    static void assertHolds(Program program) {
        Set<String> printed = new HashSet<>();
        for (Helper h : program.helpers()) {
            statement(h.body());
            CallGraphCheck.callsOnly(h, printed);
            printed.add(h.name());
        }
        statement(program.body());
    }

    static void statement(Stmt s) {
        assertNotNull(s.at());
        Children.expressions(s).forEach(TreeInvariants::expression);
        if (s instanceof Stmt.If i) {
            assertEquals(Type.BOOL, i.condition().type());
        } else if (s instanceof Stmt.While w) {
            assertEquals(Type.BOOL, w.condition().type());
        } else if (s instanceof Stmt.For f) {
            assertEquals(Type.BOOL, f.condition().type());
        } else if (s instanceof Stmt.Assign a) {
            assertEquals(a.target().type(), a.value().type(), "assignment " + TreePrinter.print(s));
            assertTrue(a.target() instanceof Expr.Local || a.target() instanceof Expr.Array
                    || a.target() instanceof Expr.Element);
        } else if (s instanceof Stmt.Declare d && d.init() != null) {
            assertEquals(d.type(), d.init().type(), "declaration " + TreePrinter.print(s));
        }
        Children.statements(s).forEach(TreeInvariants::statement);
    }

    static void expression(Expr e) {
        assertNotNull(e.type());
        assertNotNull(e.at());
        if (e instanceof Expr.Convert c) {
            assertNotEquals(c.type(), c.operand().type(), "convert to the same type " + TreePrinter.print(e));
        } else if (e instanceof Expr.Binary b) {
            binary(b);
        } else if (e instanceof Expr.Conditional c) {
            assertEquals(Type.BOOL, c.condition().type());
            assertEquals(c.type(), c.whenTrue().type());
            assertEquals(c.type(), c.whenFalse().type());
        } else if (e instanceof Expr.MathCall m) {
            m.arguments().forEach(a -> assertTrue(a.type().isFloating()));
            m.arguments().forEach(a -> assertEquals(m.arguments().get(0).type(), a.type()));
        } else if (e instanceof Expr.Literal l) {
            assertTrue(!(l.value() instanceof Number n) || n.doubleValue() >= 0 || Double.isNaN(n.doubleValue()));
        }
        Children.of(e).forEach(TreeInvariants::expression);
    }

    private static void binary(Expr.Binary b) {
        String where = TreePrinter.print(b);
        switch (b.op().kind()) {
            case ARITHMETIC, INTEGER -> {
                assertEquals(b.type(), b.left().type(), where);
                assertEquals(b.type(), b.right().type(), where);
            }
            case SHIFT -> {
                assertEquals(b.type(), b.left().type(), where);
                assertTrue(b.right().type().isInteger(), where);
            }
            case ORDER, EQUALITY -> {
                assertEquals(Type.BOOL, b.type(), where);
                assertEquals(b.left().type(), b.right().type(), where);
            }
            case LOGICAL -> {
                assertEquals(Type.BOOL, b.left().type(), where);
                assertEquals(Type.BOOL, b.right().type(), where);
            }
        }
    }

    /** Helpers are listed callees first: a helper calls only helpers listed before it. */
    private static final class CallGraphCheck {
        static void callsOnly(Helper h, Set<String> before) {
            calls(h.body(), before, h.name());
        }

        private static void calls(Stmt s, Set<String> before, String caller) {
            Children.expressions(s).forEach(e -> calls(e, before, caller));
            Children.statements(s).forEach(t -> calls(t, before, caller));
        }

        private static void calls(Expr e, Set<String> before, String caller) {
            if (e instanceof Expr.HelperCall c) {
                assertTrue(before.contains(c.helper()), caller + " calls " + c.helper() + " listed after it");
            }
            Children.of(e).forEach(a -> calls(a, before, caller));
        }
    }
}
