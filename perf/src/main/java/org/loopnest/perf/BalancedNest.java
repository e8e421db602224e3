package org.loopnest.perf;

import org.loopnest.LoopNest;

/**
 * The balanced nest of the overlap rows and of the timeline picture: {@code rows × cols} iterations, one float input
 * {@code a} and one float output {@code o} of the same size, body {@code o = a * 2.0f;}, so that with a link and a
 * kernel rate set to match, a chunk's copy-in, kernel and copy-out take the same time. Holds its arrays; each
 * {@link #nest()} is a fresh builder over them. Not thread-safe: one run at a time.
 */
final class BalancedNest {
    private final int rows;
    private final int cols;
    private final float[] in;
    private final float[] out;

    /**
     * @param rows outer iterations (one chunk each when split at {@code d = 1})
     * @param cols inner iterations
     * @throws IllegalArgumentException if either is below 1
     */
    BalancedNest(int rows, int cols) {
        if (rows < 1 || cols < 1) {
            throw new IllegalArgumentException("balanced nest " + rows + " x " + cols + " (expected: both >= 1)");
        }
        this.rows = rows;
        this.cols = cols;
        this.in = new float[Math.multiplyExact(rows, cols)];
        for (int k = 0; k < in.length; k++) {
            in[k] = k % 97;
        }
        this.out = new float[in.length];
    }

    /** {@return a fresh, fully bound nest over the arrays: device, split and buffers are the caller's} */
    LoopNest nest() {
        return LoopNest.of(rows, cols).names("r", "c").in("a", in).out("o", out).deviceCode("o = a * 2.0f;");
    }

    /** {@return what the nest is, for detail texts} */
    String describe() {
        return "balanced nest r,c = " + rows + "x" + cols + " (o = a * 2.0f)";
    }

    /** {@return the bytes one row moves each way} */
    long bytesPerRow() {
        return 4L * cols;
    }
}
