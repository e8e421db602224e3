package org.loopnest.internal.lang;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The expression rules of the kernel language's recursive-descent parser: {@code ?:}, binary operators by C's
 * precedence and associativity (precedence climbing), prefix operators, casts, literals, names and calls. An
 * expression may nest at most {@value #MAX_DEPTH} levels (parentheses, operators, calls, casts): deeper ones are
 * refused here, before the parser, the checker, the emitters or a device compiler (all recursive) could run out of
 * stack on them. Not thread-safe; one instance per text.
 */
final class ExpressionParser {
    /** The deepest expression tree, and the deepest nesting of statements, the parser accepts. */
    static final int MAX_DEPTH = 100;

    /** Binary operators from the loosest to the tightest level (C's precedence). */
    private static final List<List<BinaryOp>> LEVELS = List.of(
            List.of(BinaryOp.OR), List.of(BinaryOp.AND), List.of(BinaryOp.BIT_OR), List.of(BinaryOp.BIT_XOR),
            List.of(BinaryOp.BIT_AND), List.of(BinaryOp.EQUAL, BinaryOp.NOT_EQUAL),
            List.of(BinaryOp.LESS, BinaryOp.LESS_EQUAL, BinaryOp.GREATER, BinaryOp.GREATER_EQUAL),
            List.of(BinaryOp.SHIFT_LEFT, BinaryOp.SHIFT_RIGHT), List.of(BinaryOp.ADD, BinaryOp.SUBTRACT),
            List.of(BinaryOp.MULTIPLY, BinaryOp.DIVIDE, BinaryOp.REMAINDER));
    private static final Map<String, BinaryOp> OPERATORS = new HashMap<>();
    private static final Map<BinaryOp, Integer> LEVEL = new EnumMap<>(BinaryOp.class);

    static {
        for (int level = 0; level < LEVELS.size(); level++) {
            for (BinaryOp op : LEVELS.get(level)) {
                OPERATORS.put(op.symbol(), op);
                LEVEL.put(op, level);
            }
        }
    }

    private final TokenCursor tokens;
    /** How many {@link #unary} calls are under way: the parser's own recursion. */
    private int nesting;
    /** The tree depth of the node the last rule returned. */
    private int depth;

    /** @param tokens the tokens, shared with the statement parser */
    ExpressionParser(TokenCursor tokens) {
        this.tokens = tokens;
    }

    /**
     * {@return the binary operator spelt {@code symbol}, or {@code null}}
     *
     * @param symbol an operator's text
     */
    static BinaryOp operator(String symbol) {
        return OPERATORS.get(symbol);
    }

    /** {@return the expression at the cursor: {@code binary [? expression : expression]}} */
    Syntax.Node expression() {
        Syntax.Node condition = binary(0);
        if (!tokens.accept("?")) {
            return condition;
        }
        if (++nesting > MAX_DEPTH) { // each branch is a nested expression: a long ?: chain must not exhaust the stack
            throw tooDeep(condition.at());
        }
        try {
            int deepest = depth;
            Syntax.Node whenTrue = expression();
            deepest = Math.max(deepest, depth);
            tokens.expect(":", ": of the conditional ?:");
            Syntax.Node whenFalse = expression();
            return deep(new Syntax.Conditional(condition.at(), condition, whenTrue, whenFalse),
                    1 + Math.max(deepest, depth));
        } finally {
            nesting--;
        }
    }

    /** Operators of level {@code minimum} or tighter, left-associative. */
    private Syntax.Node binary(int minimum) {
        Syntax.Node left = unary();
        int leftDepth = depth;
        while (true) {
            Token t = tokens.peek();
            BinaryOp op = t.kind() == Token.Kind.SYMBOL ? OPERATORS.get(t.text()) : null;
            if (op == null || LEVEL.get(op) < minimum) {
                depth = leftDepth;
                return left;
            }
            tokens.advance();
            Syntax.Node right = binary(LEVEL.get(op) + 1);
            left = deep(new Syntax.Binary(t.at(), op, left, right), 1 + Math.max(leftDepth, depth));
            leftDepth = depth;
        }
    }

    private Syntax.Node unary() {
        if (++nesting > MAX_DEPTH) {
            throw tooDeep(tokens.peek().at());
        }
        try {
            return prefixed();
        } finally {
            nesting--;
        }
    }

    /** {@code node}, noting its tree depth, unless that exceeds {@link #MAX_DEPTH}. */
    private Syntax.Node deep(Syntax.Node node, int treeDepth) {
        if (treeDepth > MAX_DEPTH) {
            throw tooDeep(node.at());
        }
        depth = treeDepth;
        return node;
    }

    private RuntimeException tooDeep(Position at) {
        return tokens.source().error(at, "expression nested more than " + MAX_DEPTH + " levels deep",
                "at most " + MAX_DEPTH + " levels of parentheses, operators, casts and calls; name parts of it "
                        + "as local variables");
    }

    private Syntax.Node prefixed() {
        Token t = tokens.peek();
        if (t.is("-") || t.is("+") || t.is("!") || t.is("~")) {
            tokens.advance();
            Syntax.Node operand = unary();
            return deep(new Syntax.Unary(t.at(), t.text(), operand), depth + 1);
        }
        if (t.is("++") || t.is("--")) {
            throw tokens.source().error(t.at(), "'" + t.text() + "' inside an expression", "x" + t.text()
                    + "; as a statement of its own");
        }
        if (t.is("(") && isCast()) {
            tokens.advance();
            Type type = tokens.type(TokenCursor.TYPES);
            tokens.expect(")", ") after the cast's type");
            Syntax.Node operand = unary();
            return deep(new Syntax.Cast(t.at(), type, operand), depth + 1);
        }
        return primary();
    }

    /**
     * Whether the cursor is at {@code (type)}. {@code (name)} followed by a value can only be meant as a cast too
     * (a parenthesised value is never followed by one): then the name is refused as an unknown type.
     */
    private boolean isCast() {
        Token inside = tokens.peek(1);
        if (inside.kind() != Token.Kind.NAME || !tokens.peek(2).is(")")) {
            return false;
        }
        if (TokenCursor.typeNamed(inside.text()) != null) {
            return true;
        }
        Token after = tokens.peek(3);
        if (after.kind() == Token.Kind.NAME || after.kind() == Token.Kind.NUMBER || after.is("(")) {
            throw tokens.source().error(inside.at(), "unknown type '" + inside.text() + "' in a cast",
                    TokenCursor.TYPES);
        }
        return false;
    }

    private Syntax.Node primary() {
        Token t = tokens.peek();
        if (t.kind() == Token.Kind.NUMBER) {
            tokens.advance();
            return deep(new Syntax.Literal(t.at(), t.value()), 1);
        }
        if (tokens.accept("(")) {
            Syntax.Node inside = expression();
            tokens.expect(")", ")");
            return inside;
        }
        if (t.kind() != Token.Kind.NAME) {
            throw tokens.unexpected("a value: a number, a name, a call or ( expression )");
        }
        tokens.advance();
        return switch (t.text()) {
            case "true", "false" -> deep(new Syntax.Literal(t.at(), Boolean.valueOf(t.text())), 1);
            case "NAN" -> deep(new Syntax.Literal(t.at(), Float.NaN), 1);
            case "INFINITY" -> deep(new Syntax.Literal(t.at(), Float.POSITIVE_INFINITY), 1);
            default -> tokens.peek().is("(") ? call(t) : tokens.peek().is("[") ? subscript(t) : deep(name(t), 1);
        };
    }

    private Syntax.Node name(Token t) {
        Token after = tokens.peek();
        if (after.is("++") || after.is("--")) {
            throw tokens.source().error(after.at(), "'" + after.text() + "' inside an expression",
                    t.text() + after.text() + "; as a statement of its own");
        }
        return new Syntax.Name(t.at(), t.text());
    }

    private Syntax.Node subscript(Token name) {
        tokens.advance();
        Syntax.Node index = expression();
        int inner = depth;
        tokens.expect("]", "] after the level of " + name.text());
        return deep(new Syntax.Subscript(name.at(), name.text(), index), inner + 1);
    }

    private Syntax.Node call(Token name) {
        tokens.advance();
        List<Syntax.Node> arguments = new ArrayList<>();
        int deepest = 0;
        if (!tokens.peek().is(")")) {
            do {
                arguments.add(expression());
                deepest = Math.max(deepest, depth);
            } while (tokens.accept(","));
        }
        tokens.expect(")", ") or , after an argument of " + name.text());
        return deep(new Syntax.Call(name.at(), name.text(), arguments), deepest + 1);
    }
}
