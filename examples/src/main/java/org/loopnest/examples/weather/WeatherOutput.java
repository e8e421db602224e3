package org.loopnest.examples.weather;

/**
 * The six derived fields, in the order {@link WeatherFormulas#point} writes them, each with its unit and the
 * accuracy a {@code float} evaluation must reach against a {@code double} one.
 */
public enum WeatherOutput {
    /** Potential temperature, K. */
    THETA("theta", "K", 1e-5, true),
    /** Saturation vapour pressure, hPa. */
    ES("es", "hPa", 1e-5, true),
    /** Vapour pressure, hPa. */
    E("e", "hPa", 1e-5, true),
    /** Relative humidity, fraction. */
    RH("rh", "1", 1e-5, true),
    /** Dewpoint, K. */
    TD("td", "K", 0.01, false),
    /** Equivalent potential temperature, K. */
    THETAE("thetae", "K", 5e-5, true);

    /** The number of outputs. */
    public static final int COUNT = 6;

    private final String key;
    private final String unit;
    private final double tolerance;
    private final boolean relative;

    WeatherOutput(String key, String unit, double tolerance, boolean relative) {
        this.key = key;
        this.unit = unit;
        this.tolerance = tolerance;
        this.relative = relative;
    }

    /** The short name: the array name in the nest and the file stem, e.g. {@code thetae}. */
    public String key() {
        return key;
    }

    /** The unit, e.g. {@code K}; {@code 1} for a fraction. */
    public String unit() {
        return unit;
    }

    /** The output file name, e.g. {@code thetae.f32}. */
    public String fileName() {
        return key + ".f32";
    }

    /** The allowed error: relative to the expected value if {@link #relative()}, else absolute. */
    public double tolerance() {
        return tolerance;
    }

    /** Whether {@link #tolerance()} is relative. */
    public boolean relative() {
        return relative;
    }

    /** The error of {@code actual} against {@code expected}, relative or absolute as this output's tolerance is. */
    public double error(double actual, double expected) {
        double diff = Math.abs(actual - expected);
        return relative && expected != 0 ? diff / Math.abs(expected) : diff;
    }

    /** Whether {@code actual} is within the tolerance of {@code expected}; NaN matches NaN only. */
    public boolean accepts(double actual, double expected) {
        if (Double.isNaN(actual) || Double.isNaN(expected)) {
            return Double.isNaN(actual) && Double.isNaN(expected);
        }
        return error(actual, expected) <= tolerance;
    }
}
