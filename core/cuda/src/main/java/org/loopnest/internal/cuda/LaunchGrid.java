package org.loopnest.internal.cuda;

/**
 * The shape of one kernel launch: one thread per iteration, in 1-D blocks of {@code blockX} threads, on a grid
 * of {@code gridX × gridY} blocks. The generated kernels number their threads
 * {@code ((blockIdx.y * gridDim.x) + blockIdx.x) * blockDim.x + threadIdx.x} and return at once at or past the
 * iteration count, so a grid may hold a few threads more than there are iterations.
 *
 * <p>Pure Java, immutable, thread-safe.
 *
 * @param blockX threads per block; 0 when there is nothing to launch
 * @param gridX  blocks along x; 0 when there is nothing to launch
 * @param gridY  blocks along y; 1 for a 1-D grid, 0 when there is nothing to launch
 */
public record LaunchGrid(int blockX, int gridX, int gridY) {
    /** Threads per block when the device allows it: 1-D blocks of up to 1024 threads. */
    public static final int DEFAULT_MAX_BLOCK = 1024;

    /** The empty launch: no blocks. */
    public static final LaunchGrid NONE = new LaunchGrid(0, 0, 0);

    /**
     * {@return the smallest grid for {@code count} iterations within the limits: blocks of {@code min(maxBlock, count)}
     * threads; a 1-D grid when the blocks fit {@code maxGridX}, else the fewest rows {@code gridY} that hold them
     * and the fewest blocks per row {@code gridX} for that many rows}
     *
     * @param count     iterations, at least 0; 0 gives {@link #NONE}
     * @param maxBlock  the most threads per block, at least 1
     * @param maxGridX  the most blocks along x, at least 1
     * @param maxGridY  the most blocks along y, at least 1
     * @throws IllegalArgumentException naming the argument for a bad argument, or if {@code count} threads do not
     *     fit {@code maxGridX × maxGridY} blocks of {@code maxBlock} threads
     */
    public static LaunchGrid of(long count, int maxBlock, int maxGridX, int maxGridY) {
        positive("maxBlock", maxBlock);
        positive("maxGridX", maxGridX);
        positive("maxGridY", maxGridY);
        if (count < 0) {
            throw new IllegalArgumentException("count = " + count + " (expected: 0 or more)");
        }
        if (count == 0) {
            return NONE;
        }
        int threads = (int) Math.min(maxBlock, count);
        long blocks = ceilDiv(count, threads);
        if (blocks <= maxGridX) {
            return new LaunchGrid(threads, (int) blocks, 1);
        }
        long rows = ceilDiv(blocks, maxGridX);
        if (rows > maxGridY) {
            throw new IllegalArgumentException("count = " + count + " iterations need " + blocks + " blocks of "
                    + threads + " threads (expected: at most " + maxGridX + " × " + maxGridY + " = "
                    + (long) maxGridX * maxGridY
                    + " blocks; launch smaller chunks)");
        }
        long columns = ceilDiv(blocks, rows);
        return new LaunchGrid(threads, (int) columns, (int) rows);
    }

    /**
     * {@return the grid for {@code count} iterations with blocks of up to {@link #DEFAULT_MAX_BLOCK} threads}
     *
     * @param count the iterations to launch, one thread each
     * @param maxGridX the device's largest grid x dimension
     * @param maxGridY the device's largest grid y dimension
     */
    public static LaunchGrid of(long count, int maxGridX, int maxGridY) {
        return of(count, DEFAULT_MAX_BLOCK, maxGridX, maxGridY);
    }

    /** {@return threads launched: {@code blockX × gridX × gridY}, at least the iteration count} */
    public long threads() {
        return (long) blockX * gridX * gridY;
    }

    /** {@return whether there is nothing to launch} */
    public boolean isEmpty() {
        return gridX == 0;
    }

    private static void positive(String name, int value) {
        if (value < 1) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: 1 or more)");
        }
    }

    private static long ceilDiv(long a, long b) {
        return a / b + (a % b == 0 ? 0 : 1);
    }
}
