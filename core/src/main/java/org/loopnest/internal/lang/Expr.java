package org.loopnest.internal.lang;

import java.util.List;
import org.loopnest.data.Role;

/**
 * An expression of a checked kernel: every node carries its {@link #type()}, and every conversion C would make
 * implicitly is an explicit {@link Convert} node, so that emitters print the tree without typing anything again.
 * Immutable.
 */
public sealed interface Expr {
    /** {@return the expression's type} */
    Type type();

    /** {@return where the expression starts in the kernel text} */
    Position at();

    /**
     * A literal: {@code Boolean} for {@code bool}, {@code Integer}, {@code Long}, {@code Float}, {@code Double}.
     * {@code NAN} and {@code INFINITY} are {@code float} literals holding NaN and +∞; no other literal is
     * non-finite, and none is negative (a minus sign is a {@link Unary}).
     *
     * @param type the literal's type
     * @param at where it starts
     * @param value its value, boxed as above
     */
    record Literal(Type type, Position at, Object value) implements Expr {
    }

    /**
     * A local variable or a helper's parameter, by its name as written.
     *
     * @param type its declared type
     * @param at where the use starts
     * @param name the name as written
     */
    record Local(Type type, Position at, String name) implements Expr {
    }

    /**
     * A loop index: the current iteration's value of loop {@code loop} ({@code long}, read-only).
     *
     * @param at where the use starts
     * @param name the index's name
     * @param loop the loop's number, 0 = outermost
     */
    record Index(Position at, String name, int loop) implements Expr {
        @Override
        public Type type() {
            return Type.LONG;
        }
    }

    /**
     * An array's element at the current iteration: read for an input; read (after it is assigned) or assigned for
     * an output.
     *
     * @param type the element type
     * @param at where the use starts
     * @param name the array's name
     * @param role whether the array is an input or an output
     */
    record Array(Type type, Position at, String name, Role role) implements Expr {
    }

    /**
     * A level of a column array: {@code name[index]}, the element at level {@code index} of the current iteration's
     * column. Read for an input; read or assigned for an output (an output's level the body never assigns is NaN for
     * floating types, 0 for integers). An index outside {@code 0 … levels − 1} fails the run.
     *
     * @param type the element type
     * @param at where the array's name is
     * @param name the array's name
     * @param role whether the array is an input or an output
     * @param index the level, {@code int} or {@code long} as written
     * @param axis the column axis
     * @param levels the axis' extent
     */
    record Element(Type type, Position at, String name, Role role, Expr index, String axis, int levels)
            implements Expr {
    }

    /**
     * {@code op operand}; the type is the operand's.
     *
     * @param type the operand's type
     * @param at where the operator is
     * @param op the operator
     * @param operand the operand
     */
    record Unary(Type type, Position at, UnaryOp op, Expr operand) implements Expr {
    }

    /**
     * {@code left op right}. By {@link BinaryOp#kind()}: ARITHMETIC and INTEGER — both operands have the node's
     * type; SHIFT — the left operand has the node's type ({@code int} or {@code long}), the right is {@code int}
     * or {@code long} as written; ORDER and EQUALITY — both operands have one type (numeric, or {@code bool} for
     * equality) and the node is {@code bool}; LOGICAL — both operands and the node are {@code bool}.
     *
     * @param type the result's type
     * @param at where the operator is
     * @param op the operator
     * @param left the left operand
     * @param right the right operand
     */
    record Binary(Type type, Position at, BinaryOp op, Expr left, Expr right) implements Expr {
    }

    /**
     * {@code condition ? whenTrue : whenFalse}: the condition is {@code bool}, both branches have the node's type.
     *
     * @param type the result's type
     * @param at where the condition starts
     * @param condition the test
     * @param whenTrue the value when it holds
     * @param whenFalse the value when it does not
     */
    record Conditional(Type type, Position at, Expr condition, Expr whenTrue, Expr whenFalse) implements Expr {
    }

    /**
     * A conversion of {@code operand} to {@code type}: a cast the user wrote ({@code explicit}) or one the
     * language makes (arithmetic conversions, assignment, arguments, returns). Numeric to numeric as C converts
     * (floating to integer truncates toward zero); numeric to {@code bool} is {@code != 0}; {@code bool} to numeric
     * is 0 or 1. Never converts a type to itself.
     *
     * @param type the target type
     * @param at where the cast, or the converted expression, starts
     * @param operand the value converted
     * @param explicit whether the user wrote the cast
     */
    record Convert(Type type, Position at, Expr operand, boolean explicit) implements Expr {
    }

    /**
     * A built-in math function. The arguments have the call's floating type (see {@link MathFunction}); the node's
     * type is that type, or {@code bool} for a test.
     *
     * @param type the result's type
     * @param at where the function's name is
     * @param function the function
     * @param arguments the arguments, converted
     */
    record MathCall(Type type, Position at, MathFunction function, List<Expr> arguments) implements Expr {
        /** Copies the list. */
        public MathCall {
            arguments = List.copyOf(arguments);
        }
    }

    /**
     * A call of a helper function; each argument has its parameter's type, the node the helper's return type.
     *
     * @param type the helper's return type
     * @param at where the helper's name is
     * @param helper the helper's name as written
     * @param arguments the arguments, converted
     */
    record HelperCall(Type type, Position at, String helper, List<Expr> arguments) implements Expr {
        /** Copies the list. */
        public HelperCall {
            arguments = List.copyOf(arguments);
        }
    }
}
