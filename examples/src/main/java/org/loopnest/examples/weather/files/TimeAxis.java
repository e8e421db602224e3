package org.loopnest.examples.weather.files;

import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.loopnest.format.grads.GradsTime;

/**
 * The time axis of a weather file as both formats write it: CF values and {@code units} ({@code hours since
 * 1900-01-01 00:00:00}) for NetCDF, and a GrADS {@code TDEF n LINEAR start increment}. Made from either; the other
 * form is computed ({@link #gradsStart()}, {@link #gradsIncrement()} only for evenly spaced times, since
 * {@code TDEF LINEAR} can say nothing else).
 *
 * <p>Decisions: the proleptic Gregorian calendar (what {@code java.time} knows); GrADS increments {@code mn},
 * {@code hr}, {@code dy} become {@code minutes}, {@code hours}, {@code days since}, and {@code mo}, {@code yr}
 * become {@code days since} the start; CF units in {@code seconds}, {@code minutes}, {@code hours} or {@code days}
 * are understood. Immutable (arrays copied); thread-safe.
 *
 * @param values the times, in {@code units}, one per step
 * @param units CF units, {@code <unit> since <date>}
 */
public record TimeAxis(double[] values, String units) {
    private static final Pattern GRADS_START = Pattern.compile(
            "(?:(\\d{1,2})(?::(\\d{2}))?[Zz])?(\\d{1,2})?([A-Za-z]{3})(\\d{4})");
    private static final Pattern GRADS_INCREMENT = Pattern.compile("(\\d+)(mn|hr|dy|mo|yr)",
            Pattern.CASE_INSENSITIVE);
    private static final Pattern CF_UNITS = Pattern.compile(
            "\\s*(seconds?|secs?|s|minutes?|mins?|hours?|hrs?|h|days?|d)\\s+since\\s+(\\d{1,4}-\\d{1,2}-\\d{1,2})"
                    + "(?:[ T](\\d{1,2}:\\d{1,2}(?::\\d{1,2}(?:\\.\\d*)?)?))?.*", Pattern.CASE_INSENSITIVE);
    private static final String[] MONTHS = {"JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT",
        "NOV", "DEC"};

    /**
     * Copies the values.
     *
     * @param values the times
     * @param units their units
     */
    public TimeAxis {
        values = values.clone();
    }

    /** {@return the times, a copy} */
    @Override
    public double[] values() {
        return values.clone();
    }

    /** {@return the number of time steps} */
    public int count() {
        return values.length;
    }

    /**
     * The axis of a GrADS {@code TDEF}.
     *
     * @param time the descriptor's time axis
     * @return the same times in CF form
     * @throws IllegalArgumentException naming the start or increment that is not a GrADS time
     */
    public static TimeAxis fromGrads(GradsTime time) {
        LocalDateTime start = gradsDate(time.start());
        Matcher m = GRADS_INCREMENT.matcher(time.increment());
        if (!m.matches()) {
            throw new IllegalArgumentException("TDEF increment '" + time.increment()
                    + "' (expected: a number and mn, hr, dy, mo or yr)");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2).toLowerCase(Locale.ROOT);
        ChronoUnit cf = switch (unit) {
            case "mn" -> ChronoUnit.MINUTES;
            case "hr" -> ChronoUnit.HOURS;
            default -> ChronoUnit.DAYS;
        };
        double[] values = new double[time.count()];
        for (int i = 0; i < values.length; i++) {
            LocalDateTime at = switch (unit) {
                case "mo" -> start.plusMonths(n * i);
                case "yr" -> start.plusYears(n * i);
                default -> start.plus(Duration.of(n * i, "mn".equals(unit) ? ChronoUnit.MINUTES
                        : "hr".equals(unit) ? ChronoUnit.HOURS : ChronoUnit.DAYS));
            };
            values[i] = Duration.between(start, at).toSeconds() / (double) cf.getDuration().toSeconds();
        }
        return new TimeAxis(values, cf.name().toLowerCase(Locale.ROOT) + " since " + start.toLocalDate() + " "
                + start.toLocalTime() + ":00");
    }

