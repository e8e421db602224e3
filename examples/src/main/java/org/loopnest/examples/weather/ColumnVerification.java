package org.loopnest.examples.weather;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The outcome of comparing a run's column outputs with the sequential loop's, output by output within
 * {@link ColumnOutput#accepts}. Immutable.
 *
 * @param values the values compared, over all four outputs
 * @param mismatches the values outside their tolerance
 * @param firstMismatch the first such value as {@code output[index]}, or empty
 * @param maxErrors the largest absolute difference of each output where neither side is NaN
 */
public record ColumnVerification(long values, long mismatches, String firstMismatch,
                                 Map<ColumnOutput, Double> maxErrors) {
    /** Copies the map. */
    public ColumnVerification {
        maxErrors = java.util.Collections.unmodifiableMap(new EnumMap<>(maxErrors));
    }

    /**
     * {@return the comparison of {@code actual} with {@code expected}}
     *
     * @param expected the sequential loop's outputs
     * @param actual the run's, of the same shape
     */
    public static ColumnVerification compare(ColumnFields expected, ColumnFields actual) {
        long values = 0;
        long mismatches = 0;
        String first = "";
        Map<ColumnOutput, Double> max = new EnumMap<>(ColumnOutput.class);
        for (ColumnOutput o : ColumnOutput.values()) {
            float[] e = expected.output(o);
            float[] a = actual.output(o);
            double worst = 0;
            for (int i = 0; i < e.length; i++) {
                values++;
                if (!o.accepts(a[i], e[i])) {
                    mismatches++;
                    first = first.isEmpty() ? o.key() + "[" + i + "] = " + a[i] + " (expected " + e[i] + ")" : first;
                }
                if (!Float.isNaN(a[i]) && !Float.isNaN(e[i])) {
                    worst = Math.max(worst, Math.abs((double) a[i] - e[i]));
                }
            }
            max.put(o, worst);
        }
        return new ColumnVerification(values, mismatches, first, max);
    }

    /** {@return whether every value matched} */
    public boolean passed() {
        return mismatches == 0;
    }

    /** One line, e.g. {@code verified columns: 1300 values match the sequential loop (max error gh 0 m, …)}. */
    @Override
    public String toString() {
        StringJoiner errors = new StringJoiner(", ", "max error ", "");
        for (Map.Entry<ColumnOutput, Double> e : maxErrors.entrySet()) {
            double error = e.getValue();
            errors.add(e.getKey().key() + " " + (error == 0 ? "0" : String.format(Locale.ROOT, "%.2g", error)) + " "
                    + e.getKey().unit());
        }
        return passed() ? "verified columns: " + values + " values of gh, pw, cape, cin match the sequential loop ("
                + errors + ")"
                : "column verification FAILED: " + mismatches + " of " + values + " values differ from the sequential "
                + "loop, first " + firstMismatch + " (" + errors + ")";
    }
}
