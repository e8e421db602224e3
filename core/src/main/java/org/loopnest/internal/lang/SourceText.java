package org.loopnest.internal.lang;

import org.loopnest.error.KernelSyntaxException;

/**
 * One part of a kernel's text ({@code kernel body} or {@code helpers}) and the errors positioned in it: each error
 * message reads {@code <part> <line>:<col>: <what> (expected: <what>)}, then the offending line, then a caret under
 * the column. Line ends may be {@code \n}, {@code \r\n} or a lone {@code \r}; the text is kept with {@code \n} only,
 * so that lines and columns count alike whatever wrote it. A character that would not show as itself (a NUL, an
 * escape, a zero-width space) is quoted as its {@linkplain Printable escape}, the caret still under the column.
 * Immutable.
 *
 * @param part the part's name as messages print it
 * @param text the part's text
 */
record SourceText(String part, String text) {
    /** Normalises the line ends to {@code \n}. */
    SourceText {
        text = text.replace("\r\n", "\n").replace('\r', '\n');
    }

    /** The name of the body part in messages. */
    static final String BODY = "kernel body";
    /** The name of the helpers part in messages. */
    static final String HELPERS = "helpers";

    /**
     * {@return the exception for an error at {@code at}, ready to throw}
     *
     * @param at where the error is
     * @param what what is wrong
     * @param expected what was expected instead
     */
    KernelSyntaxException error(Position at, String what, String expected) {
        String line = line(at.line());
        StringBuilder caret = new StringBuilder();
        for (int i = 0; i < at.column() - 1; i++) {
            char c = i < line.length() ? line.charAt(i) : ' ';
            caret.append(c == '\t' ? "\t" : " ".repeat(Printable.quote(c).length()));
        }
        String message = part + " " + at + ": " + Printable.escape(what) + " (expected: " + Printable.escape(expected)
                + ")\n" + Printable.escape(line, true) + "\n" + caret + "^";
        return new KernelSyntaxException(at.line(), at.column(), message);
    }

    /**
     * {@return line {@code number} of the text without its line break, or the empty string past the end}
     *
     * @param number a line number, from 1
     */
    String line(int number) {
        int start = 0;
        for (int n = 1; n < number; n++) {
            int next = text.indexOf('\n', start);
            if (next < 0) {
                return "";
            }
            start = next + 1;
        }
        int end = text.indexOf('\n', start);
        String line = end < 0 ? text.substring(start) : text.substring(start, end);
        return line.endsWith("\r") ? line.substring(0, line.length() - 1) : line;
    }
}