    /**
     * The same times counted from the first: units {@code <unit> since <first time>}, values from 0. What a file
     * with {@code float} time values should hold (seconds since 1970 as floats would be 128 s apart).
     *
     * @return the rebased axis
     * @throws IllegalArgumentException if the units cannot be read (see {@link #gradsStart()})
     */
    public TimeAxis fromFirst() {
        Matcher m = CF_UNITS.matcher(units);
        LocalDateTime first = time(0);
        double[] rebased = new double[values.length];
        for (int i = 0; i < rebased.length; i++) {
            rebased[i] = values[i] - values[0];
        }
        m.matches();
        return new TimeAxis(rebased, m.group(1) + " since " + first.toLocalDate() + " " + first.toLocalTime()
                .withNano(0) + (first.getSecond() == 0 ? ":00" : ""));
    }

    /** {@return the first time as GrADS writes it, e.g. {@code 00:00Z02JAN1987}} */
    public String gradsStart() {
        LocalDateTime at = time(0);
        return String.format(Locale.ROOT, "%02d:%02dZ%02d%s%04d", at.getHour(), at.getMinute(), at.getDayOfMonth(),
                MONTHS[at.getMonthValue() - 1], at.getYear());
    }

    /**
     * The step between times as GrADS writes it, e.g. {@code 6hr}; {@code 1dy} for a single time.
     *
     * @return the increment
     * @throws IllegalArgumentException if the times are not evenly spaced by whole minutes
     */
    public String gradsIncrement() {
        if (values.length < 2) {
            return "1dy";
        }
        long minutes = Duration.between(time(0), time(1)).toMinutes();
        for (int i = 1; i < values.length; i++) {
            if (minutes <= 0 || Duration.between(time(i - 1), time(i)).toMinutes() != minutes
                    || Duration.between(time(i - 1), time(i)).toSecondsPart() != 0) {
                throw new IllegalArgumentException("times " + Arrays.toString(values) + " " + units
                        + " are not evenly spaced by whole minutes (expected: the same step throughout, as GrADS "
                        + "TDEF LINEAR needs)");
            }
        }
        return minutes % 1440 == 0 ? minutes / 1440 + "dy" : minutes % 60 == 0 ? minutes / 60 + "hr"
                : minutes + "mn";
    }

    /** Time step {@code i} as a date, from the CF units. */
    private LocalDateTime time(int i) {
        Matcher m = CF_UNITS.matcher(units);
        if (!m.matches()) {
            throw new IllegalArgumentException("time units '" + units + "' (expected: seconds, minutes, hours or "
                    + "days since yyyy-mm-dd [hh:mm:ss])");
        }
        String unit = m.group(1).toLowerCase(Locale.ROOT);
        long secondsPer = unit.startsWith("d") ? 86400 : unit.startsWith("h") ? 3600 : unit.startsWith("m") ? 60
                : 1;
        try {
            String[] ymd = m.group(2).split("-");
            LocalDateTime base = LocalDate.of(Integer.parseInt(ymd[0]), Integer.parseInt(ymd[1]),
                    Integer.parseInt(ymd[2])).atTime(m.group(3) == null ? LocalTime.MIDNIGHT : clock(m.group(3)));
            return base.plusSeconds(Math.round(values[i] * secondsPer));
        } catch (java.time.DateTimeException | NumberFormatException e) {
            throw new IllegalArgumentException("time units '" + units + "': " + e.getMessage()
                    + " (expected: a valid date)");
        }
    }

    private static LocalTime clock(String text) {
        String[] parts = text.split(":");
        int seconds = parts.length > 2 ? (int) Double.parseDouble(parts[2]) : 0;
        return LocalTime.of(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), seconds);
    }

    private static LocalDateTime gradsDate(String text) {
        Matcher m = GRADS_START.matcher(text);
        int month = m.matches() ? Arrays.asList(MONTHS).indexOf(m.group(4).toUpperCase(Locale.ROOT)) : -1;
        if (month < 0) {
            throw new IllegalArgumentException("TDEF start '" + text + "' (expected: a GrADS time such as "
                    + "00:00Z02JAN1987 or 02JAN1987)");
        }
        try {
            return LocalDateTime.of(Integer.parseInt(m.group(5)), month + 1,
                    m.group(3) == null ? 1 : Integer.parseInt(m.group(3)),
                    m.group(1) == null ? 0 : Integer.parseInt(m.group(1)),
                    m.group(2) == null ? 0 : Integer.parseInt(m.group(2)));
        } catch (java.time.DateTimeException e) {
            throw new IllegalArgumentException("TDEF start '" + text + "': " + e.getMessage()
                    + " (expected: a valid date)");
        }
    }
}
