package org.loopnest.internal.lang.vector;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.loopnest.internal.lang.BinaryOp;
import org.loopnest.internal.lang.Children;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;

/**
 * Prints statements and expressions of the typed tree as Vector API code over {@link Lanes#count()} lanes: a value of
 * type {@code float} is a {@code FloatVector} (and so on), a {@code bool} a {@code VectorMask} of the mask species.
 *
 * <p><b>Control flow by masks.</b> Every statement runs under a <em>region</em>, a mask variable naming the lanes for
 * which it runs (at the top, the lanes inside the run). {@code if} splits its region into the lanes where the
 * condition holds and the others, and runs each branch only if any lane is in it; an assignment to a variable
 * declared outside the current region blends the new value into those lanes only. A loop keeps the lanes still
 * looping and runs while any is; {@code break}, {@code continue} and a helper's {@code return} take the lanes that
 * reach them out of every region up to the loop (or the helper), so that each lane leaves at its own step. Helpers
 * are inlined at each call, their names renamed apart, with the call's lanes as their region. The only operation
 * that can fail, integer division (and remainder) by zero, is checked under the lanes that evaluate it, so a
 * lane that C would not evaluate (the other branch of {@code ?:}, the right of a false {@code &&}, a lane past the
 * run's end) never fails. Not thread-safe: one instance prints one class.
 */
final class VectorCode {
    /** A variable as printed: its Java name, type, and the region it was declared in. */
    private record Var(String java, Type type, Region region) {
    }

    /** Lanes that run a statement; {@code loopAlive} is set for a loop iteration's region. */
    private record Region(String mask, Region parent, String loopAlive, boolean helperRoot) {
    }

    /** What a helper being inlined needs: its names, where its result goes and its root region. */
    private record Inlining(Map<String, Var> names, String result, Type resultType) {
    }

    private final Lanes lanes;
    private final Map<String, Helper> helpers = new HashMap<>();
    private final Set<String> runtime = new TreeSet<>();
    private final StringBuilder out;
    private Map<String, Var> names = new HashMap<>();
    private Inlining inlining;
    private int serial;

    VectorCode(Lanes lanes, List<Helper> helpers, StringBuilder out) {
        this.lanes = lanes;
        this.out = out;
        for (Helper h : helpers) {
            this.helpers.put(h.name(), h);
        }
    }

    /** The root region: the lanes of {@code mask}, a variable of the mask species. */
    static Object rootRegion(String mask) {
        return new Region(mask, null, null, false);
    }

    /** Makes {@code name} (an array, an index, or an output) known at the root under the Java name {@code java}. */
    void declareRoot(String name, String java, Type type, Object root) {
        names.put(name, new Var(java, type, (Region) root));
    }

    /** {@return the names of the runtime methods the printed code calls, see {@link VectorRuntime}} */
    Set<String> runtime() {
        return runtime;
    }

    /** {@return the Java type of a value of {@code type}} */
    static String javaType(Type type) {
        return type == Type.BOOL ? "VectorMask" : Lanes.vectorClass(type);
    }

    /** {@return the species constant of {@code type} in the printed class} */
    static String species(Type type) {
        return switch (type) {
            case INT -> "ln_I";
            case LONG -> "ln_J";
            case FLOAT -> "ln_F";
            case DOUBLE -> "ln_D";
            case BOOL -> "ln_M";
        };
    }

    /** {@return the zero of {@code type}: a vector of zeros, or a mask of no lane} */
    static String zero(Type type) {
        return type == Type.BOOL ? "ln_M.maskAll(false)" : Lanes.vectorClass(type) + ".zero(" + species(type) + ")";
    }

    /** {@return {@code mask} (of the mask species) as a mask of {@code type}'s species} */
    String maskOf(String mask, Type type) {
        return type == Type.BOOL || type == lanes.maskType() ? mask : mask + ".cast(" + species(type) + ")";
    }

    /** {@return {@code mask}, a mask of {@code type}'s species, as one of the mask species} */
    private String toMaskSpecies(String mask, Type type) {
        return type == lanes.maskType() ? mask : mask + ".cast(ln_M)";
    }

    private String fresh(String stem) {
        return "ln_" + stem + (serial++);
    }

