package org.loopnest.cluster.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * A recursive-descent parser of one hostlist expression, one method per rule:
 * <pre>
 * hostlist := item ((',' | whitespace+) item)*
 * item     := text? (group text?)*        -- not empty
 * group    := '[' range (',' range)* ']'
 * range    := digits ('-' digits)?        -- low &lt;= high; width of the low digits kept
 * </pre>
 * Single use, not thread-safe. Errors name the expression, the 0-based position and what was expected.
 */
final class HostlistParser {
    /** More digits than this could overflow a {@code long}; no real host number is that long. */
    private static final int MAX_DIGITS = 18;

    private final String expression;
    private int position;

    HostlistParser(String expression) {
        this.expression = expression;
    }

    List<HostlistItem> items() {
        List<HostlistItem> items = new ArrayList<>();
        skipWhitespace();
        items.add(item());
        while (true) {
            skipWhitespace();
            if (position == expression.length()) {
                return items;
            }
            if (peek() == ',') {
                position++;
                skipWhitespace();
            }
            items.add(item());
        }
    }

    private HostlistItem item() {
        int start = position;
        List<String> texts = new ArrayList<>();
        List<List<HostlistItem.Range>> groups = new ArrayList<>();
        texts.add(text());
        while (position < expression.length() && peek() == '[') {
            groups.add(group());
            texts.add(text());
        }
        if (position == start) {
            throw error("empty item", "a host name");
        }
        return new HostlistItem(texts, groups);
    }

    private String text() {
        int start = position;
        while (position < expression.length() && !isTextEnd(peek())) {
            position++;
        }
        if (position < expression.length() && peek() == ']') {
            throw error("']' without '['", "a host name character or '['");
        }
        return expression.substring(start, position);
    }

    private static boolean isTextEnd(char c) {
        return c == ',' || c == '[' || c == ']' || Character.isWhitespace(c);
    }

    private List<HostlistItem.Range> group() {
        int open = position++;
        List<HostlistItem.Range> ranges = new ArrayList<>();
        ranges.add(range());
        while (position < expression.length() && peek() == ',') {
            position++;
            ranges.add(range());
        }
        if (position >= expression.length()) {
            position = open;
            throw error("unclosed '['", "']' to close it");
        }
        if (peek() != ']') {
            throw error("'" + peek() + "' in a range", "a digit, '-', ',' or ']'");
        }
        position++;
        return ranges;
    }

    private HostlistItem.Range range() {
        int start = position;
        String low = digits();
        String high = low;
        if (position < expression.length() && peek() == '-') {
            position++;
            high = digits();
        }
        long lowValue = Long.parseLong(low);
        long highValue = Long.parseLong(high);
        if (highValue < lowValue) {
            position = start;
            throw error("reversed range " + low + "-" + high, "low <= high");
        }
        return new HostlistItem.Range(lowValue, highValue, low.length());
    }

    private String digits() {
        int start = position;
        while (position < expression.length() && peek() >= '0' && peek() <= '9') {
            position++;
        }
        if (position == start) {
            throw error(position < expression.length() ? "'" + peek() + "' in a range" : "end of expression in a range",
                    "a digit");
        }
        if (position - start > MAX_DIGITS) {
            position = start;
            throw error("number of more than " + MAX_DIGITS + " digits", "at most " + MAX_DIGITS + " digits");
        }
        return expression.substring(start, position);
    }

    private void skipWhitespace() {
        while (position < expression.length() && Character.isWhitespace(peek())) {
            position++;
        }
    }

    private char peek() {
        return expression.charAt(position);
    }

    private IllegalArgumentException error(String found, String expected) {
        return new IllegalArgumentException("hostlist '" + expression + "' at position " + position + ": " + found
                + " (expected: " + expected + ")");
    }
}
