package org.loopnest.examples.weather;

/**
 * The outputs of the weather example's column run over a grid of {@link GridShape}: {@code gh} with every level
 * ({@code [t][z][y][x]}), {@code pw}, {@code cape} and {@code cin} one per column ({@code [t][y][x]}). Holds the
 * arrays; not thread-safe.
 */
public final class ColumnFields {
    private final GridShape shape;
    private final float[][] outputs = new float[ColumnOutput.COUNT][];

    /**
     * Zeroed outputs for {@code shape}.
     *
     * @param shape the grid
     */
    public ColumnFields(GridShape shape) {
        this.shape = shape;
        for (ColumnOutput o : ColumnOutput.values()) {
            outputs[o.ordinal()] = new float[length(shape, o)];
        }
    }

    /**
     * {@return the number of values of output {@code o} over {@code shape}}
     *
     * @param shape the grid
     * @param o an output
     */
    public static int length(GridShape shape, ColumnOutput o) {
        return o.perLevel() ? shape.points() : shape.t() * shape.y() * shape.x();
    }

    /**
     * {@return the bytes of heap the outputs take over {@code shape}, doubled when {@code verifying} (the sequential
     * loop's own)}
     *
     * @param shape the grid
     * @param verifying whether the run is verified
     */
    public static long heapBytes(GridShape shape, boolean verifying) {
        long bytes = 0;
        for (ColumnOutput o : ColumnOutput.values()) {
            bytes += 4L * length(shape, o);
        }
        return verifying ? 2 * bytes : bytes;
    }

    /** {@return the grid} */
    public GridShape shape() {
        return shape;
    }

    /**
     * {@return output {@code o}'s array, written by the run}
     *
     * @param o an output
     */
    public float[] output(ColumnOutput o) {
        return outputs[o.ordinal()];
    }
}