    // ------------------------------------------------------------------------------------------------ statements

    /** Appends {@code statement} run under {@code region} at {@code indent}. */
    void statement(Stmt statement, Object region, String indent) {
        Region r = (Region) region;
        if (statement instanceof Stmt.Block b) {
            out.append(indent).append("{\n");
            for (Stmt s : b.statements()) {
                statement(s, r, indent + "    ");
            }
            out.append(indent).append("}\n");
        } else if (statement instanceof Stmt.Declare d) {
            String init = d.init() == null ? zero(d.type()) : expr(d.init(), r.mask(), indent);
            String java = javaName(d.name());
            out.append(indent).append(javaType(d.type())).append(' ').append(java).append(" = ").append(init)
                    .append(";\n");
            names.put(d.name(), new Var(java, d.type(), r));
        } else if (statement instanceof Stmt.Assign a) {
            assign(a, r, indent);
        } else if (statement instanceof Stmt.If i) {
            branch(i, r, indent);
        } else if (statement instanceof Stmt.While w) {
            loop(null, w.condition(), null, w.body(), r, indent);
        } else if (statement instanceof Stmt.For f) {
            out.append(indent).append("{\n");
            loop(f.init(), f.condition(), f.update(), f.body(), r, indent + "    ");
            out.append(indent).append("}\n");
        } else if (statement instanceof Stmt.Break) {
            leave(r, indent, Leaving.BREAK);
        } else if (statement instanceof Stmt.Continue) {
            leave(r, indent, Leaving.CONTINUE);
        } else {
            Stmt.Return ret = (Stmt.Return) statement;
            String value = expr(ret.value(), r.mask(), indent);
            out.append(indent).append(inlining.result()).append(" = ")
                    .append(blend(inlining.result(), value, r.mask(), inlining.resultType())).append(";\n");
            leave(r, indent, Leaving.RETURN);
        }
    }

    private String javaName(String userName) {
        // a helper's names get a prefix of their own per inlining, which no user name (printed as u_...) can have
        return inlining == null ? "u_" + userName : "h" + serial++ + "_" + userName;
    }

    private void assign(Stmt.Assign a, Region r, String indent) {
        String target = a.target() instanceof Expr.Local l ? l.name() : ((Expr.Array) a.target()).name();
        Var v = names.get(target);
        String value = expr(a.value(), r.mask(), indent);
        String assigned = v.region() == r ? value : blend(v.java(), value, r.mask(), v.type());
        out.append(indent).append(v.java()).append(" = ").append(assigned).append(";\n");
    }

    /** {@code old} with the lanes of {@code mask} taken from {@code value}. */
    private String blend(String old, String value, String mask, Type type) {
        if (type == Type.BOOL) {
            return old + ".andNot(" + mask + ").or(" + value + ".and(" + mask + "))";
        }
        return old + ".blend(" + value + ", " + maskOf(mask, type) + ")";
    }

    private void branch(Stmt.If i, Region r, String indent) {
        String condition = expr(i.condition(), r.mask(), indent);
        String holds = fresh("c");
        out.append(indent).append("final VectorMask ").append(holds).append(" = ").append(condition).append(";\n");
        String then = fresh("m");
        out.append(indent).append("VectorMask ").append(then).append(" = ").append(r.mask()).append(".and(")
                .append(holds).append(");\n");
        out.append(indent).append("if (").append(then).append(".anyTrue())\n");
        statement(asBlock(i.then()), new Region(then, r, null, false), indent);
        if (i.otherwise() != null) {
            String otherwise = fresh("m");
            out.append(indent).append("VectorMask ").append(otherwise).append(" = ").append(r.mask())
                    .append(".andNot(").append(holds).append(");\n");
            out.append(indent).append("if (").append(otherwise).append(".anyTrue())\n");
            statement(asBlock(i.otherwise()), new Region(otherwise, r, null, false), indent);
        }
    }

