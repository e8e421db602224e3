package org.loopnest.examples.weather;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The outcome of comparing the eight outputs of a run with the reference, point by point. NaN matches NaN; any
 * other pair must lie within the output's {@link WeatherOutput#tolerance() tolerance}. Since both sides run the
 * same {@code float} code, equality is expected and the errors are normally 0.
 *
 * @param points        grid points compared
 * @param mismatches    points where at least one output is outside its tolerance
 * @param firstMismatch the flat index of the first such point, or -1
 * @param maxErrors     the largest error of each output over the points where neither side is NaN, relative or
 *                      absolute as the tolerance is
 */
public record Verification(long points, long mismatches, long firstMismatch, Map<WeatherOutput, Double> maxErrors) {

    /** Copies the map so that the record stays immutable. */
    public Verification {
        maxErrors = Collections.unmodifiableMap(new EnumMap<>(maxErrors));
    }

    /**
     * Compares {@code actual} with {@code expected}, {@value WeatherOutput#COUNT} arrays each in the order of
     * {@link WeatherOutput#values()}.
     *
     * @throws IllegalArgumentException if the arrays differ in number or length
     */
    public static Verification compare(float[][] expected, float[][] actual) {
        if (expected.length != WeatherOutput.COUNT || actual.length != WeatherOutput.COUNT) {
            throw new IllegalArgumentException("outputs: " + expected.length + " and " + actual.length
                    + " arrays (expected: " + WeatherOutput.COUNT + " each)");
        }
        int points = expected[0].length;
        boolean[] bad = new boolean[points];
        Map<WeatherOutput, Double> maxErrors = new EnumMap<>(WeatherOutput.class);
        for (WeatherOutput o : WeatherOutput.values()) {
            maxErrors.put(o, compare(o, expected[o.ordinal()], actual[o.ordinal()], bad));
        }
        long mismatches = 0;
        long first = -1;
        for (int k = 0; k < points; k++) {
            if (bad[k]) {
                first = first < 0 ? k : first;
                mismatches++;
            }
        }
        return new Verification(points, mismatches, first, maxErrors);
    }

    private static double compare(WeatherOutput o, float[] expected, float[] actual, boolean[] bad) {
        if (expected.length != bad.length || actual.length != bad.length) {
            throw new IllegalArgumentException(o.key() + ": " + actual.length + " values (expected: " + bad.length
                    + ")");
        }
        double max = 0;
        for (int k = 0; k < bad.length; k++) {
            if (!o.accepts(actual[k], expected[k])) {
                bad[k] = true;
            }
            if (!Float.isNaN(actual[k]) && !Float.isNaN(expected[k])) {
                max = Math.max(max, o.error(actual[k], expected[k]));
            }
        }
        return max;
    }

    private static String absoluteKeys() {
        StringJoiner keys = new StringJoiner(", ");
        for (WeatherOutput o : WeatherOutput.values()) {
            if (!o.relative()) {
                keys.add(o.key());
            }
        }
        return keys.toString();
    }

    /** Whether every point matched. */
    public boolean passed() {
        return mismatches == 0;
    }

    /** One line, e.g. {@code verified: 1834560 points equal the sequential loop (max error theta 0, …)}. */
    @Override
    public String toString() {
        StringJoiner errors = new StringJoiner(", ", "max error ", "");
        for (Map.Entry<WeatherOutput, Double> e : maxErrors.entrySet()) {
            WeatherOutput o = e.getKey();
            double error = e.getValue();
            errors.add(o.key() + " " + (error == 0 ? "0" : String.format(Locale.ROOT, "%.2g", error))
                    + (o.relative() ? "" : " " + o.unit()));
        }
        if (passed()) {
            return "verified: " + points + " points match the sequential loop (" + errors
                    + "; " + absoluteKeys() + " absolute, others relative)";
        }
        return "verification FAILED: " + mismatches + " of " + points + " points differ from the sequential loop, "
                + "first at flat index " + firstMismatch + " (" + errors + ")";
    }
}
