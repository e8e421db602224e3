package org.loopnest.examples.weather;

/**
 * The four outputs of the weather example's column body ({@link ColumnBody}): the height of each level and three
 * values per column, each with its unit, whether it has the levels, and the tolerance a device's result must keep
 * against the sequential loop ({@link ColumnFormulas}).
 */
public enum ColumnOutput {
    /** Height of each level above the lowest one, m (per level). */
    GH("gh", "m", true, 0.05, 1e-5),
    /** Precipitable water, mm. */
    PW("pw", "mm", false, 1e-4, 1e-5),
    /**
     * Convective available potential energy, J/kg. On OpenCL and CUDA a few ulps of {@code exp}, {@code log} and
     * {@code pow} move the parcel's temperature by about 1e-4 K over a 37-level ascent; 0.5 J/kg or 1e-3 relative
     * leaves room for that, and for a zero crossing that moves with it.
     */
    CAPE("cape", "J/kg", false, 0.5, 1e-3),
    /** Convective inhibition, J/kg; tolerance as {@link #CAPE}. */
    CIN("cin", "J/kg", false, 0.5, 1e-3);

    /** The number of outputs. */
    public static final int COUNT = 4;

    private final String key;
    private final String unit;
    private final boolean perLevel;
    private final double absolute;
    private final double relative;

    ColumnOutput(String key, String unit, boolean perLevel, double absolute, double relative) {
        this.key = key;
        this.unit = unit;
        this.perLevel = perLevel;
        this.absolute = absolute;
        this.relative = relative;
    }

    /** {@return the array name in the nest and the file stem, e.g. {@code cape}} */
    public String key() {
        return key;
    }

    /** {@return the unit, e.g. {@code J/kg}} */
    public String unit() {
        return unit;
    }

    /** {@return whether the output has one value per level ({@code [t][z][y][x]}), else one per column} */
    public boolean perLevel() {
        return perLevel;
    }

    /** {@return the output file name, e.g. {@code cape.f32}} */
    public String fileName() {
        return key + ".f32";
    }

    /** {@return what the field is, in words} */
    public String longName() {
        return switch (this) {
            case GH -> "Height above the lowest level";
            case PW -> "Precipitable water";
            case CAPE -> "Convective available potential energy";
            case CIN -> "Convective inhibition";
        };
    }

    /**
     * {@return whether {@code actual} is within the tolerance of {@code expected}: the absolute one or the relative
     * one, whichever is larger; NaN matches NaN only}
     *
     * @param actual a device's value
     * @param expected the sequential loop's
     */
    public boolean accepts(double actual, double expected) {
        if (Double.isNaN(actual) || Double.isNaN(expected)) {
            return Double.isNaN(actual) && Double.isNaN(expected);
        }
        return actual == expected || Math.abs(actual - expected) <= Math.max(absolute, relative * Math.abs(expected));
    }
}
