package org.loopnest.format.grads;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.Locale;
import java.util.Objects;
import java.util.function.LongFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.loopnest.internal.format.Quoted;

/**
 * The time dimension ({@code TDEF n LINEAR start increment}). The start ({@code 02JAN1987}, {@code 00Z01JAN2000})
 * and the increment ({@code 1DY}, {@code 6hr}) are kept as the descriptor wrote them, so that a descriptor written
 * from this one copies them; {@link #startTime()} and {@link #at(long)} read them as dates and times (the proleptic
 * Gregorian calendar, as GrADS's standard one), for the file names of a {@code template} descriptor.
 *
 * <p>Immutable; share it freely.
 *
 * @param count     the number of time steps; at least 1
 * @param start     the first time, as written; one non-blank word
 * @param increment the step between times, as written; one non-blank word
 */
public record GradsTime(int count, String start, String increment) {
    /** GrADS's time: {@code hh:mmZddmmmyyyy}, hour (with minutes) and day optional, a 2- or 4-digit year. */
    private static final Pattern START = Pattern.compile(
            "(?:(\\d{1,2})(?::(\\d{2}))?[Zz])?(\\d{1,2})?([A-Za-z]{3})(\\d{2}|\\d{4})");
    private static final Pattern INCREMENT = Pattern.compile("(\\d{1,9})(mn|hr|dy|mo|yr)", Pattern.CASE_INSENSITIVE);
    private static final String MONTHS = "JANFEBMARAPRMAYJUNJULAUGSEPOCTNOVDEC";
    /** A 2-digit year below this is in the 2000s, from it on in the 1900s (GrADS reads 1950 to 2049 so). */
    private static final int CENTURY_PIVOT = 50;

    /**
     * Checks the components.
     *
     * @param count the number of time steps
     * @param start the first time
     * @param increment the step between times
     * @throws IllegalArgumentException naming the component that is out of range
     */
    public GradsTime {
        if (count < 1) {
            throw new IllegalArgumentException("count = " + count + " (expected: >= 1)");
        }
        requireWord("start", start);
        requireWord("increment", increment);
    }

    /**
     * The first time as a date and time: hour and minutes 0 and day 1 where the start leaves them out; a 2-digit
     * year {@code yy} is {@code 20yy} below 50 and {@code 19yy} from 50 on.
     *
     * @return the first time
     * @throws IllegalArgumentException starting {@code TDEF start}, when the start is not a GrADS time or names no
     *     date of the calendar ({@code 31FEB2000}, hour 24)
     */
    public LocalDateTime startTime() {
        Matcher m = START.matcher(start);
        int month = m.matches() ? MONTHS.indexOf(m.group(4).toUpperCase(Locale.ROOT)) : -1;
        if (month < 0 || month % 3 != 0) {
            throw new IllegalArgumentException("TDEF start '" + Quoted.of(start) + "' is not a GrADS time "
                    + "(expected: hh:mmZddmmmyyyy, hh:mm, hh and dd optional, for example 00Z01JAN2000 or 02JAN1987)");
        }
        int year = Integer.parseInt(m.group(5));
        if (m.group(5).length() == 2) {
            year += year < CENTURY_PIVOT ? 2000 : 1900;
        }
        try {
            return LocalDateTime.of(year, month / 3 + 1, m.group(3) == null ? 1 : Integer.parseInt(m.group(3)),
                    m.group(1) == null ? 0 : Integer.parseInt(m.group(1)),
                    m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("TDEF start '" + Quoted.of(start) + "' is not a time of the "
                    + "calendar: " + e.getMessage() + " (expected: a valid day, hours 0 to 23, minutes 0 to 59)");
        }
    }

    /**
     * The time of step {@code t}: the start plus {@code t} increments; {@code mo} and {@code yr} add calendar months
     * to the start (31 January plus one month is 29 February in a leap year, plus two is 31 March).
     *
     * @param t the time step, {@code >= 0} (steps past {@code count} are extrapolated)
     * @return the time
     * @throws IllegalArgumentException starting {@code TDEF}, when the start or the increment cannot be read (see
     *     {@link #startTime()}), {@code t} is negative, or the time lies past the years a date can have
     */
    public LocalDateTime at(long t) {
        if (t < 0) {
            throw new IllegalArgumentException("t = " + t + " (expected: >= 0)");
        }
        return clock().apply(t);
    }

    /**
     * The time of each step {@code t >= 0}, as {@link #at(long)}, with the start and increment read once: for many
     * steps. The function throws as {@link #at(long)} does for a time past the years a date can have.
     *
     * @throws IllegalArgumentException as {@link #at(long)}, when the start or the increment cannot be read
     */
    LongFunction<LocalDateTime> clock() {
        LocalDateTime first = startTime();
        Matcher m = INCREMENT.matcher(increment);
        if (!m.matches()) {
            throw new IllegalArgumentException("TDEF increment '" + Quoted.of(increment) + "' is not a GrADS time "
                    + "step (expected: a count and mn, hr, dy, mo or yr, for example 6hr or 1dy)");
        }
        long amount = Long.parseLong(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        return t -> {
            try {
                long steps = Math.multiplyExact(t, amount);
                return switch (unit) {
                    case "mn" -> first.plusMinutes(steps);
                    case "hr" -> first.plusHours(steps);
                    case "dy" -> first.plusDays(steps);
                    case "mo" -> first.plusMonths(steps);
                    default -> first.plusYears(steps);
                };
            } catch (DateTimeException | ArithmeticException e) {
                throw new IllegalArgumentException("TDEF time step " + t + ", " + Quoted.of(start) + " + " + t
                        + " × " + Quoted.of(increment) + ", is past the years a date can have (expected: times "
                        + "within years -999999999 to 999999999)");
            }
        };
    }

    private static void requireWord(String what, String value) {
        Objects.requireNonNull(value, what);
        if (value.isEmpty() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException(what + " = '" + value + "' (expected: one word)");
        }
    }
}
