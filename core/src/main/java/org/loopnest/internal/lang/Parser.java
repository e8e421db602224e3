package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.loopnest.error.KernelSyntaxException;

/**
 * A recursive-descent parser of the kernel language, one method per grammar rule, binary operators by C's
 * precedence and associativity. Builds the untyped {@link Syntax} tree; names and types are the {@link Checker}'s
 * business. Not thread-safe; one instance per text.
 */
final class Parser {
    private static final String STATEMENT = "a declaration, an assignment, if, for, while, break, continue or return";
    /** Keywords of C or Java that start no statement of the kernel language. */
    private static final Set<String> STATEMENT_KEYWORDS = Set.of("do", "switch", "case", "default", "goto", "else",
            "void", "struct", "union", "enum", "typedef", "unsigned", "signed", "short", "char", "static", "extern",
            "register", "volatile", "auto", "inline", "try", "throw", "new", "var");
    private static final String TYPES = "bool, int, long, float or double";
    /** Binary operators from the loosest to the tightest level (C's precedence). */
    private static final List<List<BinaryOp>> LEVELS = List.of(
            List.of(BinaryOp.OR), List.of(BinaryOp.AND), List.of(BinaryOp.BIT_OR), List.of(BinaryOp.BIT_XOR),
            List.of(BinaryOp.BIT_AND), List.of(BinaryOp.EQUAL, BinaryOp.NOT_EQUAL),
            List.of(BinaryOp.LESS, BinaryOp.LESS_EQUAL, BinaryOp.GREATER, BinaryOp.GREATER_EQUAL),
            List.of(BinaryOp.SHIFT_LEFT, BinaryOp.SHIFT_RIGHT), List.of(BinaryOp.ADD, BinaryOp.SUBTRACT),
            List.of(BinaryOp.MULTIPLY, BinaryOp.DIVIDE, BinaryOp.REMAINDER));
    private static final Map<String, BinaryOp> OPERATORS = new HashMap<>();
    private static final Map<BinaryOp, Integer> LEVEL = new EnumMap<>(BinaryOp.class);
    private static final Map<String, Type> TYPES_BY_KEYWORD = new HashMap<>();

    static {
        for (int level = 0; level < LEVELS.size(); level++) {
            for (BinaryOp op : LEVELS.get(level)) {
                OPERATORS.put(op.symbol(), op);
                LEVEL.put(op, level);
            }
        }
        for (Type type : Type.values()) {
            TYPES_BY_KEYWORD.put(type.keyword(), type);
        }
    }

    private final SourceText source;
    private final List<Token> tokens;
    private int next;

    private Parser(SourceText source) {
        this.source = source;
        this.tokens = Lexer.tokens(source);
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
        parser.expectEnd("the end of the expression");
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
        Token op = peek();
        if (op.is("++") || op.is("--")) {
            advance();
            return increment(t, op);
        }
        if (op.is("=")) {
            advance();
            return new Syntax.Assign(t.at(), t.text(), null, op.at(), expression());
        }
        BinaryOp compound = op.kind() == Token.Kind.SYMBOL && op.text().endsWith("=") && op.text().length() > 1
                ? operator(op.text().substring(0, op.text().length() - 1)) : null;
        if (compound == null || compound.kind() == BinaryOp.Kind.ORDER || compound.kind() == BinaryOp.Kind.EQUALITY) {
            throw unexpected("= or a compound assignment such as += after '" + t.text()
                    + "'; a statement assigns, it is no expression");
        }
        advance();
        return new Syntax.Assign(t.at(), t.text(), compound, op.at(), expression());
    }

    private Syntax.Statement increment(Token target, Token op) {
        BinaryOp add = op.text().equals("++") ? BinaryOp.ADD : BinaryOp.SUBTRACT;
        return new Syntax.Assign(target.at(), target.text(), add, op.at(), null);
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
        return t.kind() == Token.Kind.NAME && (t.text().equals("const") || typeNamed(t.text()) != null);
    }

    private Syntax.Node expression() {
        Syntax.Node condition = binary(0);
        if (!peek().is("?")) {
            return condition;
        }
        advance();
        Syntax.Node whenTrue = expression();
        expect(":", ": of the conditional ?:");
        Syntax.Node whenFalse = expression();
        return new Syntax.Conditional(condition.at(), condition, whenTrue, whenFalse);
    }

