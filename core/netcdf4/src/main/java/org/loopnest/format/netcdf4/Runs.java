package org.loopnest.format.netcdf4;

/**
 * The runs of a box inside an array: the longest pieces that are contiguous both in the box (row-major) and in the
 * whole array (row-major). A box covering whole trailing axes has few long runs; one cut along the last axis has one
 * run per row. Used to read contiguous data and to write the unpacked file.
 *
 * <p>Not thread-safe: {@link #next} advances a cursor.
 */
final class Runs {
    private final long[] shape;
    private final long[] offset;
    private final int[] size;
    /** Axes before this one are stepped through; from it on, one run. */
    private final int split;
    private final int length;
    private final int[] index;
    private boolean started;

    Runs(long[] shape, long[] offset, int[] size) {
        this.shape = shape;
        this.offset = offset;
        this.size = size;
        int t = shape.length - 1;
        while (t > 0 && offset[t] == 0 && size[t] == shape[t]) {
            t--;
        }
        split = Math.max(t, 0);
        long n = 1;
        for (int j = split; j < shape.length; j++) {
            n *= size[j];
        }
        length = (int) n;
        index = new int[shape.length];
    }

    /** Elements in each run. */
    int length() {
        return length;
    }

    /** The array's row-major index of the next run's first element, or -1 after the last run. */
    long next() {
        if (started && !advance()) {
            return -1;
        }
        started = true;
        long at = 0;
        for (int j = 0; j < shape.length; j++) {
            at = at * shape[j] + offset[j] + (j < split ? index[j] : 0);
        }
        return at;
    }

    private boolean advance() {
        for (int j = split - 1; j >= 0; j--) {
            if (++index[j] < size[j]) {
                return true;
            }
            index[j] = 0;
        }
        return false;
    }
}
