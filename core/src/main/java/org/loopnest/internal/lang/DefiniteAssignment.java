package org.loopnest.internal.lang;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.loopnest.data.Role;

/**
 * Java's definite-assignment check, on the typed tree: every local and output is assigned on every path before it is
 * read, every output is assigned on every path through the body, and every helper returns on every path. Assignments
 * inside a loop's body do not count after the loop (its condition is never the constant {@code true}). Statements
 * after {@code return}, {@code break} or {@code continue} in the same block are refused as unreachable (Java refuses
 * them too). Stateless apart from the text it reports on.
 */
final class DefiniteAssignment {
    private static final String EVERY_PATH = "an assignment on every path through the body: in both branches of an "
            + "if, and not only inside a loop";

    private final SourceText source;

    private DefiniteAssignment(SourceText source) {
        this.source = source;
    }

    /**
     * Checks a body.
     *
     * @param source the body's text, for errors
     * @param body the typed body
     * @param context the arrays, whose outputs must be assigned on every path
     * @param end where the body's text ends (an unassigned output is reported there)
     * @throws org.loopnest.error.KernelSyntaxException at the first read before assignment, unreachable statement,
     *         or at {@code end} naming the outputs not assigned on every path
     */
    static void body(SourceText source, Stmt.Block body, KernelContext context, Position end) {
        Set<String> assigned = new DefiniteAssignment(source).statement(body, Set.of());
        List<String> missing = context.arrays().stream().filter(a -> a.role() == Role.OUT && !a.isColumn())
                .map(KernelContext.ArraySignature::name).filter(n -> !assigned.contains(n)).toList();
        if (!missing.isEmpty()) {
            String noun = missing.size() == 1 ? "output " : "outputs ";
            throw source.error(end, noun + String.join(", ", missing) + " not assigned on every path", EVERY_PATH);
        }
    }

    /**
     * Checks a helper: reads before assignment, unreachable statements, and a return on every path.
     *
     * @param source the helpers' text, for errors
     * @param helper the typed helper
     */
    static void helper(SourceText source, Helper helper) {
        Set<String> parameters = new HashSet<>();
        helper.parameters().forEach(p -> parameters.add(p.name()));
        if (new DefiniteAssignment(source).statement(helper.body(), parameters) != null) {
            throw source.error(helper.at(), "helper '" + helper.name() + "' can end without returning a value",
                    "return value; on every path through it");
        }
    }

    /** {@return the names assigned after {@code s}, or {@code null} if it never completes normally} */
    private Set<String> statement(Stmt s, Set<String> in) {
        if (s instanceof Stmt.Block b) {
            return block(b, in);
        } else if (s instanceof Stmt.Declare d) {
            if (d.init() == null) {
                return without(in, d.name());
            }
            read(d.init(), in);
            return with(in, d.name());
        } else if (s instanceof Stmt.Assign a) {
            if (a.target() instanceof Expr.Element level) { // a level is NaN until assigned: nothing to track
                read(level.index(), in);
                read(a.value(), in);
                return in;
            }
            read(a.value(), in);
            return with(in, name(a.target()));
        } else if (s instanceof Stmt.If i) {
            read(i.condition(), in);
            Set<String> then = statement(i.then(), in);
            Set<String> otherwise = i.otherwise() == null ? in : statement(i.otherwise(), in);
            return merge(then, otherwise);
        } else if (s instanceof Stmt.While w) {
            read(w.condition(), in);
            statement(w.body(), in);
            return in;
        } else if (s instanceof Stmt.For f) {
            return forLoop(f, in);
        } else if (s instanceof Stmt.Return r) {
            read(r.value(), in);
        }
        return null;
    }

    private Set<String> block(Stmt.Block b, Set<String> in) {
        Set<String> current = in;
        for (Stmt s : b.statements()) {
            if (current == null) {
                throw source.error(s.at(), "unreachable statement",
                        "nothing after return, break or continue in the same block");
            }
            current = statement(s, current);
        }
        return current;
    }

    private Set<String> forLoop(Stmt.For f, Set<String> in) {
        Set<String> start = f.init() == null ? in : statement(f.init(), in);
        read(f.condition(), start);
        statement(f.body(), start);
        if (f.update() != null) {
            statement(f.update(), start);
        }
        return start;
    }

    private void read(Expr e, Set<String> assigned) {
        if (e instanceof Expr.Local l) {
            require(assigned, l.name(), l.at(), "local");
        } else if (e instanceof Expr.Array a && a.role() == Role.OUT) {
            require(assigned, a.name(), a.at(), "output");
        }
        Children.of(e).forEach(c -> read(c, assigned));
    }

    private void require(Set<String> assigned, String name, Position at, String what) {
        if (!assigned.contains(name)) {
            throw source.error(at, what + " '" + name + "' read before it is assigned",
                    "an assignment to " + name + " on every path before this read");
        }
    }

    private static String name(Expr target) {
        return target instanceof Expr.Local l ? l.name() : ((Expr.Array) target).name();
    }

    private static Set<String> merge(Set<String> a, Set<String> b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }

    private static Set<String> with(Set<String> in, String name) {
        if (in.contains(name)) {
            return in;
        }
        Set<String> out = new HashSet<>(in);
        out.add(name);
        return out;
    }

    private static Set<String> without(Set<String> in, String name) {
        if (!in.contains(name)) {
            return in;
        }
        Set<String> out = new HashSet<>(in);
        out.remove(name);
        return out;
    }
}
