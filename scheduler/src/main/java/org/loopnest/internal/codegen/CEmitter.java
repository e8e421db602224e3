package org.loopnest.internal.codegen;

import java.util.List;
import java.util.stream.Collectors;
import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.Expr;
import org.loopnest.internal.lang.Helper;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.lang.Stmt;

/**
 * Prints the statements of a checked {@link Program} as C for one {@link KernelTarget}: its helpers as
 * {@code LN_FUNC} functions and its body as the statements of one iteration. The branches and bodies of
 * {@code if}, {@code while} and {@code for} are always braced; names are the user's with the prefix
 * {@value CExpressions#USER_PREFIX}, declared as written (the tree has no shadowing). What surrounds the body
 * (the thread's indices, the arrays' locals, the stores) is {@link KernelGenerator}'s. Immutable and thread-safe.
 */
public final class CEmitter {
    private static final String INDENT = "    ";

    private final CExpressions expressions;

    /**
     * An emitter for {@code target}.
     *
     * @param target OpenCL C or CUDA C
     */
    public CEmitter(KernelTarget target) {
        this.expressions = new CExpressions(target);
    }

    /**
     * {@return {@code program}'s helpers as C functions, callees first, each followed by an empty line; empty
     * when there are none}
     *
     * @param program a checked program
     */
    public String helpers(Program program) {
        StringBuilder s = new StringBuilder();
        for (Helper h : program.helpers()) {
            String parameters = h.parameters().stream()
                    .map(p -> CExpressions.type(p.type()) + " " + CExpressions.name(p.name()))
                    .collect(Collectors.joining(", "));
            s.append("LN_FUNC ").append(CExpressions.type(h.returnType())).append(' ')
                    .append(CExpressions.name(h.name())).append('(').append(parameters).append(")\n");
            block(s, h.body().statements(), 0);
            s.append('\n');
        }
        return s.toString();
    }

    /**
     * {@return the statements of {@code program}'s body, each line indented by {@code depth} levels}
     *
     * @param program a checked program
     * @param depth the indentation of the body's statements
     */
    public String body(Program program, int depth) {
        StringBuilder s = new StringBuilder();
        statements(s, program.body().statements(), depth);
        return s.toString();
    }

    /** {@return {@code e} as a C expression, without parentheses around the whole} */
    String expression(Expr e) {
        return expressions.printTop(e);
    }

    private void block(StringBuilder s, List<Stmt> statements, int depth) {
        s.append(INDENT.repeat(depth)).append("{\n");
        statements(s, statements, depth + 1);
        s.append(INDENT.repeat(depth)).append("}\n");
    }

    private void statements(StringBuilder s, List<Stmt> statements, int depth) {
        for (Stmt statement : statements) {
            statement(s, statement, depth);
        }
    }

    private void statement(StringBuilder s, Stmt st, int depth) {
        String pad = INDENT.repeat(depth);
        if (st instanceof Stmt.Block b) {
            block(s, b.statements(), depth);
        } else if (st instanceof Stmt.If i) {
            s.append(pad).append("if (").append(expression(i.condition())).append(") ");
            braced(s, i.then(), depth);
            if (i.otherwise() != null) {
                s.setLength(s.length() - 1);
                s.append(" else ");
                braced(s, i.otherwise(), depth);
            }
        } else if (st instanceof Stmt.While w) {
            s.append(pad).append("while (").append(expression(w.condition())).append(") ");
            braced(s, w.body(), depth);
        } else if (st instanceof Stmt.For f) {
            s.append(pad).append("for (").append(clause(f.init())).append("; ").append(expression(f.condition()))
                    .append("; ").append(clause(f.update())).append(") ");
            braced(s, f.body(), depth);
        } else {
            s.append(pad).append(simple(st)).append(";\n");
        }
    }

    /** A statement as the braced body of a branch or loop, the opening brace on the current line. */
    private void braced(StringBuilder s, Stmt st, int depth) {
        s.append("{\n");
        statements(s, st instanceof Stmt.Block b ? b.statements() : List.of(st), depth + 1);
        s.append(INDENT.repeat(depth)).append("}\n");
    }

    private String clause(Stmt st) {
        return st == null ? "" : simple(st);
    }

    /** A statement that fits on one line, without its semicolon. */
    private String simple(Stmt st) {
        if (st instanceof Stmt.Declare d) {
            return (d.constant() ? "const " : "") + CExpressions.type(d.type()) + " " + CExpressions.name(d.name())
                    + (d.init() == null ? "" : " = " + expression(d.init()));
        } else if (st instanceof Stmt.Assign a) {
            return (a.target() instanceof Expr.Element el ? expressions.level(el) : expressions.print(a.target()))
                    + " = " + expression(a.value());
        } else if (st instanceof Stmt.Break) {
            return "break";
        } else if (st instanceof Stmt.Continue) {
            return "continue";
        } else if (st instanceof Stmt.Return r) {
            return "return " + expression(r.value());
        }
        throw new IllegalArgumentException("statement " + st + " (expected: a declaration, assignment, break, "
                + "continue or return here)");
    }
}