    private void loop(Stmt init, Expr condition, Stmt update, Stmt body, Region r, String indent) {
        if (init != null) {
            statement(init, r, indent);
        }
        String alive = fresh("alive");
        out.append(indent).append("VectorMask ").append(alive).append(" = ").append(r.mask()).append(";\n");
        out.append(indent).append("while (true) {\n");
        String inner = indent + "    ";
        String holds = expr(condition, alive, inner);
        out.append(inner).append(alive).append(" = ").append(alive).append(".and(").append(holds).append(");\n");
        out.append(inner).append("if (!").append(alive).append(".anyTrue())\n");
        out.append(inner).append("    break;\n");
        String iteration = fresh("m");
        out.append(inner).append("VectorMask ").append(iteration).append(" = ").append(alive).append(";\n");
        statement(asBlock(body), new Region(iteration, r, alive, false), inner);
        if (update != null) {
            statement(update, new Region(alive, r, null, false), inner);
        }
        out.append(indent).append("}\n");
    }

    private enum Leaving { BREAK, CONTINUE, RETURN }

    /** Takes the lanes of {@code r} out of every region up to the loop (or helper) that they leave. */
    private void leave(Region r, String indent, Leaving how) {
        String leaving = fresh("x");
        out.append(indent).append("final VectorMask ").append(leaving).append(" = ").append(r.mask()).append(";\n");
        for (Region at = r; at != null; at = at.parent()) {
            out.append(indent).append(at.mask()).append(" = ").append(at.mask()).append(".andNot(").append(leaving)
                    .append(");\n");
            if (at.loopAlive() != null) {
                if (how == Leaving.CONTINUE) {
                    return;
                }
                out.append(indent).append(at.loopAlive()).append(" = ").append(at.loopAlive()).append(".andNot(")
                        .append(leaving).append(");\n");
                if (how == Leaving.BREAK) {
                    return;
                }
            }
            if (at.helperRoot()) {
                return;
            }
        }
    }

    private static Stmt asBlock(Stmt s) {
        return s instanceof Stmt.Block ? s : new Stmt.Block(s.at(), List.of(s));
    }

    // ----------------------------------------------------------------------------------------------- expressions

    /**
     * {@return {@code e} as a Java expression of its vector type} Statements that must run first (an inlined helper,
     * the value of a condition that narrows the lanes of what follows) are appended at {@code indent} before.
     *
     * @param mask the lanes that evaluate {@code e} (a mask variable): only they may fail or enter a helper
     */
    String expr(Expr e, String mask, String indent) {
        if (e instanceof Expr.Literal l) {
            return literal(l);
        } else if (e instanceof Expr.Local l) {
            return names.get(l.name()).java();
        } else if (e instanceof Expr.Index i) {
            return names.get(i.name()).java();
        } else if (e instanceof Expr.Array a) {
            return names.get(a.name()).java();
        } else if (e instanceof Expr.Unary u) {
            String operand = expr(u.operand(), mask, indent);
            return u.op() == org.loopnest.internal.lang.UnaryOp.NEGATE ? operand + ".neg()" : operand + ".not()";
        } else if (e instanceof Expr.Binary b) {
            return binary(b, mask, indent);
        } else if (e instanceof Expr.Conditional c) {
            return conditional(c, mask, indent);
        } else if (e instanceof Expr.Convert c) {
            return convert(expr(c.operand(), mask, indent), c.operand().type(), c.type());
        } else if (e instanceof Expr.MathCall m) {
            return math(m, mask, indent);
        }
        return inline((Expr.HelperCall) e, mask, indent);
    }

    private static String literal(Expr.Literal l) {
        Object v = l.value();
        return switch (l.type()) {
            case BOOL -> "ln_M.maskAll(" + v + ")";
            case INT -> "IntVector.broadcast(ln_I, " + v + ")";
            case LONG -> "LongVector.broadcast(ln_J, " + v + "L)";
            case FLOAT -> {
                float f = (Float) v;
                yield "FloatVector.broadcast(ln_F, " + (Float.isNaN(f) ? "Float.NaN" : Float.isInfinite(f)
                        ? "Float.POSITIVE_INFINITY" : Float.toString(f) + "f") + ")";
            }
            case DOUBLE -> {
                double d = (Double) v;
                yield "DoubleVector.broadcast(ln_D, " + (Double.isNaN(d) ? "Double.NaN" : Double.isInfinite(d)
                        ? "Double.POSITIVE_INFINITY" : Double.toString(d)) + ")";
            }
        };
    }

