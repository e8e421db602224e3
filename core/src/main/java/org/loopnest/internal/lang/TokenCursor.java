package org.loopnest.internal.lang;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.loopnest.error.KernelSyntaxException;

/**
 * The parsers' position in the tokens of one part, with the small steps every grammar rule takes: look, take,
 * expect, and the error for a token that does not fit. Not thread-safe; one instance per text.
 */
final class TokenCursor {
    /** How messages list the types. */
    static final String TYPES = "bool, int, long, float or double";
    private static final Map<String, Type> TYPES_BY_KEYWORD = new HashMap<>();

    static {
        for (Type type : Type.values()) {
            TYPES_BY_KEYWORD.put(type.keyword(), type);
        }
    }

    private final SourceText source;
    private final List<Token> tokens;
    private int next;

    /**
     * @param source the part to parse; its tokens are scanned now
     * @throws KernelSyntaxException if the lexer refuses the text
     */
    TokenCursor(SourceText source) {
        this.source = source;
        this.tokens = Lexer.tokens(source);
    }

    /** {@return the text parsed, for errors} */
    SourceText source() {
        return source;
    }

    /** {@return the next token, not taken} */
    Token peek() {
        return peek(0);
    }

    /**
     * {@return the token {@code ahead} places after the next one, or the end token past the end}
     *
     * @param ahead 0 for the next token
     */
    Token peek(int ahead) {
        return tokens.get(Math.min(next + ahead, tokens.size() - 1));
    }

    /** {@return the next token, taken} */
    Token advance() {
        return tokens.get(next++);
    }

    /** {@return whether every token is taken} */
    boolean atEnd() {
        return peek().kind() == Token.Kind.END;
    }

    /**
     * {@return whether the next token is {@code symbol}; takes it if so}
     *
     * @param symbol a symbol or keyword
     */
    boolean accept(String symbol) {
        if (peek().is(symbol)) {
            advance();
            return true;
        }
        return false;
    }

    /**
     * {@return the next token, which must be {@code symbol}}
     *
     * @param symbol a symbol or keyword
     * @param expected what messages say was expected
     */
    Token expect(String symbol, String expected) {
        if (!peek().is(symbol)) {
            throw unexpected(expected);
        }
        return advance();
    }

    /** Takes the {@code ;} that ends a statement, or reports it missing just after the previous token. */
    void expectSemicolon() {
        if (!peek().is(";")) {
            throw source.error(tokens.get(next - 1).end(), "missing ';' before " + peek().describe(),
                    "; at the end of the statement");
        }
        advance();
    }

    /**
     * {@return the next token, which must be a name}
     *
     * @param expected what messages say was expected
     */
    Token name(String expected) {
        if (peek().kind() != Token.Kind.NAME) {
            throw unexpected(expected);
        }
        return advance();
    }

    /**
     * {@return the type the next token names, taken}
     *
     * @param expected what messages say was expected
     */
    Type type(String expected) {
        Token t = peek();
        Type type = t.kind() == Token.Kind.NAME ? typeNamed(t.text()) : null;
        if (type == null) {
            if (t.kind() == Token.Kind.NAME) {
                throw source.error(t.at(), "unknown type '" + t.text() + "'", expected);
            }
            throw unexpected(expected);
        }
        advance();
        return type;
    }

    /**
     * {@return the error for the next token}
     *
     * @param expected what was expected instead
     */
    KernelSyntaxException unexpected(String expected) {
        return source.error(peek().at(), "unexpected " + peek().describe(), expected);
    }

    /**
     * {@return the type {@code keyword} names, or {@code null}}
     *
     * @param keyword a name
     */
    static Type typeNamed(String keyword) {
        return TYPES_BY_KEYWORD.get(keyword);
    }
}
