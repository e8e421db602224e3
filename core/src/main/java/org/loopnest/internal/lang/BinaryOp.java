package org.loopnest.internal.lang;

/**
 * The infix operators, spelt alike in the kernel language, C and Java. The typing rules each {@link Expr.Binary}
 * node obeys are on {@link Expr.Binary}.
 */
public enum BinaryOp {
    /** {@code +}. */
    ADD("+", Kind.ARITHMETIC),
    /** {@code -}. */
    SUBTRACT("-", Kind.ARITHMETIC),
    /** {@code *}. */
    MULTIPLY("*", Kind.ARITHMETIC),
    /** {@code /}: integer division truncates toward zero. */
    DIVIDE("/", Kind.ARITHMETIC),
    /** {@code %}: integers only; the result has the sign of the dividend (C99, Java). */
    REMAINDER("%", Kind.INTEGER),
    /** {@code <<}. */
    SHIFT_LEFT("<<", Kind.SHIFT),
    /** {@code >>}: arithmetic (sign-filling) shift. */
    SHIFT_RIGHT(">>", Kind.SHIFT),
    /** {@code &} on integers. */
    BIT_AND("&", Kind.INTEGER),
    /** {@code |} on integers. */
    BIT_OR("|", Kind.INTEGER),
    /** {@code ^} on integers. */
    BIT_XOR("^", Kind.INTEGER),
    /** {@code <}. */
    LESS("<", Kind.ORDER),
    /** {@code <=}. */
    LESS_EQUAL("<=", Kind.ORDER),
    /** {@code >}. */
    GREATER(">", Kind.ORDER),
    /** {@code >=}. */
    GREATER_EQUAL(">=", Kind.ORDER),
    /** {@code ==} on numbers or on {@code bool}s. */
    EQUAL("==", Kind.EQUALITY),
    /** {@code !=} on numbers or on {@code bool}s. */
    NOT_EQUAL("!=", Kind.EQUALITY),
    /** {@code &&}, short-circuit, on {@code bool}s. */
    AND("&&", Kind.LOGICAL),
    /** {@code ||}, short-circuit, on {@code bool}s. */
    OR("||", Kind.LOGICAL);

    /** What an operator does with its operands' types. */
    public enum Kind {
        /** Numbers, converted to their common type; the result has that type. */
        ARITHMETIC,
        /** Integers, converted to their common type; the result has that type. */
        INTEGER,
        /** Integers; the result has the left operand's type, the right keeps its own. */
        SHIFT,
        /** Numbers, converted to their common type; the result is {@code bool}. */
        ORDER,
        /** Numbers converted to their common type, or two {@code bool}s; the result is {@code bool}. */
        EQUALITY,
        /** Two {@code bool}s; the result is {@code bool}. */
        LOGICAL
    }

    private final String symbol;
    private final Kind kind;

    BinaryOp(String symbol, Kind kind) {
        this.symbol = symbol;
        this.kind = kind;
    }

    /** {@return the operator as written in C, Java and the kernel language} */
    public String symbol() {
        return symbol;
    }

    /** {@return what the operator does with types} */
    public Kind kind() {
        return kind;
    }
}
