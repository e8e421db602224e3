package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.loopnest.data.Role;

/**
 * Types the expressions of one body or helper: resolves names and calls, applies C's usual arithmetic conversions as
 * explicit {@link Expr.Convert} nodes, and refuses what the language does not allow (bool as a number, a number as
 * a condition, {@code %} on floating operands, unknown names and functions, wrong arguments). Not thread-safe; one
 * instance per body or helper.
 */
final class ExprChecker {
    private static final Map<String, MathFunction> MATH = new HashMap<>();

    static {
        for (MathFunction f : MathFunction.values()) {
            MATH.put(f.languageName(), f);
        }
    }

    private final SourceText source;
    private final Scope scope;
    private final Map<String, Syntax.Function> helpers;
    private final KernelContext context;

    /**
     * @param source the text checked, for errors
     * @param scope the locals in scope, shared with the statement checker
     * @param helpers every helper by name
     * @param context the indices and arrays the body sees, or {@code null} inside a helper (which sees none)
     */
    ExprChecker(SourceText source, Scope scope, Map<String, Syntax.Function> helpers, KernelContext context) {
        this.source = source;
        this.scope = scope;
        this.helpers = helpers;
        this.context = context;
    }

    /**
     * {@return the typed form of {@code node}}
     *
     * @param node an expression as written
     * @throws org.loopnest.error.KernelSyntaxException at the first error in it
     */
    Expr check(Syntax.Node node) {
        if (node instanceof Syntax.Literal l) {
            return literal(l);
        } else if (node instanceof Syntax.Name n) {
            return name(n);
        } else if (node instanceof Syntax.Unary u) {
            return unary(u);
        } else if (node instanceof Syntax.Binary b) {
            return binary(b);
        } else if (node instanceof Syntax.Conditional c) {
            return conditional(c);
        } else if (node instanceof Syntax.Cast c) {
            return cast(c);
        } else if (node instanceof Syntax.Subscript sub) {
            return subscript(sub);
        }
        return call((Syntax.Call) node);
    }

    /**
     * {@return {@code node} typed, which must be {@code bool}}
     *
     * @param node a condition as written
     */
    Expr condition(Syntax.Node node) {
        Expr e = check(node);
        if (e.type() != Type.BOOL) {
            throw source.error(e.at(), e.type() + " used as a condition", "a bool, e.g. x != 0");
        }
        return e;
    }

    /**
     * {@return {@code value} converted implicitly to {@code target}: unchanged if it has that type, converted if
     * both are numeric}
     *
     * @param value a typed value
     * @param target the type wanted
     * @param what how messages name the place the value goes, e.g. {@code the value assigned to x}
     * @throws org.loopnest.error.KernelSyntaxException between {@code bool} and a number
     */
    Expr convert(Expr value, Type target, String what) {
        if (value.type() == target) {
            return value;
        }
        if (!value.type().isNumeric() || !target.isNumeric()) {
            throw source.error(value.at(), what + " is " + value.type(), target + "; bool and numbers convert only "
                    + "by a cast such as (int) b or (bool) x");
        }
        return implicit(value, target);
    }

    /**
     * {@return {@code e} converted to {@code type} by the language, or {@code e} itself if it has that type}
     *
     * @param e a numeric value
     * @param type a numeric type
     */
    static Expr implicit(Expr e, Type type) {
        return e.type() == type ? e : new Expr.Convert(type, e.at(), e, false);
    }

    private Expr literal(Syntax.Literal l) {
        Object v = l.value();
        Type type = v instanceof Boolean ? Type.BOOL : v instanceof Integer ? Type.INT : v instanceof Long ? Type.LONG
                : v instanceof Float ? Type.FLOAT : Type.DOUBLE;
        return new Expr.Literal(type, l.at(), v);
    }

    private Expr name(Syntax.Name n) {
        Scope.Variable local = scope.lookup(n.name());
        if (local != null) {
            return new Expr.Local(local.type(), n.at(), n.name());
        }
        if (context != null) {
            int loop = context.indices().indexOf(n.name());
            if (loop >= 0) {
                return new Expr.Index(n.at(), n.name(), loop);
            }
            for (KernelContext.ArraySignature a : context.arrays()) {
                if (a.name().equals(n.name())) {
                    if (a.isColumn()) {
                        throw source.error(n.at(), "column array '" + a.name() + "' without a level", a.name()
                                + "[k] with a level k from 0 to len(" + a.axis() + ") - 1");
                    }
                    return new Expr.Array(a.type(), n.at(), a.name(), a.role());
                }
            }
            if (context.axisExtent(n.name()) >= 0) {
                throw source.error(n.at(), "'" + n.name() + "' is a column axis, not a value", "len(" + n.name()
                        + ") for its extent, or a level of a column array such as A[k]");
            }
        }
        if (helpers.containsKey(n.name()) || MATH.containsKey(n.name())) {
            throw source.error(n.at(), "'" + n.name() + "' is a function, not a value", "a call such as "
                    + n.name() + "(...)");
        }
        throw source.error(n.at(), "unknown name '" + n.name() + "'", visibleNames());
    }

