package org.loopnest.internal.lang;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;

/**
 * The names a body or helper sees while it is checked: nested frames of locals and parameters, above the fixed names
 * (arrays, loop indices, helpers, math functions) that no local may take. Enforces the naming rules on every
 * declaration: no reserved word, no runtime prefix, no shadowing. Not thread-safe; one instance per body or helper.
 */
final class Scope {
    /**
     * A local variable or parameter.
     *
     * @param type its type
     * @param constant whether it was declared {@code const}
     * @param at where its name is
     */
    record Variable(Type type, boolean constant, Position at) {
    }

    private final SourceText source;
    private final Map<String, String> fixed;
    private final Deque<Map<String, Variable>> frames = new ArrayDeque<>();

    /**
     * @param source the text checked, for errors
     * @param fixed the names no local may take, each with how messages describe it (e.g. {@code the array T})
     */
    Scope(SourceText source, Map<String, String> fixed) {
        this.source = source;
        this.fixed = Map.copyOf(fixed);
        frames.push(new HashMap<>());
    }

    /** Opens a nested frame (a block, a for loop). */
    void open() {
        frames.push(new HashMap<>());
    }

    /** Closes the innermost frame: its names go out of scope. */
    void close() {
        frames.pop();
    }

    /**
     * Declares a local or parameter in the innermost frame.
     *
     * @param name its name
     * @param at where the name is
     * @param type its type
     * @param constant whether it is {@code const}
     * @throws org.loopnest.error.KernelSyntaxException if the name is reserved or shadows another
     */
    void declare(String name, Position at, Type type, boolean constant) {
        checkNewName(source, name, at);
        String taken = fixed.get(name);
        Variable local = lookup(name);
        if (taken != null || local != null) {
            String what = taken != null ? taken : "the local " + name + " declared at " + local.at();
            throw source.error(at, "'" + name + "' shadows " + what,
                    "a new name, not one of an array, a loop index, a helper, a math function or a local in scope");
        }
        frames.peek().put(name, new Variable(type, constant, at));
    }

    /**
     * {@return the local or parameter {@code name} in scope, or {@code null}}
     *
     * @param name a name
     */
    Variable lookup(String name) {
        for (Map<String, Variable> frame : frames) {
            Variable v = frame.get(name);
            if (v != null) {
                return v;
            }
        }
        return null;
    }

    /**
     * Refuses a reserved word or a runtime name as the name of something the user declares.
     *
     * @param source the text, for errors
     * @param name the declared name
     * @param at where it is
     */
    static void checkNewName(SourceText source, String name, Position at) {
        if (ReservedWords.isRuntimeName(name)) {
            throw source.error(at, "'" + name + "' starts with " + name.substring(0, 3),
                    "a name of your own; names starting with ln_ or LN_ belong to the runtime");
        }
        if (ReservedWords.isReserved(name)) {
            throw source.error(at, "'" + name + "' is a reserved word",
                    "a name that is no keyword of C, C++, OpenCL, CUDA or Java");
        }
    }
}
