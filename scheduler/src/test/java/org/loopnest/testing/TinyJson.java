package org.loopnest.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict little JSON reader for tests: objects as {@code Map}, arrays as {@code List}, strings, numbers as
 * {@code Double}, booleans, null. Throws {@link IllegalArgumentException} at the first character it cannot read.
 */
public final class TinyJson {
    private final String text;
    private int at;

    private TinyJson(String text) {
        this.text = text;
    }

    /** Parses one whole document. */
    public static Object parse(String text) {
        TinyJson p = new TinyJson(text);
        Object value = p.value();
        p.space();
        if (p.at != text.length()) {
            throw p.error("end of document");
        }
        return value;
    }

    private Object value() {
        space();
        char c = peek();
        if (c == '{') {
            return object();
        }
        if (c == '[') {
            return array();
        }
        if (c == '"') {
            return string();
        }
        for (String word : new String[] {"true", "false", "null"}) {
            if (text.startsWith(word, at)) {
                at += word.length();
                return word.equals("null") ? null : Boolean.valueOf(word);
            }
        }
        int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        if (start == at) {
            throw error("a value");
        }
        return Double.valueOf(text.substring(start, at));
    }

    private Map<String, Object> object() {
        Map<String, Object> map = new LinkedHashMap<>();
        expect('{');
        space();
        if (peek() == '}') {
            at++;
            return map;
        }
        do {
            space();
            String key = string();
            space();
            expect(':');
            map.put(key, value());
            space();
        } while (take(','));
        expect('}');
        return map;
    }

    private List<Object> array() {
        List<Object> list = new ArrayList<>();
        expect('[');
        space();
        if (peek() == ']') {
            at++;
            return list;
        }
        do {
            list.add(value());
            space();
        } while (take(','));
        expect(']');
        return list;
    }

    private String string() {
        expect('"');
        StringBuilder s = new StringBuilder();
        while (peek() != '"') {
            char c = text.charAt(at++);
            if (c < 0x20) {
                throw error("no raw control character in a string");
            }
            if (c != '\\') {
                s.append(c);
                continue;
            }
            char e = text.charAt(at++);
            switch (e) {
                case 'n' -> s.append('\n');
                case 't' -> s.append('\t');
                case 'r' -> s.append('\r');
                case 'u' -> {
                    s.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    at += 4;
                }
                case '"', '\\', '/' -> s.append(e);
                default -> throw error("a valid escape");
            }
        }
        at++;
        return s.toString();
    }

    private void space() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private char peek() {
        if (at >= text.length()) {
            throw error("more input");
        }
        return text.charAt(at);
    }

    private boolean take(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!take(c)) {
            throw error("'" + c + "'");
        }
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("at " + at + " (expected: " + expected + ")");
    }
}
