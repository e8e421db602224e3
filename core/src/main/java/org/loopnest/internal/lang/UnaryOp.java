package org.loopnest.internal.lang;

/** The prefix operators. Each keeps its operand's type ({@link #NOT} takes and gives {@code bool}). */
public enum UnaryOp {
    /** Arithmetic negation {@code -x} of a number (two's-complement wrap for the most negative integer). */
    NEGATE("-"),
    /** Logical not {@code !b} of a {@code bool}. */
    NOT("!"),
    /** Bitwise complement {@code ~i} of an {@code int} or {@code long}. */
    COMPLEMENT("~");

    private final String symbol;

    UnaryOp(String symbol) {
        this.symbol = symbol;
    }

    /** {@return the operator as written in C, Java and the kernel language} */
    public String symbol() {
        return symbol;
    }
}
