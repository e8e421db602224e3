package org.loopnest.examples.weather;

/**
 * The eight derived fields, in the order {@link WeatherFormulas#point} writes them, each with its unit and the
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
    THETAE("thetae", "K", 5e-5, true),
    /**
     * Pressure of the lifting condensation level, hPa. Measured on the synthetic grids (seeds 1 to 3, shape
     * 16,7,91,180) and on the test's grid of 1000–50 hPa, 200–310 K, q 1e-6–0.02: at most 2.4e-6 relative. The
     * tolerance of 2e-5 leaves room for a device whose {@code pow} and {@code log} stop the iteration one step
     * earlier or later (near the stop one step moves the pressure by about 1e-5 of itself).
     */
    LCL_P("lcl_p", "hPa", 2e-5, true),
    /**
     * Temperature of the lifting condensation level, K. Measured as {@link #LCL_P}: at most 5.8e-5 K; a relative
     * 2e-5 in the pressure moves it by about 0.003 K, so the tolerance is that of {@link #TD}, 0.01 K absolute.
     */
    LCL_T("lcl_t", "K", 0.01, false);

    /** The number of outputs. */
    public static final int COUNT = 8;

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

    /** {@return what the field is, in words, e.g. {@code Equivalent potential temperature}} */
    public String longName() {
        return switch (this) {
            case THETA -> "Potential temperature";
            case ES -> "Saturation vapour pressure";
            case E -> "Vapour pressure";
            case RH -> "Relative humidity";
            case TD -> "Dewpoint";
            case THETAE -> "Equivalent potential temperature";
            case LCL_P -> "Pressure of the lifting condensation level";
            case LCL_T -> "Temperature of the lifting condensation level";
        };
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

    /**
     * The error of {@code actual} against {@code expected}, relative or absolute as this output's tolerance is; 0 when
     * they are equal, infinities included (an overflowing {@code es} of a value far outside the formulas' range is
     * +∞ on both sides).
     */
    public double error(double actual, double expected) {
        if (actual == expected) {
            return 0;
        }
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
