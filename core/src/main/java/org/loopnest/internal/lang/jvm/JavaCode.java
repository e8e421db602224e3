package org.loopnest.internal.lang.jvm;

import java.util.List;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Stmt;
import org.loopnest.internal.lang.Type;

/**
 * Prints statements and expressions of the typed tree as Java with the kernel language's meaning: every user name
 * with the prefix {@code u_}, every subexpression in parentheses, {@code float} math through {@code double}
 * ({@code (float) Math.exp((double) x)}), C's NaN rule for {@code fmin}/{@code fmax} ({@code ln_fmin}, {@code
 * ln_fmax} in the printed class).
 *
 * <p>Java's reachability rules are stricter than C's, so that no checked body is refused by Janino: {@code break},
 * {@code continue} and {@code return} are printed as {@code if (true) ...;} (which Java lets complete normally), loop
 * conditions go through {@code ln_cond(...)} (never a Java constant expression), and a helper's body ends with a
 * {@code throw} that the checked tree never reaches. Locals declared without a value start at zero (the checked tree
 * never reads one before assigning it). Stateless.
 */
final class JavaCode {
    private JavaCode() {
    }

    /** The Java spelling of a language type. */
    static String type(Type type) {
        return type == Type.BOOL ? "boolean" : type.keyword();
    }

    /** The zero of {@code type} as a Java literal. */
    static String zero(Type type) {
        return switch (type) {
            case BOOL -> "false";
            case INT -> "0";
            case LONG -> "0L";
            case FLOAT -> "0.0f";
            case DOUBLE -> "0.0";
        };
    }

    /** A user's name as printed. */
    static String name(String userName) {
        return "u_" + userName;
    }

    /** Appends {@code statement} at {@code indent}, one statement per line. */
    static void statement(StringBuilder out, Stmt statement, String indent) {
        if (statement instanceof Stmt.Block b) {
            out.append(indent).append("{\n");
            for (Stmt s : b.statements()) {
                statement(out, s, indent + "    ");
            }
            out.append(indent).append("}\n");
        } else if (statement instanceof Stmt.Declare d) {
            out.append(indent).append(declaration(d)).append(";\n");
        } else if (statement instanceof Stmt.Assign a) {
            out.append(indent).append(assignment(a)).append(";\n");
        } else if (statement instanceof Stmt.If i) {
            out.append(indent).append("if (").append(expr(i.condition())).append(")\n");
            statement(out, asBlock(i.then()), indent);
            if (i.otherwise() != null) {
                out.append(indent).append("else\n");
                statement(out, asBlock(i.otherwise()), indent);
            }
        } else if (statement instanceof Stmt.While w) {
            out.append(indent).append("while (ln_cond(").append(expr(w.condition())).append("))\n");
            statement(out, asBlock(w.body()), indent);
        } else if (statement instanceof Stmt.For f) {
            out.append(indent).append("for (").append(f.init() == null ? "" : forPart(f.init())).append("; ln_cond(")
                    .append(expr(f.condition())).append("); ")
                    .append(f.update() == null ? "" : forPart(f.update())).append(")\n");
            statement(out, asBlock(f.body()), indent);
        } else if (statement instanceof Stmt.Break) {
            out.append(indent).append("if (true) break;\n");
        } else if (statement instanceof Stmt.Continue) {
            out.append(indent).append("if (true) continue;\n");
        } else {
            Stmt.Return r = (Stmt.Return) statement;
            out.append(indent).append("if (true) return ").append(expr(r.value())).append(";\n");
        }
    }

    private static Stmt asBlock(Stmt s) {
        return s instanceof Stmt.Block ? s : new Stmt.Block(s.at(), List.of(s));
    }

    private static String forPart(Stmt s) {
        if (s instanceof Stmt.Declare d) {
            return declaration(d);
        }
        return assignment((Stmt.Assign) s);
    }

    private static String declaration(Stmt.Declare d) {
        return (d.constant() ? "final " : "") + type(d.type()) + " " + name(d.name()) + " = "
                + (d.init() == null ? zero(d.type()) : expr(d.init()));
    }

    private static String assignment(Stmt.Assign a) {
        if (a.target() instanceof Expr.Element e) {
            return levelStore(e.name(), level(e), expr(a.value()));
        }
        return expr(a.target()) + " = " + expr(a.value());
    }

    /** {@return the statement that stores {@code value} at {@code level} of column array {@code array}'s element} */
    static String levelStore(String array, String level, String value) {
        return "ln_set_" + array + "(ln_stores, ln_positions, " + level + ", " + JavaEmitter.columnName(array) + "_o, "
                + value + ")";
    }

