package org.loopnest.internal.lang;

import org.loopnest.error.KernelSyntaxException;

/**
 * The values of numeric literals as the lexer found them: decimal or {@code 0x} integers ({@code int}, or
 * {@code long} with {@code L}), and decimal floating literals ({@code double}, or {@code float} with {@code f}).
 * Refuses octal-looking integers ({@code 017}), {@code 1f}, values that do not fit their type, and non-zero
 * floating literals that round to zero. Stateless.
 */
final class Literals {
    private static final String FORMS = "a decimal or 0x integer with an optional L, or a floating literal such as "
            + "1.5, 2.0e-3 or 1.0f";

    private Literals() {
    }

    /**
     * {@return the value of the literal {@code written}: an {@code Integer}, {@code Long}, {@code Float} or
     * {@code Double}}
     *
     * @param written the literal as written, suffix included
     * @param at where it starts
     * @param source the text it is in, for errors
     * @throws KernelSyntaxException if it is malformed or does not fit its type
     */
    static Object value(String written, Position at, SourceText source) {
        if (written.length() > 1 && (written.charAt(1) == 'x' || written.charAt(1) == 'X') && written.charAt(0) == '0') {
            return integer(written, written.substring(2), 16, at, source);
        }
        String digits = stripSuffix(written, 'L');
        if (isDigits(digits)) {
            if (digits.length() > 1 && digits.charAt(0) == '0') {
                throw source.error(at, "octal-looking literal " + written,
                        "a decimal literal without leading zeros, or 0x for hex");
            }
            return integer(written, written, 10, at, source);
        }
        String mantissa = stripSuffix(written, 'F');
        if (isDigits(mantissa)) {
            throw source.error(at, "integer literal with a float suffix " + written, mantissa + ".0f");
        }
        return floating(written, at, source);
    }

    private static Object integer(String written, String digits, int radix, Position at, SourceText source) {
        boolean isLong = written.endsWith("L") || written.endsWith("l");
        String body = isLong ? digits.substring(0, digits.length() - 1) : digits;
        if (body.isEmpty() || !isDigits(body, radix)) {
            throw source.error(at, "malformed number " + written, FORMS);
        }
        long value = parse(body, radix);
        if (isLong) {
            if (value < 0) {
                throw source.error(at, "literal " + written + " does not fit long", "at most 9223372036854775807L");
            }
            return value;
        }
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw source.error(at, "literal " + written + " does not fit int",
                    "at most 2147483647, or a long literal " + written + "L");
        }
        return (int) value;
    }

    /** The value of unsigned {@code digits}, or -1 if it exceeds {@code Long.MAX_VALUE}. */
    private static long parse(String digits, int radix) {
        try {
            return Long.parseLong(digits, radix);
        } catch (NumberFormatException tooLarge) {
            return -1;
        }
    }

    private static Object floating(String written, Position at, SourceText source) {
        boolean isFloat = written.endsWith("f") || written.endsWith("F");
        String number = isFloat ? written.substring(0, written.length() - 1) : written;
        if (!isDecimalFloating(number)) {
            throw source.error(at, "malformed number " + written, FORMS);
        }
        double asDouble = isFloat ? Float.parseFloat(number) : Double.parseDouble(number);
        String type = isFloat ? "float" : "double";
        if (Double.isInfinite(asDouble)) {
            throw source.error(at, "literal " + written + " does not fit " + type,
                    "at most " + (isFloat ? "3.4028235e38f" : "1.7976931348623157e308"));
        }
        if (asDouble == 0 && hasNonZeroDigit(number)) {
            throw source.error(at, "literal " + written + " underflows " + type + " to zero",
                    "at least " + (isFloat ? "1.4e-45f" : "4.9e-324") + ", or 0.0 written as zero");
        }
        return isFloat ? (Object) (float) asDouble : (Object) asDouble;
    }

    /** digits [. digits] [(e|E) [+|-] digits], with a digit before or after the point and a point or an exponent. */
    private static boolean isDecimalFloating(String s) {
        int i = skipDigits(s, 0);
        int before = i;
        boolean point = i < s.length() && s.charAt(i) == '.';
        if (point) {
            i = skipDigits(s, i + 1);
        }
        if (before == 0 && i <= 1) {
            return false;
        }
        boolean exponent = i < s.length() && (s.charAt(i) == 'e' || s.charAt(i) == 'E');
        if (exponent) {
            i++;
            if (i < s.length() && (s.charAt(i) == '+' || s.charAt(i) == '-')) {
                i++;
            }
            int digits = i;
            i = skipDigits(s, i);
            if (i == digits) {
                return false;
            }
        }
        return i == s.length() && (point || exponent);
    }

    private static int skipDigits(String s, int from) {
        int i = from;
        while (i < s.length() && Character.isDigit(s.charAt(i)) && s.charAt(i) < 128) {
            i++;
        }
        return i;
    }

    private static boolean hasNonZeroDigit(String number) {
        for (int i = 0; i < number.length(); i++) {
            char c = number.charAt(i);
            if (c == 'e' || c == 'E') {
                return false;
            }
            if (c >= '1' && c <= '9') {
                return true;
            }
        }
        return false;
    }

    private static String stripSuffix(String written, char suffix) {
        char last = written.charAt(written.length() - 1);
        return Character.toUpperCase(last) == suffix ? written.substring(0, written.length() - 1) : written;
    }

    private static boolean isDigits(String s) {
        return isDigits(s, 10);
    }

    private static boolean isDigits(String s, int radix) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            if (Character.digit(s.charAt(i), radix) < 0 || s.charAt(i) > 127) {
                return false;
            }
        }
        return true;
    }
}