    /** Operators of level {@code minimum} or tighter, left-associative (precedence climbing). */
    private Syntax.Node binary(int minimum) {
        Syntax.Node left = unary();
        while (true) {
            Token t = peek();
            BinaryOp op = t.kind() == Token.Kind.SYMBOL ? OPERATORS.get(t.text()) : null;
            if (op == null || LEVEL.get(op) < minimum) {
                return left;
            }
            advance();
            left = new Syntax.Binary(t.at(), op, left, binary(LEVEL.get(op) + 1));
        }
    }

    private Syntax.Node unary() {
        Token t = peek();
        if (t.is("-") || t.is("+") || t.is("!") || t.is("~")) {
            advance();
            return new Syntax.Unary(t.at(), t.text(), unary());
        }
        if (t.is("++") || t.is("--")) {
            throw source.error(t.at(), "'" + t.text() + "' inside an expression", "x" + t.text()
                    + "; as a statement of its own");
        }
        if (t.is("(") && isCast()) {
            advance();
            Type type = type(TYPES);
            expect(")", ") after the cast's type");
            return new Syntax.Cast(t.at(), type, unary());
        }
        return primary();
    }

    private boolean isCast() {
        Token inside = tokens.get(next + 1);
        return inside.kind() == Token.Kind.NAME && typeNamed(inside.text()) != null && tokens.get(next + 2).is(")");
    }

    private Syntax.Node primary() {
        Token t = peek();
        if (t.kind() == Token.Kind.NUMBER) {
            advance();
            return new Syntax.Literal(t.at(), t.value());
        }
        if (t.is("(")) {
            advance();
            Syntax.Node inside = expression();
            expect(")", ")");
            return inside;
        }
        if (t.kind() != Token.Kind.NAME) {
            throw unexpected("a value: a number, a name, a call or ( expression )");
        }
        advance();
        return switch (t.text()) {
            case "true", "false" -> new Syntax.Literal(t.at(), Boolean.valueOf(t.text()));
            case "NAN" -> new Syntax.Literal(t.at(), Float.NaN);
            case "INFINITY" -> new Syntax.Literal(t.at(), Float.POSITIVE_INFINITY);
            default -> peek().is("(") ? call(t) : name(t);
        };
    }

    private Syntax.Node name(Token t) {
        Token after = peek();
        if (after.is("++") || after.is("--")) {
            throw source.error(after.at(), "'" + after.text() + "' inside an expression", t.text() + after.text()
                    + "; as a statement of its own");
        }
        return new Syntax.Name(t.at(), t.text());
    }

    private Syntax.Node call(Token name) {
        advance();
        List<Syntax.Node> arguments = new ArrayList<>();
        if (!peek().is(")")) {
            do {
                arguments.add(expression());
            } while (accept(","));
        }
        expect(")", ") or , after an argument of " + name.text());
        return new Syntax.Call(name.at(), name.text(), arguments);
    }

    private Type type(String expected) {
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

    private Token name(String expected) {
        Token t = peek();
        if (t.kind() != Token.Kind.NAME) {
            throw unexpected(expected);
        }
        return advance();
    }

    private static Type typeNamed(String keyword) {
        return TYPES_BY_KEYWORD.get(keyword);
    }

    private static BinaryOp operator(String symbol) {
        return OPERATORS.get(symbol);
    }

    private void expectSemicolon() {
        if (!peek().is(";")) {
            throw source.error(tokens.get(next - 1).end(), "missing ';' before " + peek().describe(),
                    "; at the end of the statement");
        }
        advance();
    }

    private Token expect(String symbol, String expected) {
        if (!peek().is(symbol)) {
            throw unexpected(expected);
        }
        return advance();
    }

    private void expectEnd(String expected) {
        if (peek().kind() != Token.Kind.END) {
            throw unexpected(expected);
        }
    }

    private boolean accept(String symbol) {
        if (peek().is(symbol)) {
            advance();
            return true;
        }
        return false;
    }

    private KernelSyntaxException unexpected(String expected) {
        return source.error(peek().at(), "unexpected " + peek().describe(), expected);
    }

    private Token peek() {
        return tokens.get(next);
    }

    private Token advance() {
        return tokens.get(next++);
    }
}
