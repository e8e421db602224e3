package org.loopnest.internal.lang;

/**
 * One token of kernel text. Immutable.
 *
 * @param kind what kind of token it is
 * @param text the token as written
 * @param at where it starts
 * @param value a literal's value ({@code Integer}, {@code Long}, {@code Float}, {@code Double}), else {@code null}
 */
record Token(Kind kind, String text, Position at, Object value) {
    /** The kinds of token. */
    enum Kind {
        /** A name or a keyword: keywords are names the parser recognises. */
        NAME,
        /** A numeric literal, checked to fit its type. */
        NUMBER,
        /** An operator or punctuation, e.g. {@code <<=} or {@code ;}. */
        SYMBOL,
        /** The end of the text. */
        END
    }

    /**
     * {@return whether this is the symbol or name {@code s}}
     *
     * @param s the text of a symbol or keyword
     */
    boolean is(String s) {
        return kind != Kind.END && kind != Kind.NUMBER && text.equals(s);
    }

    /** {@return the position just after the token (tokens never span lines)} */
    Position end() {
        return new Position(at.line(), at.column() + text.length());
    }

    /** {@return the token as messages quote it} */
    String describe() {
        return kind == Kind.END ? "end of text" : "'" + text + "'";
    }
}
