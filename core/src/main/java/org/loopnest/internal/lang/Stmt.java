package org.loopnest.internal.lang;

import java.util.List;

/**
 * A statement of a checked kernel. Compound assignments ({@code x += e}) and increments ({@code i++}) arrive as
 * plain {@link Assign}s of the computed value; there are no expression statements. Immutable.
 */
public sealed interface Stmt {
    /** {@return where the statement starts in the kernel text} */
    Position at();

    /**
     * {@code { statements }}: a scope.
     *
     * @param at where the brace is
     * @param statements the statements in order
     */
    record Block(Position at, List<Stmt> statements) implements Stmt {
        /** Copies the list. */
        public Block {
            statements = List.copyOf(statements);
        }
    }

    /**
     * A local variable: {@code [const] type name [= init];}. Names are unique in a body or helper (no shadowing),
     * so emitters may declare them as written.
     *
     * @param at where the declaration starts
     * @param type the declared type
     * @param name the name as written
     * @param constant whether it was declared {@code const} (then {@code init} is present)
     * @param init the initial value converted to {@code type}, or {@code null}
     */
    record Declare(Position at, Type type, String name, boolean constant, Expr init) implements Stmt {
    }

    /**
     * {@code target = value;}, the value already of the target's type.
     *
     * @param at where the target starts
     * @param target a {@link Expr.Local} (not {@code const}) or an output's {@link Expr.Array}
     * @param value the value
     */
    record Assign(Position at, Expr target, Expr value) implements Stmt {
    }

    /**
     * {@code if (condition) then [else otherwise]}.
     *
     * @param at where {@code if} is
     * @param condition a {@code bool}
     * @param then run when it holds
     * @param otherwise run when it does not, or {@code null}
     */
    record If(Position at, Expr condition, Stmt then, Stmt otherwise) implements Stmt {
    }

    /**
     * {@code while (condition) body}.
     *
     * @param at where {@code while} is
     * @param condition a {@code bool}, not the constant {@code true}
     * @param body the loop's body
     */
    record While(Position at, Expr condition, Stmt body) implements Stmt {
    }

    /**
     * {@code for (init; condition; update) body}; {@code init}'s variable is visible in the loop only.
     *
     * @param at where {@code for} is
     * @param init a {@link Declare} or {@link Assign}, or {@code null}
     * @param condition a {@code bool}, not the constant {@code true}
     * @param update an {@link Assign}, or {@code null}
     * @param body the loop's body
     */
    record For(Position at, Stmt init, Expr condition, Stmt update, Stmt body) implements Stmt {
    }

    /**
     * {@code break;} inside a loop.
     *
     * @param at where it is
     */
    record Break(Position at) implements Stmt {
    }

    /**
     * {@code continue;} inside a loop.
     *
     * @param at where it is
     */
    record Continue(Position at) implements Stmt {
    }

    /**
     * {@code return value;} inside a helper.
     *
     * @param at where it is
     * @param value the value, converted to the helper's return type
     */
    record Return(Position at, Expr value) implements Stmt {
    }
}