    /** Whether evaluating {@code e} can fail or enters a helper, so that the lanes evaluating it matter. */
    private static boolean needsLanes(Expr e) {
        if (e instanceof Expr.HelperCall) {
            return true;
        }
        if (e instanceof Expr.Binary b && b.type().isInteger()
                && (b.op() == BinaryOp.DIVIDE || b.op() == BinaryOp.REMAINDER)) {
            return true;
        }
        for (Expr child : Children.of(e)) {
            if (needsLanes(child)) {
                return true;
            }
        }
        return false;
    }

    /** A mask variable holding {@code value}, appended at {@code indent}. */
    private String hold(String value, String indent) {
        String name = fresh("t");
        out.append(indent).append("final VectorMask ").append(name).append(" = ").append(value).append(";\n");
        return name;
    }

    private String binary(Expr.Binary b, String mask, String indent) {
        Type operands = b.left().type();
        if (b.op().kind() == BinaryOp.Kind.LOGICAL) {
            String left = expr(b.left(), mask, indent);
            if (!needsLanes(b.right())) {
                String right = expr(b.right(), mask, indent);
                return "(" + left + (b.op() == BinaryOp.AND ? ".and(" : ".or(") + right + "))";
            }
            String held = hold(left, indent);
            String narrowed = hold(mask + (b.op() == BinaryOp.AND ? ".and(" : ".andNot(") + held + ")", indent);
            String right = expr(b.right(), narrowed, indent);
            return "(" + held + (b.op() == BinaryOp.AND ? ".and(" : ".or(") + right + "))";
        }
        String left = expr(b.left(), mask, indent);
        String right = expr(b.right(), mask, indent);
        return switch (b.op()) {
            case ADD -> left + ".add(" + right + ")";
            case SUBTRACT -> left + ".sub(" + right + ")";
            case MULTIPLY -> left + ".mul(" + right + ")";
            case DIVIDE -> b.type().isInteger() ? call("div", b.type(), left, right, maskOf(mask, b.type()))
                    : left + ".div(" + right + ")";
            case REMAINDER -> call("rem", b.type(), left, right, maskOf(mask, b.type()));
            case SHIFT_LEFT -> left + ".lanewise(VectorOperators.LSHL, " + shiftCount(b, right) + ")";
            case SHIFT_RIGHT -> left + ".lanewise(VectorOperators.ASHR, " + shiftCount(b, right) + ")";
            case BIT_AND -> left + ".and(" + right + ")";
            case BIT_OR -> left + ".or(" + right + ")";
            case BIT_XOR -> left + ".lanewise(VectorOperators.XOR, " + right + ")";
            case LESS -> compare(left, "LT", right, operands);
            case LESS_EQUAL -> compare(left, "LE", right, operands);
            case GREATER -> compare(left, "GT", right, operands);
            case GREATER_EQUAL -> compare(left, "GE", right, operands);
            case EQUAL -> operands == Type.BOOL ? left + ".eq(" + right + ")" : compare(left, "EQ", right, operands);
            case NOT_EQUAL -> operands == Type.BOOL ? left + ".eq(" + right + ").not()"
                    : compare(left, "NE", right, operands);
            default -> throw new IllegalStateException("operator " + b.op() + " is logical");
        };
    }

    private String shiftCount(Expr.Binary b, String right) {
        return convert(right, b.right().type(), b.type()); // the count in the shifted type; the API masks it as Java
    }

    private String compare(String left, String test, String right, Type type) {
        return toMaskSpecies(left + ".compare(VectorOperators." + test + ", " + right + ")", type);
    }

    private String conditional(Expr.Conditional c, String mask, String indent) {
        String held = hold(expr(c.condition(), mask, indent), indent);
        String whenTrue;
        String whenFalse;
        if (needsLanes(c.whenTrue()) || needsLanes(c.whenFalse())) {
            whenTrue = expr(c.whenTrue(), hold(mask + ".and(" + held + ")", indent), indent);
            whenFalse = expr(c.whenFalse(), hold(mask + ".andNot(" + held + ")", indent), indent);
        } else {
            whenTrue = expr(c.whenTrue(), mask, indent);
            whenFalse = expr(c.whenFalse(), mask, indent);
        }
        if (c.type() == Type.BOOL) {
            return "(" + whenTrue + ".and(" + held + ").or(" + whenFalse + ".andNot(" + held + ")))";
        }
        return whenFalse + ".blend(" + whenTrue + ", " + maskOf(held, c.type()) + ")";
    }

