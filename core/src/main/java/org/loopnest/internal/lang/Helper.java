package org.loopnest.internal.lang;

import java.util.List;

/**
 * A helper function: {@code type name(type p, ...) { ... }}. It sees its parameters and its own locals only (no
 * arrays, no loop indices), returns a value on every path, and calls only helpers that do not call it back.
 * Immutable.
 *
 * @param at where its return type is written
 * @param returnType what it returns
 * @param name its name as written
 * @param parameters its parameters in order (assignable inside it, as in C)
 * @param body its statements
 */
public record Helper(Position at, Type returnType, String name, List<Parameter> parameters, Stmt.Block body) {
    /** Copies the list. */
    public Helper {
        parameters = List.copyOf(parameters);
    }

    /**
     * A parameter.
     *
     * @param at where its type is written
     * @param type its type
     * @param name its name as written
     */
    public record Parameter(Position at, Type type, String name) {
    }
}
