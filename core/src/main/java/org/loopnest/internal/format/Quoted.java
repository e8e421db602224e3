package org.loopnest.internal.format;

import java.util.Collection;
import java.util.stream.Collectors;

/**
 * Text read from a file, made fit to quote in a one-line message: every control or non-printable character written
 * as {@code \xNN} ({@code \}{@code uNNNN} above 0xFF), and at most {@link #MAX} characters, then {@code …}. A corrupt
 * file can then neither flood a message with kilobytes of its bytes nor put raw control bytes on a terminal.
 *
 * <p>Stateless; thread-safe.
 */
public final class Quoted {
    /** The most characters of quoted text a message shows (escapes counted as written). */
    public static final int MAX = 60;
    /** The most names {@link #names} lists. */
    public static final int MAX_NAMES = 10;

    private Quoted() {
    }

    /**
     * Escapes and caps text from a file.
     *
     * @param text the text as read (decoded), or null
     * @return the text fit for a message: escaped, at most {@link #MAX} characters and {@code …}; {@code null} as
     *         {@code "null"}
     */
    public static String of(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX) + 1);
        for (int i = 0; i < text.length(); ) {
            int c = text.codePointAt(i);
            String shown = printable(c) ? new String(Character.toChars(c)) : escape(c);
            if (out.length() + shown.length() > MAX) {
                return out.append('…').toString();
            }
            out.append(shown);
            i += Character.charCount(c);
        }
        return out.toString();
    }

    /**
     * Lists names from a file for a message: each {@link #of quoted}, comma-separated, at most {@link #MAX_NAMES}
     * of them, then how many more there are.
     *
     * @param names the names
     * @return for example {@code t, q, level} or {@code a, b, … (and 490 more)}
     */
    public static String names(Collection<String> names) {
        String shown = names.stream().limit(MAX_NAMES).map(Quoted::of).collect(Collectors.joining(", "));
        return names.size() <= MAX_NAMES ? shown : shown + ", … (and " + (names.size() - MAX_NAMES) + " more)";
    }

    private static boolean printable(int c) {
        if (c < 0x20 || c == 0x7F || c == 0xFFFD || Character.isISOControl(c)) {
            return false;
        }
        return switch (Character.getType(c)) {
            case Character.UNASSIGNED, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                    Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR -> false;
            default -> true;
        };
    }

    private static String escape(int c) {
        return c <= 0xFF ? String.format("\\x%02X", c) : String.format("\\u%04X", c);
    }
}