    /** {@code value} of type {@code from} converted as Java (so as C, by the language's rules) to {@code to}. */
    private String convert(String value, Type from, Type to) {
        if (from == to) {
            return value;
        }
        if (to == Type.BOOL) {
            return compare(value, "NE", zeroScalar(from), from);
        }
        if (from == Type.BOOL) {
            return zero(to) + ".blend(1L, " + maskOf(value, to) + ")";
        }
        return "((" + Lanes.vectorClass(to) + ") " + value + ".castShape(" + species(to) + ", 0))";
    }

    private static String zeroScalar(Type type) {
        return switch (type) {
            case INT -> "0";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            default -> "0.0";
        };
    }

    private String math(Expr.MathCall m, String mask, String indent) {
        List<String> args = new ArrayList<>();
        for (Expr a : m.arguments()) {
            args.add(expr(a, mask, indent));
        }
        Type t = m.arguments().get(0).type();
        String x = args.get(0);
        MathFunction f = m.function();
        return switch (f) {
            case ISNAN -> toMaskSpecies(x + ".test(VectorOperators.IS_NAN)", t);
            case ISINF -> toMaskSpecies(x + ".test(VectorOperators.IS_INFINITE)", t);
            case FABS -> x + ".abs()";
            case SQRT -> x + ".sqrt()";
            case FMIN, FMAX, POW, FMOD -> call(f.languageName(), t, x, args.get(1));
            case ATAN2 -> x + ".lanewise(VectorOperators.ATAN2, " + args.get(1) + ")";
            case FLOOR, CEIL -> call(f.languageName(), t, x);
            default -> x + ".lanewise(VectorOperators." + f.name() + ")";
        };
    }

    /** A call of runtime method {@code stem} for {@code type}, noted so that the class gets it. */
    private String call(String stem, Type type, String... args) {
        String name = VectorRuntime.name(stem, type);
        runtime.add(name);
        return name + "(" + String.join(", ", args) + ")";
    }

    /** Inlines helper {@code h} for the lanes of {@code mask}; the value is a variable holding its result. */
    private String inline(Expr.HelperCall call, String mask, String indent) {
        Helper h = helpers.get(call.helper());
        List<String> args = new ArrayList<>();
        for (Expr a : call.arguments()) {
            args.add(expr(a, mask, indent));
        }
        String result = fresh("r");
        out.append(indent).append(javaType(h.returnType())).append(' ').append(result).append(" = ")
                .append(zero(h.returnType())).append(";\n");
        String root = fresh("h");
        out.append(indent).append("VectorMask ").append(root).append(" = ").append(mask).append(";\n");
        out.append(indent).append("if (").append(root).append(".anyTrue()) {\n");
        Map<String, Var> outerNames = names;
        Inlining outerInlining = inlining;
        names = new HashMap<>();
        inlining = new Inlining(names, result, h.returnType());
        Region region = new Region(root, null, null, true);
        String inner = indent + "    ";
        for (int i = 0; i < args.size(); i++) {
            Helper.Parameter p = h.parameters().get(i);
            String java = javaName(p.name());
            out.append(inner).append(javaType(p.type())).append(' ').append(java).append(" = ").append(args.get(i))
                    .append(";\n");
            names.put(p.name(), new Var(java, p.type(), region));
        }
        for (Stmt s : h.body().statements()) {
            statement(s, region, inner);
        }
        names = outerNames;
        inlining = outerInlining;
        out.append(indent).append("}\n");
        return result;
    }

    /** {@return the numeric types of {@code types} that {@code statement} and its expressions use} */
    static Set<Type> typesUsed(Stmt statement, Set<Type> types) {
        Set<Type> found = EnumSet.noneOf(Type.class);
        found.addAll(types);
        Children.statementsUnder(statement).forEach(s -> {
            if (s instanceof Stmt.Declare d) {
                found.add(d.type());
            }
        });
        Children.expressionsUnder(statement).forEach(e -> found.add(e.type()));
        return found;
    }
}
