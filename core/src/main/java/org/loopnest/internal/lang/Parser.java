package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.loopnest.error.KernelSyntaxException;

/**
 * A recursive-descent parser of the kernel language, one method per grammar rule: a body's statements and the
 * helpers' definitions here, expressions in {@link ExpressionParser}. Builds the untyped {@link Syntax} tree; names and types are the {@link Checker}'s
 * business. Statements nest at most {@value ExpressionParser#MAX_DEPTH} levels deep (an {@code else if} counts as one
 * more), expressions as deep ({@link ExpressionParser}). Not thread-safe; one instance per text.
 */
final class Parser {
    private static final String STATEMENT = "a declaration, an assignment, if, for, while, break, continue or return";
    /** Keywords of C or Java that start no statement of the kernel language. */
    private static final Set<String> STATEMENT_KEYWORDS = Set.of("do", "switch", "case", "default", "goto", "else",
            "void", "struct", "union", "enum", "typedef", "unsigned", "signed", "short", "char", "static", "extern",
            "register", "volatile", "auto", "inline", "try", "throw", "new", "var");
    private static final String TYPES = TokenCursor.TYPES;

    private final SourceText source;
    private final TokenCursor tokens;
    private final ExpressionParser expressions;
    /** How many statements are being parsed, one inside another. */
    private int nesting;

    private Parser(SourceText source) {
        this.source = source;
        this.tokens = new TokenCursor(source);
        this.expressions = new ExpressionParser(tokens);
    }

    /**
     * {@return the statements of a body}
     *
     * @param source the body's text
     * @throws KernelSyntaxException at the first token that does not fit the grammar
     */
    static Syntax.Body body(SourceText source) {
        Parser parser = new Parser(source);
        List<Syntax.Statement> statements = new ArrayList<>();
        while (parser.peek().kind() != Token.Kind.END) {
            statements.add(parser.statement());
        }
        return new Syntax.Body(statements, parser.peek().at());
    }

    /**
     * {@return the function definitions of a helpers part}
     *
     * @param source the helpers' text
     * @throws KernelSyntaxException at the first token that does not fit the grammar
     */
    static List<Syntax.Function> helpers(SourceText source) {
        Parser parser = new Parser(source);
        List<Syntax.Function> functions = new ArrayList<>();
        while (parser.peek().kind() != Token.Kind.END) {
            functions.add(parser.function());
        }
        return functions;
    }

    /**
     * {@return one expression spanning the whole text (for tests and tools)}
     *
     * @param source the expression's text
     * @throws KernelSyntaxException at the first token that does not fit the grammar
     */
    static Syntax.Node expression(SourceText source) {
        Parser parser = new Parser(source);
        Syntax.Node node = parser.expression();
        if (!parser.tokens.atEnd()) {
            throw parser.unexpected("the end of the expression");
        }
        return node;
    }

