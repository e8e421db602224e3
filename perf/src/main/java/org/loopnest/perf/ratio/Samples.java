package org.loopnest.perf.ratio;

import java.util.Arrays;
import java.util.Locale;

/**
 * The measured rounds of one quantity (nanoseconds of a timed task, or an efficiency), with the median that a
 * figure reports. Immutable.
 */
public final class Samples {
    private final double[] sorted;

    /**
     * Samples of the given values, in any order.
     *
     * @throws IllegalArgumentException if there is no value or one is not finite
     */
    public Samples(double... values) {
        if (values == null || values.length == 0) {
            throw new IllegalArgumentException("samples: none (expected: at least one measured round)");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("samples: value " + v + " (expected: finite)");
            }
        }
        this.sorted = values.clone();
        Arrays.sort(sorted);
    }

    /** The number of rounds. */
    public int count() {
        return sorted.length;
    }

    /** The median (the mean of the two middle values for an even count). */
    public double median() {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The smallest value. */
    public double min() {
        return sorted[0];
    }

    /** The largest value. */
    public double max() {
        return sorted[sorted.length - 1];
    }

    /** Nanosecond samples as text: {@code 12.30 ms (median of 7, 11.90–13.00)}. */
    public String describeMillis() {
        return String.format(Locale.ROOT, "%.2f ms (median of %d, %.2f-%.2f)", median() / 1e6, count(), min() / 1e6,
                max() / 1e6);
    }
}
