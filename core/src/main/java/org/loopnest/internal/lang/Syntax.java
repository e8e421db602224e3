package org.loopnest.internal.lang;

import java.util.List;

/**
 * The tree the {@link Parser} builds: the text's structure, not yet typed or resolved (names are strings, literals
 * carry their lexed values, compound assignments are still compound). The {@link Checker} turns it into the typed
 * {@link Expr}/{@link Stmt} tree. Immutable.
 */
final class Syntax {
    private Syntax() {
    }

    /** An expression as written. */
    sealed interface Node {
        /** {@return where it starts (for operators: where the operator is)} */
        Position at();
    }

    /**
     * A literal: {@code Boolean}, {@code Integer}, {@code Long}, {@code Float} or {@code Double}.
     *
     * @param at where it is
     * @param value its value
     */
    record Literal(Position at, Object value) implements Node {
    }

    /**
     * A name used as a value.
     *
     * @param at where it is
     * @param name the name
     */
    record Name(Position at, String name) implements Node {
    }

    /**
     * A prefix operator; {@code op} is one of {@code - + ! ~}.
     *
     * @param at where the operator is
     * @param op the operator's text
     * @param operand the operand
     */
    record Unary(Position at, String op, Node operand) implements Node {
    }

    /**
     * An infix operator.
     *
     * @param at where the operator is
     * @param op the operator
     * @param left the left operand
     * @param right the right operand
     */
    record Binary(Position at, BinaryOp op, Node left, Node right) implements Node {
    }

    /**
     * {@code c ? a : b}.
     *
     * @param at where the condition starts
     * @param condition the test
     * @param whenTrue the value when it holds
     * @param whenFalse the value otherwise
     */
    record Conditional(Position at, Node condition, Node whenTrue, Node whenFalse) implements Node {
    }

    /**
     * {@code (type) operand}.
     *
     * @param at where the parenthesis is
     * @param type the type cast to
     * @param operand the value cast
     */
    record Cast(Position at, Type type, Node operand) implements Node {
    }

    /**
     * {@code name(arguments)}.
     *
     * @param at where the name is
     * @param name the function's name
     * @param arguments the arguments
     */
    record Call(Position at, String name, List<Node> arguments) implements Node {
        Call {
            arguments = List.copyOf(arguments);
        }
    }

    /**
     * {@code name[index]}: a level of a column array.
     *
     * @param at where the name is
     * @param name the array's name as written
     * @param index the level
     */
    record Subscript(Position at, String name, Node index) implements Node {
    }

    /** A statement as written. */
    sealed interface Statement {
        /** {@return where it starts} */
        Position at();
    }

    /**
     * {@code { ... }}.
     *
     * @param at where the brace is
     * @param statements the statements
     */
    record Block(Position at, List<Statement> statements) implements Statement {
        Block {
            statements = List.copyOf(statements);
        }
    }

    /**
     * {@code [const] type name [= init]}.
     *
     * @param at where the declaration starts
     * @param constant whether {@code const} was written
     * @param type the type
     * @param name the name
     * @param nameAt where the name is
     * @param init the initial value, or {@code null}
     */
    record Declare(Position at, boolean constant, Type type, String name, Position nameAt, Node init)
            implements Statement {
    }

    /**
     * {@code target op value} with {@code op} one of {@code = += -= *= /= %= <<= >>= &= |= ^=}; increments are
     * {@code += 1} / {@code -= 1} with {@code value} {@code null}.
     *
     * @param at where the target is
     * @param target the assigned name
     * @param op the operator combined with the old value, or {@code null} for plain {@code =}
     * @param opAt where the assignment operator is
     * @param value the value, or {@code null} for {@code ++}/{@code --}
     * @param index the level assigned, for a column array's element ({@code target[index] = ...}), or {@code null}
     */
    record Assign(Position at, String target, BinaryOp op, Position opAt, Node value, Node index)
            implements Statement {
        /** An assignment of a whole name (a local, a parameter or an output of the current iteration). */
        Assign(Position at, String target, BinaryOp op, Position opAt, Node value) {
            this(at, target, op, opAt, value, null);
        }

        /** {@return the target as an expression: its name, or its subscript} */
        Node targetNode() {
            Name name = new Name(at, target);
            return index == null ? name : new Subscript(at, target, index);
        }
    }

    /**
     * {@code if (condition) then [else otherwise]}.
     *
     * @param at where {@code if} is
     * @param condition the test
     * @param then the branch when it holds
     * @param otherwise the other branch, or {@code null}
     */
    record If(Position at, Node condition, Statement then, Statement otherwise) implements Statement {
    }

    /**
     * {@code while (condition) body}.
     *
     * @param at where {@code while} is
     * @param condition the test
     * @param body the body
     */
    record While(Position at, Node condition, Statement body) implements Statement {
    }

    /**
     * {@code for (init; condition; update) body}.
     *
     * @param at where {@code for} is
     * @param init a declaration or assignment, or {@code null}
     * @param condition the test
     * @param update an assignment, or {@code null}
     * @param body the body
     */
    record For(Position at, Statement init, Node condition, Statement update, Statement body) implements Statement {
    }

    /**
     * {@code break;} or {@code continue;}.
     *
     * @param at where it is
     * @param isBreak {@code true} for {@code break}
     */
    record Jump(Position at, boolean isBreak) implements Statement {
    }

    /**
     * {@code return value;}.
     *
     * @param at where {@code return} is
     * @param value the value
     */
    record Return(Position at, Node value) implements Statement {
    }

    /**
     * A helper's definition.
     *
     * @param at where the return type is
     * @param returnType the return type
     * @param name the name
     * @param nameAt where the name is
     * @param parameters the parameters (as declarations without init)
     * @param body the body
     */
    record Function(Position at, Type returnType, String name, Position nameAt, List<Declare> parameters,
            Block body) {
        Function {
            parameters = List.copyOf(parameters);
        }
    }

    /**
     * The body part.
     *
     * @param statements its statements
     * @param end the position just after its last token
     */
    record Body(List<Statement> statements, Position end) {
        Body {
            statements = List.copyOf(statements);
        }
    }
}