    /** {@return how messages list what a name may refer to here} */
    String visibleNames() {
        if (context == null) {
            return "a parameter or a local declared before (helpers see no arrays or loop indices)";
        }
        List<String> arrays = context.arrays().stream().map(KernelContext.ArraySignature::name).toList();
        return "a loop index (" + String.join(", ", context.indices()) + "), an array (" + abbreviate(arrays)
                + "), or a local declared before";
    }

    private static String abbreviate(List<String> names) {
        return names.size() <= 4 ? String.join(", ", names) : String.join(", ", names.subList(0, 4)) + ", ...";
    }

    private Expr unary(Syntax.Unary u) {
        Expr operand = check(u.operand());
        switch (u.op()) {
            case "!" -> {
                if (operand.type() != Type.BOOL) {
                    throw source.error(operand.at(), operand.type() + " used as a condition", "a bool after !, "
                            + "e.g. !(x != 0)");
                }
                return new Expr.Unary(Type.BOOL, u.at(), UnaryOp.NOT, operand);
            }
            case "~" -> {
                requireInteger(operand, "~");
                return new Expr.Unary(operand.type(), u.at(), UnaryOp.COMPLEMENT, operand);
            }
            default -> {
                requireNumber(operand, u.op());
                return u.op().equals("+") ? operand : new Expr.Unary(operand.type(), u.at(), UnaryOp.NEGATE, operand);
            }
        }
    }

    private Expr binary(Syntax.Binary b) {
        Expr left = check(b.left());
        Expr right = check(b.right());
        BinaryOp op = b.op();
        return switch (op.kind()) {
            case ARITHMETIC -> numeric(b.at(), op, left, right, false);
            case INTEGER -> {
                requireInteger(left, op.symbol());
                requireInteger(right, op.symbol());
                yield numeric(b.at(), op, left, right, false);
            }
            case SHIFT -> {
                requireInteger(left, op.symbol());
                requireInteger(right, op.symbol());
                yield new Expr.Binary(left.type(), b.at(), op, left, right);
            }
            case ORDER -> numeric(b.at(), op, left, right, true);
            case EQUALITY -> equality(b.at(), op, left, right);
            case LOGICAL -> {
                requireBool(left, op.symbol());
                requireBool(right, op.symbol());
                yield new Expr.Binary(Type.BOOL, b.at(), op, left, right);
            }
        };
    }

    private Expr numeric(Position at, BinaryOp op, Expr left, Expr right, boolean test) {
        requireNumber(left, op.symbol());
        requireNumber(right, op.symbol());
        Type common = Type.common(left.type(), right.type());
        return new Expr.Binary(test ? Type.BOOL : common, at, op, implicit(left, common), implicit(right, common));
    }

    private Expr equality(Position at, BinaryOp op, Expr left, Expr right) {
        if (left.type() == Type.BOOL && right.type() == Type.BOOL) {
            return new Expr.Binary(Type.BOOL, at, op, left, right);
        }
        if (left.type() == Type.BOOL || right.type() == Type.BOOL) {
            throw source.error(at, "'" + op.symbol() + "' between " + left.type() + " and " + right.type(),
                    "two numbers or two bools");
        }
        return numeric(at, op, left, right, true);
    }

    private Expr conditional(Syntax.Conditional c) {
        Expr condition = condition(c.condition());
        Expr whenTrue = check(c.whenTrue());
        Expr whenFalse = check(c.whenFalse());
        if (whenTrue.type() == whenFalse.type()) {
            return new Expr.Conditional(whenTrue.type(), c.at(), condition, whenTrue, whenFalse);
        }
        if (!whenTrue.type().isNumeric() || !whenFalse.type().isNumeric()) {
            throw source.error(whenFalse.at(), "the branches of ?: are " + whenTrue.type() + " and "
                    + whenFalse.type(), "two numbers or two bools");
        }
        Type common = Type.common(whenTrue.type(), whenFalse.type());
        return new Expr.Conditional(common, c.at(), condition, implicit(whenTrue, common),
                implicit(whenFalse, common));
    }

    private Expr cast(Syntax.Cast c) {
        Expr operand = check(c.operand());
        return operand.type() == c.type() ? operand : new Expr.Convert(c.type(), c.at(), operand, true);
    }

    private Expr subscript(Syntax.Subscript sub) {
        KernelContext.ArraySignature array = context == null ? null : context.arrays().stream()
                .filter(a -> a.name().equals(sub.name())).findFirst().orElse(null);
        if (array == null) {
            Scope.Variable local = scope.lookup(sub.name());
            boolean index = context != null && context.indices().contains(sub.name());
            String what = local != null ? "the local '" + sub.name() + "'" : index ? "the loop index '" + sub.name()
                    + "'" : "'" + sub.name() + "'";
            String columns = context == null ? "" : context.arrays().stream().filter(
                    KernelContext.ArraySignature::isColumn).map(KernelContext.ArraySignature::name)
                    .collect(Collectors.joining(", "));
            throw source.error(sub.at(), "subscript on " + what + ", which is no column array", context == null
                    ? "no subscript in a helper: helpers see no arrays; pass the level's value as an argument"
                    : "a column array" + (columns.isEmpty() ? " (this nest has none)" : " (" + columns + ")"));
        }
        if (!array.isColumn()) {
            throw source.error(sub.at(), "subscript on array '" + array.name() + "', which has no column axis",
                    array.name() + " alone: it stands for its element at the current iteration");
        }
        Expr index = check(sub.index());
        if (!index.type().isInteger()) {
            throw source.error(index.at(), "the level of '" + array.name() + "' is " + index.type(),
                    "an int or long level, e.g. (int) v");
        }
        return new Expr.Element(array.type(), sub.at(), array.name(), array.role(), index, array.axis(),
                array.levels());
    }

