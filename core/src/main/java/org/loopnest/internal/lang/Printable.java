package org.loopnest.internal.lang;

import java.util.Locale;

/**
 * Text that users typed, made safe to quote in a one-line message: every character that would not show as itself
 * (a control character such as NUL, BEL or ESC, a zero-width format character, a line or paragraph separator) is
 * written as its escape {@code \}{@code uXXXX}, so that a message never carries a raw control byte to a terminal or
 * a log. Stateless.
 */
public final class Printable {
    private Printable() {
    }

    /**
     * {@return whether {@code c} would not show as itself in a message: a control character (tab and line breaks
     * included), a format character such as a zero-width space, or a line or paragraph separator}
     *
     * @param c a character
     */
    public static boolean isInvisible(char c) {
        int type = Character.getType(c);
        return Character.isISOControl(c) || type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    /**
     * {@return {@code c} as it is quoted in messages: itself, or {@code \}{@code uXXXX} if it is
     * {@linkplain #isInvisible invisible}}
     *
     * @param c a character
     */
    public static String quote(char c) {
        return isInvisible(c) ? String.format(Locale.ROOT, "\\u%04x", (int) c) : String.valueOf(c);
    }

    /**
     * {@return {@code text} with each {@linkplain #isInvisible invisible} character escaped}
     *
     * @param text text as a user wrote it
     */
    public static String escape(String text) {
        return escape(text, false);
    }

    /**
     * {@return {@code text} with each {@linkplain #isInvisible invisible} character escaped, tabs kept as they are
     * when {@code keepTabs} (for a source line shown above a caret)}
     *
     * @param text text as a user wrote it
     * @param keepTabs whether tabs stay as they are
     */
    public static String escape(String text, boolean keepTabs) {
        StringBuilder s = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            s.append(keepTabs && c == '\t' ? "\t" : quote(c));
        }
        return s.toString();
    }
}
