package org.loopnest.examples.weather;

import org.loopnest.LoopNest;

/**
 * The weather example's column physics two ways: as a {@link LoopNest} over the columns {@code t, y, x} with the
 * levels as column axis {@code z} ({@code T}, {@code q} stored {@code [t][z][y][x]}, {@code p} by {@code z}, the
 * outputs of {@link ColumnOutput}), and as the plain sequential loop over the columns ({@link ColumnFormulas}) that
 * serves as the reference. Pressure levels given from the top down (increasing) are walked from their last level
 * ({@link LoopNest#columnFromLast}): level 0 of the body is always the highest pressure.
 */
public final class ColumnNest {
    /** The loop indices over the columns, outermost first. */
    public static final String[] INDEX_NAMES = {"t", "y", "x"};
    /** The column axis. */
    public static final String AXIS = "z";

    private ColumnNest() {
    }

    /**
     * {@return the nest over {@code f}'s inputs writing into {@code out}, with the one body {@link ColumnBody} (or its
     * form with {@code markers}); the caller chooses the split and the devices}
     *
     * @param f the inputs and levels
     * @param out the outputs, of {@code f}'s shape
     * @param markers extra missing values of {@code T} and {@code q}
     */
    public static LoopNest nest(WeatherFields f, ColumnFields out, MissingMarkers markers) {
        GridShape s = f.shape();
        LoopNest nest = LoopNest.of(s.t(), s.y(), s.x()).names(INDEX_NAMES);
        nest = fromTop(f.levels()) ? nest.columnFromLast(AXIS, s.z()) : nest.column(AXIS, s.z());
        nest.in("T", f.temperature(), "t", AXIS, "y", "x")
                .in("q", f.humidity(), "t", AXIS, "y", "x")
                .in("p", f.levels(), AXIS);
        for (ColumnOutput o : ColumnOutput.values()) {
            if (o.perLevel()) {
                nest.out(o.key(), out.output(o), "t", AXIS, "y", "x");
            } else {
                nest.out(o.key(), out.output(o));
            }
        }
        return nest.deviceCode(ColumnBody.code(markers));
    }

    /**
     * {@return whether {@code levels} are stored from the top down (the first pressure lower than the last), so that
     * the column is walked from the last stored level}
     *
     * @param levels the pressures in hPa, as stored
     */
    public static boolean fromTop(float[] levels) {
        return levels.length > 1 && levels[0] < levels[levels.length - 1];
    }

    /**
     * The reference: a plain loop over the columns writing into {@code out}, column after column within a time step
     * (the time steps, which share nothing, on the common fork-join pool's threads).
     *
     * @param f the inputs and levels
     * @param out the outputs, of {@code f}'s shape
     */
    public static void sequential(WeatherFields f, ColumnFields out) {
        GridShape s = f.shape();
        int plane = s.y() * s.x();
        boolean reversed = fromTop(f.levels());
        float[] p = f.levels().clone();
        if (reversed) {
            for (int k = 0; k < p.length; k++) {
                p[k] = f.levels()[p.length - 1 - k];
            }
        }
        java.util.stream.IntStream.range(0, s.t()).parallel().forEach(t -> { // time steps apart; columns in order
            float[] result = new float[ColumnFormulas.COUNT];
            for (int yx = 0; yx < plane; yx++) {
                int column = t * plane + yx;
                int bottom = (t * s.z() + (reversed ? s.z() - 1 : 0)) * plane + yx;
                ColumnFormulas.column(f.temperature(), f.humidity(), bottom, reversed ? -plane : plane, p, s.z(),
                        out.output(ColumnOutput.GH), result);
                out.output(ColumnOutput.PW)[column] = result[ColumnFormulas.PW];
                out.output(ColumnOutput.CAPE)[column] = result[ColumnFormulas.CAPE];
                out.output(ColumnOutput.CIN)[column] = result[ColumnFormulas.CIN];
            }
        });
    }

    /**
     * Runs {@link #sequential} into fresh arrays and compares {@code actual} with them value by value.
     *
     * @param f the inputs the run read
     * @param actual the run's outputs
     * @return the comparison
     */
    public static ColumnVerification verify(WeatherFields f, ColumnFields actual) {
        ColumnFields expected = new ColumnFields(f.shape());
        sequential(f, expected);
        return ColumnVerification.compare(expected, actual);
    }
}
