package org.loopnest.internal.codegen;

import java.util.List;
import java.util.stream.Collectors;
import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Type;

/**
 * Prints expressions of a checked tree as C for one {@link KernelTarget}. Every unary, binary, conditional and
 * conversion node is printed in parentheses of its own, so the result never depends on C's precedence; the tree's
 * types are used as they are (every implicit conversion is already a node). User names get the prefix
 * {@value #USER_PREFIX}. Immutable and thread-safe.
 *
 * <p>Where C leaves a result undefined and Java defines it, the printed C makes the Java result: shift counts are
 * masked to the left operand's width (as OpenCL C and Java do; CUDA would not); {@code isnan}/{@code isinf} are
 * compared with 0 (OpenCL's scalar forms give {@code int} 1, CUDA's a {@code bool}); floating values convert to
 * integers through the targets' saturating conversions (NaN gives 0, as Java's casts; a C cast is undefined).
 */
final class CExpressions {
    /** The prefix of every user name in generated code, so that none clashes with a target's own names. */
    static final String USER_PREFIX = "u_";

    private final KernelTarget target;

    CExpressions(KernelTarget target) {
        this.target = target;
    }

    /** {@return the C name of a user's local, parameter, index, array or helper} */
    static String name(String userName) {
        return USER_PREFIX + userName;
    }

    /**
     * {@return the C spelling of {@code type}: {@code bool} (native in OpenCL C and CUDA C++, with {@code true} and
     * {@code false}), {@code int}, {@code LN_I64}, {@code float}, {@code double}}
     */
    static String type(Type type) {
        return type == Type.LONG ? "LN_I64" : type.keyword();
    }

    /** {@return {@code e} as C, in parentheses unless it is a primary expression} */
    String print(Expr e) {
        return print(e, true);
    }

    /** {@return {@code e} as C without parentheses around the whole, for a statement's top level} */
    String printTop(Expr e) {
        return print(e, false);
    }

    /**
     * {@return level {@code el.index()} of the column array's element, as an lvalue: {@code ln_at_T[ln_level(k,
     * levels, line, column, ln_err) * ln_d_T]}, {@code ln_d_T} the elements between two levels in the chunk}
     *
     * @param el a level of a column array
     */
    String level(Expr.Element el) {
        return "ln_at_" + el.name() + "[ln_level(" + printTop(el.index()) + ", " + el.levels() + ", " + el.at().line()
                + ", " + el.at().column() + ", ln_err) * ln_d_" + el.name() + "]";
    }

    private String print(Expr e, boolean wrap) {
        String text = primaryOrCompound(e);
        boolean compound = e instanceof Expr.Unary || e instanceof Expr.Binary || e instanceof Expr.Conditional
                || e instanceof Expr.Convert || (e instanceof Expr.MathCall m && m.function().isTest());
        return wrap && compound ? "(" + text + ")" : text;
    }

    private String primaryOrCompound(Expr e) {
        if (e instanceof Expr.Literal l) {
            return CLiterals.print(l);
        } else if (e instanceof Expr.Local l) {
            return name(l.name());
        } else if (e instanceof Expr.Index i) {
            return name(i.name());
        } else if (e instanceof Expr.Array a) {
            return name(a.name());
        } else if (e instanceof Expr.Element el) {
            return level(el);
        } else if (e instanceof Expr.Unary u) {
            return u.op().symbol() + print(u.operand());
        } else if (e instanceof Expr.Binary b) {
            return binary(b);
        } else if (e instanceof Expr.Conditional c) {
            return print(c.condition()) + " ? " + print(c.whenTrue()) + " : " + print(c.whenFalse());
        } else if (e instanceof Expr.Convert c) {
            return convert(c);
        } else if (e instanceof Expr.MathCall m) {
            return math(m);
        }
        Expr.HelperCall h = (Expr.HelperCall) e;
        return name(h.helper()) + arguments(h.arguments());
    }

    private String binary(Expr.Binary b) {
        String right = print(b.right());
        if (b.op().kind() == BinaryOp.Kind.SHIFT) {
            right = "(" + right + " & " + (b.type() == Type.LONG ? 63 : 31) + ")";
        }
        return print(b.left()) + " " + b.op().symbol() + " " + right;
    }

    private String convert(Expr.Convert c) {
        Type from = c.operand().type();
        if (c.type() == Type.BOOL) {
            return print(c.operand()) + " != 0";
        }
        if (from.isFloating() && c.type().isInteger()) {
            return Dialect.saturatingConversion(target, from, c.type()) + "(" + printTop(c.operand()) + ")";
        }
        String operand = from == Type.BOOL ? "(" + print(c.operand()) + " ? 1 : 0)" : print(c.operand());
        return "(" + type(c.type()) + ") " + operand;
    }

    private String math(Expr.MathCall m) {
        Type floating = m.arguments().get(0).type();
        String call = Dialect.mathName(target, m.function(), floating) + arguments(m.arguments());
        return m.function().isTest() ? call + " != 0" : call;
    }

    private String arguments(List<Expr> arguments) {
        return arguments.stream().map(this::printTop).collect(Collectors.joining(", ", "(", ")"));
    }
}
