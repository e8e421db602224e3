package org.loopnest.examples.weather;

/**
 * The shape of a weather grid {@code [t][z][y][x]}: time steps, pressure levels, latitudes, longitudes, stored
 * row-major with longitude fastest. Validated on creation.
 *
 * @param t time steps
 * @param z pressure levels
 * @param y latitudes
 * @param x longitudes
 */
public record GridShape(int t, int z, int y, int x) {
    /** Bytes per grid point of a float32 field. */
    public static final int FLOAT_BYTES = Float.BYTES;
    /** The largest number of points a field may hold: one Java array. */
    public static final long MAX_POINTS = Integer.MAX_VALUE - 8;

    /**
     * Checks the shape.
     *
     * @throws IllegalArgumentException if an extent is below 1 or a field would not fit one Java array
     */
    public GridShape {
        int[] extents = {t, z, y, x};
        String[] names = {"t", "z", "y", "x"};
        for (int j = 0; j < extents.length; j++) {
            if (extents[j] < 1) {
                throw new IllegalArgumentException("shape " + names[j] + " = " + extents[j] + " (expected: >= 1)");
            }
        }
        long points = (long) t * z * y * x;
        if (points > MAX_POINTS) {
            throw new IllegalArgumentException("shape " + t + "," + z + "," + y + "," + x + " has " + points
                    + " points (expected: at most " + MAX_POINTS + ", one Java array per field)");
        }
    }

    /** The number of grid points {@code t·z·y·x}. */
    public int points() {
        return t * z * y * x;
    }

    /** The size in bytes of one float32 field. */
    public long fieldBytes() {
        return (long) points() * FLOAT_BYTES;
    }

    /** The extents as the nest takes them, outermost first. */
    public long[] extents() {
        return new long[] {t, z, y, x};
    }

    /** The shape as {@code t,z,y,x}, the way {@code --shape} takes it. */
    @Override
    public String toString() {
        return t + "," + z + "," + y + "," + x;
    }
}