    private Syntax.Function function() {
        Token typeToken = peek();
        if (typeToken.is("LN_FUNC")) {
            throw source.error(typeToken.at(), "'LN_FUNC' before a helper",
                    "a helper written as type name(parameters) { ... }, without LN_FUNC");
        }
        Type type = type("the return type of a helper: " + TYPES);
        Token name = name("the helper's name");
        expect("(", "( after the helper's name");
        List<Syntax.Declare> parameters = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                Token parameterType = peek();
                Type t = type("a parameter's type: " + TYPES);
                Token parameter = name("the parameter's name");
                parameters.add(new Syntax.Declare(parameterType.at(), false, t, parameter.text(), parameter.at(), null));
            } while (accept(","));
        }
        expect(")", ") or , after a parameter");
        if (!peek().is("{")) {
            throw unexpected("{ to start the helper's body");
        }
        return new Syntax.Function(typeToken.at(), type, name.text(), name.at(), parameters, block());
    }

    private Syntax.Statement statement() {
        if (++nesting > ExpressionParser.MAX_DEPTH) {
            throw source.error(peek().at(), "statements nested more than " + ExpressionParser.MAX_DEPTH
                    + " levels deep", "at most " + ExpressionParser.MAX_DEPTH + " levels of blocks, if, else, for "
                    + "and while");
        }
        try {
            return unnested();
        } finally {
            nesting--;
        }
    }

    private Syntax.Statement unnested() {
        Token t = peek();
        if (t.is("{")) {
            return block();
        }
        if (t.kind() == Token.Kind.NAME) {
            switch (t.text()) {
                case "if" -> {
                    return ifStatement();
                }
                case "while" -> {
                    return whileStatement();
                }
                case "for" -> {
                    return forStatement();
                }
                case "break", "continue" -> {
                    advance();
                    expectSemicolon();
                    return new Syntax.Jump(t.at(), t.text().equals("break"));
                }
                case "return" -> {
                    advance();
                    Syntax.Node value = expression();
                    expectSemicolon();
                    return new Syntax.Return(t.at(), value);
                }
                default -> {
                }
            }
        }
        Syntax.Statement simple = simpleStatement(true);
        expectSemicolon();
        return simple;
    }

    /** A statement that may stand as the whole body of an if, while or for: anything but a declaration. */
    private Syntax.Statement subStatement() {
        if (isDeclarationStart()) {
            throw source.error(peek().at(), "declaration as the whole body of an if, else, for or while",
                    "braces around it: { ... }");
        }
        return statement();
    }

    private Syntax.Block block() {
        Token open = expect("{", "{");
        List<Syntax.Statement> statements = new ArrayList<>();
        while (!peek().is("}")) {
            if (peek().kind() == Token.Kind.END) {
                throw unexpected("} to close the block opened at " + open.at());
            }
            statements.add(statement());
        }
        advance();
        return new Syntax.Block(open.at(), statements);
    }

    private Syntax.Statement ifStatement() {
        Token keyword = advance();
        Syntax.Node condition = parenthesisedCondition("if");
        Syntax.Statement then = subStatement();
        Syntax.Statement otherwise = null;
        if (peek().is("else")) {
            advance();
            otherwise = subStatement();
        }
        return new Syntax.If(keyword.at(), condition, then, otherwise);
    }

    private Syntax.Statement whileStatement() {
        Token keyword = advance();
        Syntax.Node condition = parenthesisedCondition("while");
        return new Syntax.While(keyword.at(), condition, subStatement());
    }

    private Syntax.Statement forStatement() {
        Token keyword = advance();
        expect("(", "( after for");
        Syntax.Statement init = peek().is(";") ? null : simpleStatement(true);
        expect(";", "; after the loop's initialisation");
        if (peek().is(";")) {
            throw source.error(peek().at(), "missing loop condition", "a condition that ends the loop, such as i < n");
        }
        Syntax.Node condition = expression();
        expect(";", "; after the loop's condition");
        Syntax.Statement update = peek().is(")") ? null : simpleStatement(false);
        expect(")", ") after the loop's update");
        return new Syntax.For(keyword.at(), init, condition, update, subStatement());
    }

    private Syntax.Node parenthesisedCondition(String keyword) {
        expect("(", "( after " + keyword);
        Syntax.Node condition = expression();
        expect(")", ") after the condition");
        return condition;
    }

    /** A declaration (when allowed), an assignment, or an increment, without the semicolon. */
    private Syntax.Statement simpleStatement(boolean declarationAllowed) {
        if (declarationAllowed && isDeclarationStart()) {
            return declaration();
        }
        Token t = peek();
        if (t.is("++") || t.is("--")) {
            advance();
            Token target = name("a variable's name after " + t.text());
            return increment(target, t);
        }
        if (t.kind() != Token.Kind.NAME || STATEMENT_KEYWORDS.contains(t.text())) {
            if (t.kind() == Token.Kind.NAME) {
                throw source.error(t.at(), "'" + t.text() + "' is not a statement of the kernel language", STATEMENT);
            }
            throw unexpected(STATEMENT);
        }
        advance();
        Syntax.Node index = null;
        if (accept("[")) {
            index = expression();
            expect("]", "] after the level of " + t.text());
        }
        Token op = peek();
        if (op.is("++") || op.is("--")) {
            advance();
            return increment(t, op, index);
        }
        if (op.is("=")) {
            advance();
            return new Syntax.Assign(t.at(), t.text(), null, op.at(), expression(), index);
        }
        BinaryOp compound = op.kind() == Token.Kind.SYMBOL && op.text().endsWith("=") && op.text().length() > 1
                ? ExpressionParser.operator(op.text().substring(0, op.text().length() - 1)) : null;
        if (compound == null || compound.kind() == BinaryOp.Kind.ORDER || compound.kind() == BinaryOp.Kind.EQUALITY) {
            throw unexpected("= or a compound assignment such as += after '" + t.text()
                    + "'; a statement assigns, it is no expression");
        }
        advance();
        return new Syntax.Assign(t.at(), t.text(), compound, op.at(), expression(), index);
    }

    private Syntax.Statement increment(Token target, Token op) {
        return increment(target, op, null);
    }

    private Syntax.Statement increment(Token target, Token op, Syntax.Node index) {
        BinaryOp add = op.text().equals("++") ? BinaryOp.ADD : BinaryOp.SUBTRACT;
        return new Syntax.Assign(target.at(), target.text(), add, op.at(), null, index);
    }

    private Syntax.Declare declaration() {
        Token first = peek();
        boolean constant = accept("const");
        Type type = type(TYPES);
        Token name = name("the variable's name");
        Syntax.Node init = accept("=") ? expression() : null;
        return new Syntax.Declare(first.at(), constant, type, name.text(), name.at(), init);
    }

    private boolean isDeclarationStart() {
        Token t = peek();
        return t.kind() == Token.Kind.NAME && (t.text().equals("const") || TokenCursor.typeNamed(t.text()) != null);
    }

    private Syntax.Node expression() {
        return expressions.expression();
    }

    private Type type(String expected) {
        return tokens.type(expected);
    }

    private Token name(String expected) {
        return tokens.name(expected);
    }

    private void expectSemicolon() {
        tokens.expectSemicolon();
    }

    private Token expect(String symbol, String expected) {
        return tokens.expect(symbol, expected);
    }

    private boolean accept(String symbol) {
        return tokens.accept(symbol);
    }

    private KernelSyntaxException unexpected(String expected) {
        return tokens.unexpected(expected);
    }

    private Token peek() {
        return tokens.peek();
    }

    private Token advance() {
        return tokens.advance();
    }
}
