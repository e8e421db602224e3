package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.error.KernelSyntaxException;

/**
 * Splits one part of kernel text into tokens: a single forward scan over the characters, skipping white space and
 * comments. Refuses preprocessor lines, unterminated comments, characters outside the language and malformed or
 * out-of-range literals (see {@link Literals}). Not thread-safe; one instance per text.
 */
final class Lexer {
    private static final String SINGLE_SYMBOLS = "+-*/%<>=!~&|^?:;,(){}[]";
    /** The symbols {@code c=} is a symbol for: comparisons and compound assignments. */
    private static final String BEFORE_EQUALS = "<>=!+-*/%&|^";
    /** The symbols {@code cc} is a symbol for: shifts, logical operators, increments. */
    private static final String DOUBLED = "<>&|+-";

    private final SourceText source;
    private final String text;
    private int index;
    private int line = 1;
    private int lineStart;

    private Lexer(SourceText source) {
        this.source = source;
        this.text = source.text();
    }

    /**
     * {@return the tokens of {@code source}, ending with one {@link Token.Kind#END} token placed just after the last
     * token}
     *
     * @param source the part to scan
     * @throws KernelSyntaxException at the first character that starts no token
     */
    static List<Token> tokens(SourceText source) {
        return new Lexer(source).scan();
    }

    private List<Token> scan() {
        List<Token> tokens = new ArrayList<>();
        skipSpaceAndComments();
        while (index < text.length()) {
            tokens.add(next());
            skipSpaceAndComments();
        }
        Position end = tokens.isEmpty() ? new Position(1, 1) : tokens.get(tokens.size() - 1).end();
        tokens.add(new Token(Token.Kind.END, "", end, null));
        return tokens;
    }

    private Token next() {
        Position at = here();
        char c = text.charAt(index);
        if (isNameStart(c)) {
            int start = index;
            while (index < text.length() && isNamePart(text.charAt(index))) {
                index++;
            }
            return new Token(Token.Kind.NAME, text.substring(start, index), at, null);
        }
        if (isDigit(c) || c == '.' && index + 1 < text.length() && isDigit(text.charAt(index + 1))) {
            return number(at);
        }
        if (c == '#') {
            throw source.error(at, "preprocessor line", "kernel language without #include, #define or #pragma");
        }
        return symbol(at, c);
    }

    private Token number(Position at) {
        int start = index;
        while (index < text.length() && (isNamePart(text.charAt(index)) || text.charAt(index) == '.'
                || isExponentSign(start))) {
            index++;
        }
        String written = text.substring(start, index);
        return new Token(Token.Kind.NUMBER, written, at, Literals.value(written, at, source));
    }

    /** Whether the current character is a sign right after an exponent {@code e} of a decimal literal. */
    private boolean isExponentSign(int start) {
        char c = text.charAt(index);
        if (c != '+' && c != '-' || index == start) {
            return false;
        }
        char previous = text.charAt(index - 1);
        boolean hex = index - start >= 2 && (text.charAt(start + 1) == 'x' || text.charAt(start + 1) == 'X');
        return !hex && (previous == 'e' || previous == 'E');
    }

    private Token symbol(Position at, char c) {
        if (SINGLE_SYMBOLS.indexOf(c) < 0) {
            throw source.error(at, "unexpected character '" + c + "'",
                    "names, numbers, operators and ( ) { } ; , ? : of the kernel language");
        }
        int length = symbolLength(c, charAt(index + 1), charAt(index + 2));
        Token token = new Token(Token.Kind.SYMBOL, text.substring(index, index + length), at, null);
        index += length;
        return token;
    }

    /** The length of the longest symbol starting with {@code c}, followed by {@code c2} and {@code c3}. */
    private static int symbolLength(char c, char c2, char c3) {
        if (c2 == c && (c == '<' || c == '>')) {
            return c3 == '=' ? 3 : 2;
        }
        if (c2 == '=' && BEFORE_EQUALS.indexOf(c) >= 0 || c2 == c && DOUBLED.indexOf(c) >= 0) {
            return 2;
        }
        return 1;
    }

    private char charAt(int i) {
        return i < text.length() ? text.charAt(i) : '\0';
    }

    private void skipSpaceAndComments() {
        while (index < text.length()) {
            char c = text.charAt(index);
            if (c == '\n') {
                index++;
                line++;
                lineStart = index;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                index++;
            } else if (text.startsWith("//", index)) {
                while (index < text.length() && text.charAt(index) != '\n') {
                    index++;
                }
            } else if (text.startsWith("/*", index)) {
                skipBlockComment();
            } else {
                return;
            }
        }
    }

    private void skipBlockComment() {
        Position opened = here();
        int close = text.indexOf("*/", index + 2);
        if (close < 0) {
            throw source.error(opened, "unterminated comment", "*/ to close the comment opened here");
        }
        for (; index < close + 2; index++) {
            if (text.charAt(index) == '\n') {
                line++;
                lineStart = index + 1;
            }
        }
    }

    private Position here() {
        return new Position(line, index - lineStart + 1);
    }

    private static boolean isNameStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_';
    }

    private static boolean isNamePart(char c) {
        return isNameStart(c) || isDigit(c);
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
