package org.loopnest.format.netcdf4;

/**
 * Cuts an array of a shape into boxes of at most {@code budget} elements, visited in row-major order of their
 * corners, for reading a variable piece by piece in bounded memory. The box is grown from one storage unit (a chunk;
 * all ones for contiguous data), innermost axis first, in whole units, up to the array's extent: so a box never cuts
 * a chunk (each chunk is decoded once) and, where the budget allows, covers whole trailing axes (long runs). When one
 * chunk alone is over the budget, the unit falls back to single elements (each chunk is then decoded once per box
 * that overlaps it: slower, but memory stays bounded).
 *
 * <p>Not thread-safe: {@link #next} advances a cursor.
 */
final class SlabPlan {
    private final long[] shape;
    private final int[] box;
    private final long[] cursor;
    private boolean started;
    private final boolean empty;

    /**
     * @param shape  the array's shape; empty for a scalar
     * @param unit   the storage unit (chunk shape), or {@code null} for contiguous data
     * @param budget the most elements in one box, at least 1
     */
    SlabPlan(long[] shape, int[] unit, long budget) {
        this.shape = shape.clone();
        int rank = shape.length;
        int[] u = new int[rank];
        long unitElements = 1;
        for (int j = 0; j < rank; j++) {
            u[j] = unit == null ? 1 : (int) Math.max(1, Math.min(unit[j], shape[j]));
            unitElements *= u[j];
        }
        if (unitElements > budget) {
            java.util.Arrays.fill(u, 1);
        }
        box = u.clone();
        for (int j = rank - 1; j >= 0; j--) {
            long others = 1;
            for (int i = 0; i < rank; i++) {
                others *= i == j ? 1 : box[i];
            }
            long fit = budget / others / u[j] * u[j];
            box[j] = (int) Math.max(box[j], Math.min(shape[j], fit));
        }
        cursor = new long[rank];
        boolean anyZero = false;
        for (long d : shape) {
            anyZero |= d == 0;
        }
        empty = anyZero;
    }

    /** The largest box's shape. */
    int[] box() {
        return box.clone();
    }

    /** The most elements in one box. */
    int boxElements() {
        int n = 1;
        for (int b : box) {
            n *= b;
        }
        return n;
    }

    /**
     * Moves to the next box.
     *
     * @param offset set to the box's corner
     * @param size   set to its shape (clipped at the array's end)
     * @return false when every box has been visited
     */
    boolean next(long[] offset, int[] size) {
        if (empty) {
            return false;
        }
        if (started && !advance()) {
            return false;
        }
        started = true;
        for (int j = 0; j < shape.length; j++) {
            offset[j] = cursor[j];
            size[j] = (int) Math.min(box[j], shape[j] - cursor[j]);
        }
        return true;
    }

    private boolean advance() {
        for (int j = shape.length - 1; j >= 0; j--) {
            cursor[j] += box[j];
            if (cursor[j] < shape[j]) {
                return true;
            }
            cursor[j] = 0;
        }
        return false;
    }
}