    /** {@code len(axis)}: the extent of a column axis, an {@code int} literal. */
    private Expr length(Syntax.Call c) {
        if (c.arguments().size() != 1 || !(c.arguments().get(0) instanceof Syntax.Name axis)) {
            throw source.error(c.at(), "len takes the name of a column axis", "len(z) for a column axis z");
        }
        int extent = context == null ? -1 : context.axisExtent(axis.name());
        if (extent < 0) {
            String axes = context == null ? "" : String.join(", ", context.axes());
            throw source.error(axis.at(), "'" + axis.name() + "' is no column axis", context == null
                    ? "len(...) in the body only: helpers see no axes; pass the extent as an argument"
                    : axes.isEmpty() ? "a column axis; this nest's arrays have none" : "one of: " + axes);
        }
        return new Expr.Literal(Type.INT, c.at(), extent);
    }

    private Expr call(Syntax.Call c) {
        if (c.name().equals("len") && !helpers.containsKey("len")) {
            return length(c);
        }
        List<Expr> arguments = new ArrayList<>();
        for (Syntax.Node argument : c.arguments()) {
            arguments.add(check(argument));
        }
        MathFunction function = MATH.get(c.name());
        if (function != null) {
            return mathCall(c, function, arguments);
        }
        Syntax.Function helper = helpers.get(c.name());
        if (helper == null) {
            String names = helpers.isEmpty() ? "none declared" : String.join(", ", helpers.keySet());
            throw source.error(c.at(), "unknown function '" + c.name() + "'", "a math function such as exp, pow or "
                    + "fabs, or a helper (" + names + ")");
        }
        requireCount(c, helper.parameters().size(), arguments.size());
        List<Expr> converted = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            converted.add(convert(arguments.get(i), helper.parameters().get(i).type(),
                    "wrong argument type: argument " + (i + 1) + " of '" + c.name() + "'"));
        }
        return new Expr.HelperCall(helper.returnType(), c.at(), c.name(), converted);
    }

    private Expr mathCall(Syntax.Call c, MathFunction function, List<Expr> arguments) {
        requireCount(c, function.arity(), arguments.size());
        boolean floating = false;
        boolean isDouble = false;
        for (int i = 0; i < arguments.size(); i++) {
            Type t = arguments.get(i).type();
            if (t == Type.BOOL) {
                throw source.error(arguments.get(i).at(), "wrong argument type: argument " + (i + 1) + " of '"
                        + c.name() + "' is bool", "float or double");
            }
            floating |= t.isFloating();
            isDouble |= t == Type.DOUBLE;
        }
        if (!floating) {
            throw source.error(c.at(), "wrong argument type: '" + c.name() + "' of integers only",
                    "at least one float or double argument, e.g. 2.0f or (float) n");
        }
        Type type = isDouble ? Type.DOUBLE : Type.FLOAT;
        List<Expr> converted = arguments.stream().map(a -> implicit(a, type)).collect(Collectors.toList());
        return new Expr.MathCall(function.isTest() ? Type.BOOL : type, c.at(), function, converted);
    }

    private void requireCount(Syntax.Call c, int wanted, int given) {
        if (wanted != given) {
            throw source.error(c.at(), "wrong argument count: '" + c.name() + "' given " + given,
                    wanted + (wanted == 1 ? " argument" : " arguments"));
        }
    }

    private void requireNumber(Expr e, String op) {
        if (!e.type().isNumeric()) {
            throw source.error(e.at(), "bool used as a number with '" + op + "'",
                    "int, long, float or double; (int) b converts a bool to 0 or 1");
        }
    }

    private void requireInteger(Expr e, String op) {
        requireNumber(e, op);
        if (!e.type().isInteger()) {
            String hint = op.equals("%") ? "; fmod(x, y) for floating operands" : "";
            throw source.error(e.at(), "'" + op + "' on " + e.type(), "int or long operands" + hint);
        }
    }

    private void requireBool(Expr e, String op) {
        if (e.type() != Type.BOOL) {
            throw source.error(e.at(), e.type() + " used as a condition with '" + op + "'", "a bool, e.g. x != 0");
        }
    }

    /** {@return the outputs' names, for messages} */
    List<String> outputs() {
        return context == null ? List.of() : context.arrays().stream().filter(a -> a.role() == Role.OUT)
                .map(a -> a.isColumn() ? a.name() + "[k]" : a.name()).toList();
    }
}
