package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which helper calls which: refuses recursion (direct or through other helpers; OpenCL forbids it) and orders the
 * helpers callees first, so that emitters print each after everything it calls, without prototypes. Stateless apart
 * from one walk.
 */
final class CallGraph {
    /**
     * A call site.
     *
     * @param callee the helper called
     * @param at where the call is
     */
    private record Call(String callee, Position at) {
    }

    private final SourceText source;
    private final Map<String, Helper> helpers = new LinkedHashMap<>();
    private final Map<String, Boolean> finished = new HashMap<>();
    private final List<String> path = new ArrayList<>();
    private final List<Helper> order = new ArrayList<>();

    private CallGraph(SourceText source, List<Helper> helpers) {
        this.source = source;
        helpers.forEach(h -> this.helpers.put(h.name(), h));
    }

    /**
     * {@return the helpers, each after every helper it calls; otherwise in the order written}
     *
     * @param source the helpers' text, for errors
     * @param helpers the typed helpers, in the order written
     * @throws org.loopnest.error.KernelSyntaxException at the call that closes a cycle, naming the cycle, or at the
     *     call that makes a chain of calls longer than {@value ExpressionParser#MAX_DEPTH} helpers (a device's
     *     stack, and this check's own, are finite)
     */
    static List<Helper> calleesFirst(SourceText source, List<Helper> helpers) {
        CallGraph graph = new CallGraph(source, helpers);
        helpers.forEach(h -> graph.visit(h.name(), h.at()));
        return List.copyOf(graph.order);
    }

    private void visit(String name, Position at) {
        Boolean done = finished.get(name);
        if (Boolean.TRUE.equals(done)) {
            return;
        }
        if (done != null) {
            List<String> cycle = new ArrayList<>(path.subList(path.indexOf(name), path.size()));
            cycle.add(name);
            throw source.error(at, "recursion: " + String.join(" -> ", cycle),
                    "helpers that do not call themselves, directly or through other helpers; OpenCL forbids "
                            + "recursion");
        }
        if (path.size() == ExpressionParser.MAX_DEPTH) {
            throw source.error(at, "helpers calling each other more than " + ExpressionParser.MAX_DEPTH
                    + " deep: " + path.get(0) + " -> ... -> " + path.get(path.size() - 1) + " -> " + name,
                    "at most " + ExpressionParser.MAX_DEPTH + " helpers on one chain of calls");
        }
        finished.put(name, false);
        path.add(name);
        Helper helper = helpers.get(name);
        for (Call call : calls(helper.body(), new ArrayList<>())) {
            visit(call.callee(), call.at());
        }
        path.remove(path.size() - 1);
        finished.put(name, true);
        order.add(helper);
    }

    private static List<Call> calls(Stmt s, List<Call> into) {
        Children.expressions(s).forEach(e -> calls(e, into));
        Children.statements(s).forEach(t -> calls(t, into));
        return into;
    }

    private static void calls(Expr e, List<Call> into) {
        Children.of(e).forEach(c -> calls(c, into));
        if (e instanceof Expr.HelperCall h) {
            into.add(new Call(h.helper(), h.at()));
        }
    }
}
