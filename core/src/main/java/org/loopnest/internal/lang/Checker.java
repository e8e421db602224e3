package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.kernel.DeviceCode;

/**
 * Checks a whole kernel: parses its helpers and body, checks the helpers' names and signatures, types each helper
 * and the body, runs {@link DefiniteAssignment} and orders the helpers by {@link CallGraph}. Helpers come first:
 * their errors are reported before the body's. Stateless.
 */
final class Checker {
    private Checker() {
    }

    /**
     * {@return the checked program of {@code code}}
     *
     * @param code the body and helpers as written
     * @param context the indices and arrays the body sees
     * @throws KernelSyntaxException at the first error
     */
    static Program check(DeviceCode code, KernelContext context) {
        SourceText helperText = new SourceText(SourceText.HELPERS, code.helpers());
        Map<String, Syntax.Function> signatures = signatures(helperText, Parser.helpers(helperText), context);
        List<Helper> helpers = new ArrayList<>();
        for (Syntax.Function f : signatures.values()) {
            Helper helper = helper(helperText, f, signatures, context);
            DefiniteAssignment.helper(helperText, helper);
            helpers.add(helper);
        }
        List<Helper> ordered = CallGraph.calleesFirst(helperText, helpers);
        SourceText bodyText = new SourceText(SourceText.BODY, code.body());
        Syntax.Body body = Parser.body(bodyText);
        Scope scope = new Scope(bodyText, bodyNames(context, signatures));
        StmtChecker statements = new StmtChecker(bodyText, scope,
                new ExprChecker(bodyText, scope, signatures, context), null);
        Stmt.Block typed = new Stmt.Block(new Position(1, 1), statements.statements(body.statements()));
        DefiniteAssignment.body(bodyText, typed, context, body.end());
        return new Program(code, context, ordered, typed);
    }

    private static Map<String, Syntax.Function> signatures(SourceText source, List<Syntax.Function> functions,
            KernelContext context) {
        Map<String, String> taken = new HashMap<>(mathNames());
        context.indices().forEach(i -> taken.put(i, "the loop index " + i));
        context.arrays().forEach(a -> taken.put(a.name(), "the array " + a.name()));
        context.axes().forEach(z -> taken.put(z, "the column axis " + z));
        Map<String, Syntax.Function> signatures = new LinkedHashMap<>();
        for (Syntax.Function f : functions) {
            Scope.checkNewName(source, f.name(), f.nameAt());
            Syntax.Function first = signatures.get(f.name());
            if (first != null) {
                throw source.error(f.nameAt(), "helper '" + f.name() + "' defined twice, first at " + first.nameAt(),
                        "one definition per helper name");
            }
            if (taken.containsKey(f.name())) {
                throw source.error(f.nameAt(), "helper '" + f.name() + "' shadows " + taken.get(f.name()),
                        "a helper name not used by a math function, an array or a loop index");
            }
            signatures.put(f.name(), f);
        }
        return signatures;
    }

    private static Helper helper(SourceText source, Syntax.Function f, Map<String, Syntax.Function> signatures,
            KernelContext context) {
        Map<String, String> fixed = new HashMap<>(mathNames());
        signatures.keySet().forEach(h -> fixed.put(h, "the helper " + h));
        // a helper sees no array or loop index, so its parameters and locals may reuse their names (as T below):
        // in every target a helper is a function of its own, where the kernel's names are not in scope
        Scope scope = new Scope(source, fixed);
        List<Helper.Parameter> parameters = new ArrayList<>();
        for (Syntax.Declare p : f.parameters()) {
            scope.declare(p.name(), p.nameAt(), p.type(), false);
            parameters.add(new Helper.Parameter(p.at(), p.type(), p.name()));
        }
        StmtChecker statements = new StmtChecker(source, scope, new ExprChecker(source, scope, signatures, null),
                f.returnType());
        return new Helper(f.at(), f.returnType(), f.name(), parameters, statements.block(f.body()));
    }

    private static Map<String, String> bodyNames(KernelContext context, Map<String, Syntax.Function> signatures) {
        Map<String, String> fixed = new HashMap<>(mathNames());
        signatures.keySet().forEach(h -> fixed.put(h, "the helper " + h));
        context.indices().forEach(i -> fixed.put(i, "the loop index " + i));
        context.arrays().forEach(a -> fixed.put(a.name(), "the array " + a.name()));
        context.axes().forEach(z -> fixed.put(z, "the column axis " + z));
        return fixed;
    }

    private static Map<String, String> mathNames() {
        Map<String, String> names = new HashMap<>();
        for (MathFunction f : MathFunction.values()) {
            names.put(f.languageName(), "the math function " + f.languageName());
        }
        return names;
    }
}
