package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.data.Role;

/**
 * Types the statements of one body or helper: declarations and scopes, assignments (compound ones and increments
 * desugared to a plain {@link Stmt.Assign} of the value C computes), conditions, loops, {@code break},
 * {@code continue} and {@code return}. Definite assignment is {@link DefiniteAssignment}'s. Not thread-safe; one
 * instance per body or helper.
 */
final class StmtChecker {
    private final SourceText source;
    private final Scope scope;
    private final ExprChecker exprs;
    private final Type returnType;
    private int loops;

    /**
     * @param source the text checked, for errors
     * @param scope the names in scope, shared with {@code exprs}
     * @param exprs the expression checker
     * @param returnType the helper's return type, or {@code null} for the body (where {@code return} is refused)
     */
    StmtChecker(SourceText source, Scope scope, ExprChecker exprs, Type returnType) {
        this.source = source;
        this.scope = scope;
        this.exprs = exprs;
        this.returnType = returnType;
    }

    /**
     * {@return the typed block, its declarations scoped to it}
     *
     * @param block a block as written
     */
    Stmt.Block block(Syntax.Block block) {
        scope.open();
        List<Stmt> statements = statements(block.statements());
        scope.close();
        return new Stmt.Block(block.at(), statements);
    }

    /**
     * {@return the typed statements, in the current scope}
     *
     * @param statements statements as written
     */
    List<Stmt> statements(List<Syntax.Statement> statements) {
        List<Stmt> typed = new ArrayList<>();
        for (Syntax.Statement s : statements) {
            typed.add(statement(s));
        }
        return typed;
    }

    private Stmt statement(Syntax.Statement s) {
        if (s instanceof Syntax.Block b) {
            return block(b);
        } else if (s instanceof Syntax.Declare d) {
            return declare(d);
        } else if (s instanceof Syntax.Assign a) {
            return assign(a);
        } else if (s instanceof Syntax.If i) {
            Expr condition = exprs.condition(i.condition());
            Stmt then = statement(i.then());
            return new Stmt.If(i.at(), condition, then, i.otherwise() == null ? null : statement(i.otherwise()));
        } else if (s instanceof Syntax.While w) {
            Expr condition = loopCondition(w.condition());
            return new Stmt.While(w.at(), condition, loopBody(w.body()));
        } else if (s instanceof Syntax.For f) {
            return forLoop(f);
        } else if (s instanceof Syntax.Jump j) {
            return jump(j);
        }
        return returnStatement((Syntax.Return) s);
    }

    private Stmt declare(Syntax.Declare d) {
        if (d.constant() && d.init() == null) {
            throw source.error(d.nameAt(), "const '" + d.name() + "' without a value",
                    "const " + d.type() + " " + d.name() + " = value;");
        }
        Expr init = d.init() == null ? null
                : exprs.convert(exprs.check(d.init()), d.type(), "the initial value of '" + d.name() + "'");
        scope.declare(d.name(), d.nameAt(), d.type(), d.constant());
        return new Stmt.Declare(d.at(), d.type(), d.name(), d.constant(), init);
    }

    private Stmt assign(Syntax.Assign a) {
        Expr target = exprs.check(a.targetNode());
        checkAssignable(target);
        String written = a.index() == null ? a.target() : a.target() + "[...]";
        if (a.op() == null) {
            return new Stmt.Assign(a.at(), target, exprs.convert(exprs.check(a.value()), target.type(),
                    "the value assigned to '" + written + "'"));
        }
        Syntax.Node operand = a.value() != null ? a.value() : new Syntax.Literal(a.opAt(), one(target.type()));
        Expr value = exprs.check(new Syntax.Binary(a.opAt(), a.op(), a.targetNode(), operand));
        return new Stmt.Assign(a.at(), target, ExprChecker.implicit(value, target.type()));
    }

    private void checkAssignable(Expr target) {
        if (target instanceof Expr.Local l && scope.lookup(l.name()).constant()) {
            throw source.error(l.at(), "assignment to const '" + l.name() + "'", "a variable declared without const");
        }
        if (target instanceof Expr.Array a && a.role() == Role.IN) {
            throw source.error(a.at(), "assignment to input '" + a.name() + "'", "an output ("
                    + String.join(", ", exprs.outputs()) + ") or a local; inputs are read-only");
        }
        if (target instanceof Expr.Element e && e.role() == Role.IN) {
            throw source.error(e.at(), "assignment to a level of input '" + e.name() + "'", "a level of a column "
                    + "output, an output or a local; inputs are read-only");
        }
        if (target instanceof Expr.Index i) {
            throw source.error(i.at(), "assignment to loop index '" + i.name() + "'", "an output ("
                    + String.join(", ", exprs.outputs()) + ") or a local; loop indices are read-only");
        }
    }

    /** The literal 1 of {@code type} (for {@code ++}/{@code --}); an {@code int} 1 for bool, which is then refused. */
    private static Object one(Type type) {
        return switch (type) {
            case LONG -> (Object) 1L;
            case FLOAT -> (Object) 1.0f;
            case DOUBLE -> (Object) 1.0;
            default -> (Object) 1;
        };
    }

    private Stmt forLoop(Syntax.For f) {
        scope.open();
        Stmt init = f.init() == null ? null : statement(f.init());
        Expr condition = loopCondition(f.condition());
        Stmt update = f.update() == null ? null : statement(f.update());
        Stmt body = loopBody(f.body());
        scope.close();
        return new Stmt.For(f.at(), init, condition, update, body);
    }

    private Expr loopCondition(Syntax.Node node) {
        Expr condition = exprs.condition(node);
        if (condition instanceof Expr.Literal l && Boolean.TRUE.equals(l.value())) {
            throw source.error(l.at(), "unbounded loop: the condition is always true",
                    "a condition that can become false, such as i < n");
        }
        if (isConstant(condition)) {
            throw source.error(condition.at(), "constant loop condition",
                    "a condition that reads a variable, such as i < n");
        }
        return condition;
    }

    /**
     * Whether {@code e} reads no variable (no local, parameter, loop index or array): built of literals, operators,
     * casts and calls of constant arguments, it has one value for the whole loop, which then never ends or never
     * runs (Java would also refuse a loop on a constant of its own).
     */
    private static boolean isConstant(Expr e) {
        if (e instanceof Expr.Local || e instanceof Expr.Index || e instanceof Expr.Array
                || e instanceof Expr.Element) {
            return false;
        }
        return Children.of(e).stream().allMatch(StmtChecker::isConstant);
    }

    private Stmt loopBody(Syntax.Statement body) {
        loops++;
        Stmt typed = statement(body);
        loops--;
        return typed;
    }

    private Stmt jump(Syntax.Jump j) {
        String keyword = j.isBreak() ? "break" : "continue";
        if (loops == 0) {
            throw source.error(j.at(), keyword + " outside a loop", keyword + " inside the body of a for or while loop");
        }
        return j.isBreak() ? new Stmt.Break(j.at()) : new Stmt.Continue(j.at());
    }

    private Stmt returnStatement(Syntax.Return r) {
        if (returnType == null) {
            throw source.error(r.at(), "return outside a helper",
                    "the body to end without return; the outputs are stored at its end");
        }
        return new Stmt.Return(r.at(), exprs.convert(exprs.check(r.value()), returnType, "the returned value"));
    }
}