    /** {@return the value of a level the body leaves unassigned: NaN, or 0 for an integer type} */
    static String unset(Type type) {
        return switch (type) {
            case FLOAT -> "Float.NaN";
            case DOUBLE -> "Double.NaN";
            default -> "(" + type(type) + ") 0";
        };
    }

    /** {@return the checked level of {@code e}: its index, or the run fails naming the body's line and the array} */
    private static String level(Expr.Element e) {
        return "ln_level(" + expr(e.index()) + ", " + e.levels() + ", \"" + e.name() + "\", \"" + e.axis()
                + "\", \"line "
                + e.at().line() + ":" + e.at().column() + "\")";
    }

    /** {@code e} as a Java expression of the same type, in parentheses unless it is a name or a literal. */
    static String expr(Expr e) {
        if (e instanceof Expr.Literal l) {
            return literal(l);
        } else if (e instanceof Expr.Local l) {
            return name(l.name());
        } else if (e instanceof Expr.Index i) {
            return name(i.name());
        } else if (e instanceof Expr.Array a) {
            return name(a.name());
        } else if (e instanceof Expr.Element el) {
            return "ln_get_" + el.name() + "(ln_stores, ln_positions, " + level(el) + ", "
                    + JavaEmitter.columnName(el.name()) + "_o)";
        } else if (e instanceof Expr.Unary u) {
            return "(" + u.op().symbol() + expr(u.operand()) + ")";
        } else if (e instanceof Expr.Binary b) {
            return "(" + expr(b.left()) + " " + b.op().symbol() + " " + expr(b.right()) + ")";
        } else if (e instanceof Expr.Conditional c) {
            return "(" + expr(c.condition()) + " ? " + expr(c.whenTrue()) + " : " + expr(c.whenFalse()) + ")";
        } else if (e instanceof Expr.Convert c) {
            return convert(c.operand(), c.type());
        } else if (e instanceof Expr.MathCall m) {
            return math(m);
        }
        Expr.HelperCall h = (Expr.HelperCall) e;
        return name(h.helper()) + arguments(h.arguments(), false);
    }

    private static String literal(Expr.Literal l) {
        String text = literalText(l);
        return text.startsWith("-") ? "(" + text + ")" : text; // so that a minus before it never reads as --
    }

    private static String literalText(Expr.Literal l) {
        Object v = l.value();
        return switch (l.type()) {
            case BOOL, INT -> v.toString();
            case LONG -> v + "L";
            case FLOAT -> {
                float f = (Float) v;
                yield Float.isNaN(f) ? "Float.NaN" : Float.isInfinite(f) ? "Float.POSITIVE_INFINITY"
                        : Float.toString(f) + "f";
            }
            case DOUBLE -> {
                double d = (Double) v;
                yield Double.isNaN(d) ? "Double.NaN" : Double.isInfinite(d) ? "Double.POSITIVE_INFINITY"
                        : Double.toString(d);
            }
        };
    }

    private static String convert(Expr operand, Type to) {
        Type from = operand.type();
        if (to == Type.BOOL) {
            return "(" + expr(operand) + " != " + zero(from) + ")";
        }
        if (from == Type.BOOL) {
            String one = switch (to) {
                case INT -> "1";
                case LONG -> "1L";
                case FLOAT -> "1.0f";
                default -> "1.0";
            };
            return "(" + expr(operand) + " ? " + one + " : " + zero(to) + ")";
        }
        return "((" + type(to) + ") " + expr(operand) + ")";
    }

    private static String math(Expr.MathCall m) {
        List<Expr> args = m.arguments();
        boolean single = args.get(0).type() == Type.FLOAT;
        MathFunction f = m.function();
        return switch (f) {
            case ISNAN -> (single ? "Float" : "Double") + ".isNaN" + arguments(args, false);
            case ISINF -> (single ? "Float" : "Double") + ".isInfinite" + arguments(args, false);
            case FABS -> "Math.abs" + arguments(args, false);
            case FMIN -> "ln_fmin" + arguments(args, false);
            case FMAX -> "ln_fmax" + arguments(args, false);
            case FMOD -> "(" + expr(args.get(0)) + " % " + expr(args.get(1)) + ")";
            case POW -> single ? "((float) ln_pow" + arguments(args, true) + ")" : "ln_pow" + arguments(args, false);
            default -> single ? "((float) Math." + f.languageName() + arguments(args, true) + ")"
                    : "Math." + f.languageName() + arguments(args, false);
        };
    }

    private static String arguments(List<Expr> args, boolean widen) {
        StringBuilder out = new StringBuilder("(");
        for (int i = 0; i < args.size(); i++) {
            out.append(i == 0 ? "" : ", ").append(widen ? "((double) " + expr(args.get(i)) + ")" : expr(args.get(i)));
        }
        return out.append(")").toString();
    }
}
