package org.loopnest.internal.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import org.junit.jupiter.api.Test;

class LaunchGridTest {
    private static final int MAX_GRID_X = Integer.MAX_VALUE;
    private static final int MAX_GRID_Y = 65_535;

    @Test
    void shouldLaunchNothingForNoIterations() {
        LaunchGrid grid = LaunchGrid.of(0, MAX_GRID_X, MAX_GRID_Y);
        assertEquals(LaunchGrid.NONE, grid);
        assertTrue(grid.isEmpty());
        assertEquals(0, grid.threads());
    }

    @Test
    void shouldUseOneBlockOfExactlyTheCountForSmallChunks() {
        assertEquals(new LaunchGrid(1, 1, 1), LaunchGrid.of(1, MAX_GRID_X, MAX_GRID_Y));
        assertEquals(new LaunchGrid(1000, 1, 1), LaunchGrid.of(1000, MAX_GRID_X, MAX_GRID_Y));
        assertEquals(new LaunchGrid(1024, 1, 1), LaunchGrid.of(1024, MAX_GRID_X, MAX_GRID_Y));
    }

    @Test
    void shouldUseOneDimensionalGridsOf1024ThreadBlocksWhileTheyFit() {
        assertEquals(new LaunchGrid(1024, 2, 1), LaunchGrid.of(1025, MAX_GRID_X, MAX_GRID_Y));
        assertEquals(new LaunchGrid(1024, 976_562_500, 1), LaunchGrid.of(1_000_000_000_000L, MAX_GRID_X, MAX_GRID_Y));
        assertEquals(new LaunchGrid(1024, MAX_GRID_X, 1), LaunchGrid.of(1024L * MAX_GRID_X, MAX_GRID_X, MAX_GRID_Y));
    }

    @Test
    void shouldSwitchToTwoDimensionsPastTheXLimitWithTheFewestRows() {
        long count = 1024L * MAX_GRID_X + 1;
        LaunchGrid grid = LaunchGrid.of(count, MAX_GRID_X, MAX_GRID_Y);
        assertEquals(new LaunchGrid(1024, 1_073_741_824, 2), grid);
        assertTrue(grid.threads() >= count);
    }

    @Test
    void shouldBalanceRowsUnderSmallArtificialLimits() {
        // 50 iterations in blocks of 4 = 13 blocks; 3 fit a row, so 5 rows of 3 blocks.
        assertEquals(new LaunchGrid(4, 3, 5), LaunchGrid.of(50, 4, 3, 5));
        // 7 blocks, 3 per row at most: 3 rows, and then 3 columns (not 2: 6 < 7).
        assertEquals(new LaunchGrid(4, 3, 3), LaunchGrid.of(28, 4, 3, 10));
        // 4 blocks, 3 per row at most: 2 rows of 2 blocks, not 2 rows of 3.
        assertEquals(new LaunchGrid(4, 2, 2), LaunchGrid.of(16, 4, 3, 10));
    }

    @Test
    void shouldRefuseCountsBeyondTheGridNamingTheLimits() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchGrid.of(61, 4, 3, 5));
        assertEquals("count = 61 iterations need 16 blocks of 4 threads (expected: at most 3 × 5 = 15 blocks;"
                + " launch smaller chunks)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LaunchGrid.of(Long.MAX_VALUE, MAX_GRID_X, MAX_GRID_Y));
    }

    @Test
    void shouldRejectBadArgumentsNamingThem() {
        assertEquals("count = -1 (expected: 0 or more)", assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.of(-1, 1024, 1, 1)).getMessage());
        assertEquals("maxBlock = 0 (expected: 1 or more)", assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.of(1, 0, 1, 1)).getMessage());
        assertEquals("maxGridX = 0 (expected: 1 or more)", assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.of(1, 1, 0, 1)).getMessage());
        assertEquals("maxGridY = -3 (expected: 1 or more)", assertThrows(IllegalArgumentException.class,
                () -> LaunchGrid.of(1, 1, 1, -3)).getMessage());
    }

    @Test
    void shouldCoverEveryIterationWithTheSmallestGridWithinAnyLimits() {
        for (int maxBlock = 1; maxBlock <= 5; maxBlock++) {
            for (int maxX = 1; maxX <= 4; maxX++) {
                for (int maxY = 1; maxY <= 4; maxY++) {
                    long capacity = (long) maxBlock * maxX * maxY;
                    for (long count = 1; count <= capacity + 3; count++) {
                        check(count, maxBlock, maxX, maxY);
                    }
                }
            }
        }
    }

    private static void check(long count, int maxBlock, int maxX, int maxY) {
        String where = "count " + count + ", limits " + maxBlock + "/" + maxX + "/" + maxY;
        int threads = (int) Math.min(maxBlock, count);
        long blocks = (count + threads - 1) / threads;
        if (blocks > (long) maxX * maxY) {
            assertThrows(IllegalArgumentException.class, () -> LaunchGrid.of(count, maxBlock, maxX, maxY), where);
            return;
        }
        LaunchGrid g = LaunchGrid.of(count, maxBlock, maxX, maxY);
        assertEquals(threads, g.blockX(), where);
        assertTrue(g.gridX() >= 1 && g.gridX() <= maxX, where);
        assertTrue(g.gridY() >= 1 && g.gridY() <= maxY, where);
        assertTrue(g.threads() >= count, where);
        long expectedRows = blocks <= maxX ? 1 : (blocks + maxX - 1) / maxX;
        assertEquals(expectedRows, g.gridY(), "fewest rows: " + where);
        assertTrue((long) (g.gridX() - 1) * g.gridY() < blocks, "fewest columns for those rows: " + where);
        assertEquals(count, iterationsCovered(g, count), where);
    }

    /** Runs the kernels' thread numbering over the grid and counts the distinct iterations below count. */
    private static long iterationsCovered(LaunchGrid g, long count) {
        BitSet seen = new BitSet();
        for (int by = 0; by < g.gridY(); by++) {
            for (int bx = 0; bx < g.gridX(); bx++) {
                for (int tx = 0; tx < g.blockX(); tx++) {
                    long tid = (((long) by * g.gridX()) + bx) * g.blockX() + tx;
                    if (tid < count) {
                        assertTrue(!seen.get((int) tid), "iteration " + tid + " run twice");
                        seen.set((int) tid);
                    }
                }
            }
        }
        return seen.cardinality();
    }
}
