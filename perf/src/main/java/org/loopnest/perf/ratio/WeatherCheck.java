package org.loopnest.perf.ratio;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * The checks of the weather rows before and after their rounds: outputs equal bit for bit (sides that run the same
 * scalar Java) or within each output's documented tolerance ({@link WeatherOutput#tolerance()}, as
 * {@code ./loopnest weather --verify} compares: sides whose math functions round differently, the Vector API's and
 * NumPy's). Stateless.
 */
final class WeatherCheck {
    private WeatherCheck() {
    }

    /** {@return the eight output arrays of {@code fields}, in {@link WeatherOutput} order (shared, not copied)} */
    static float[][] outputs(WeatherFields fields) {
        float[][] out = new float[WeatherOutput.COUNT][];
        for (WeatherOutput o : WeatherOutput.values()) {
            out[o.ordinal()] = fields.output(o);
        }
        return out;
    }

    /** Fills every output with {@code -Float.MAX_VALUE}, a value no formula gives, so a point left unwritten shows. */
    static void poison(float[][] outputs) {
        for (float[] o : outputs) {
            Arrays.fill(o, -Float.MAX_VALUE);
        }
    }

    /**
     * Checks that {@code actual} has the same bits as {@code expected} everywhere.
     *
     * @param side what computed {@code actual}, for the message
     * @throws IllegalStateException naming the output, the point and both values
     */
    static void same(float[][] expected, float[][] actual, String side) {
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] want = expected[o.ordinal()];
            float[] got = actual[o.ordinal()];
            for (int k = 0; k < want.length; k++) {
                if (Float.floatToIntBits(got[k]) != Float.floatToIntBits(want[k])) {
                    throw new IllegalStateException("weather: " + o.key() + "[" + k + "] is " + got[k] + " from "
                            + side + " but " + want[k] + " by hand (expected: the same bits)");
                }
            }
        }
    }

    /**
     * Checks that {@code actual} lies within each output's tolerance of {@code expected} (NaN where and only where
     * it is NaN).
     *
     * @param side what computed {@code actual}, for the message
     * @return the comparison, whose {@link Verification#maxErrors()} a row's detail reports
     * @throws IllegalStateException with the comparison's summary (the first point outside and the largest errors)
     */
    static Verification within(float[][] expected, float[][] actual, String side) {
        Verification v = Verification.compare(expected, actual);
        if (!v.passed()) {
            int k = (int) v.firstMismatch();
            StringBuilder first = new StringBuilder();
            for (WeatherOutput o : WeatherOutput.values()) {
                first.append(' ').append(o.key()).append(' ').append(actual[o.ordinal()][k]).append(" vs ")
                        .append(expected[o.ordinal()][k]);
            }
            throw new IllegalStateException("weather: " + side + " is outside the outputs' tolerances: " + v
                    + "; at index " + k + ":" + first + " (expected: within WeatherOutput's tolerances)");
        }
        return v;
    }

    /** {@return the largest error of each output, e.g. {@code max error theta 1.2e-07, …, lcl_t 3.1e-05 K}} */
    static String maxErrors(Verification v) {
        StringJoiner errors = new StringJoiner(", ", "max error ", "");
        for (Map.Entry<WeatherOutput, Double> e : v.maxErrors().entrySet()) {
            errors.add(String.format(Locale.ROOT, "%s %.2g%s", e.getKey().key(), e.getValue(),
                    e.getKey().relative() ? "" : " " + e.getKey().unit()));
        }
        return errors.toString();
    }
}
