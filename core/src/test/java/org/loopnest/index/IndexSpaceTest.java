package org.loopnest.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

class IndexSpaceTest {

    @Test
    void shouldRecoverIndicesOfThePlainNestedLoopInOrder() {
        Random random = new Random(11);
        for (int trial = 0; trial < 200; trial++) {
            long[] extents = randomExtents(random, 1 + random.nextInt(6));
            IndexSpace space = IndexSpace.of(extents);
            long[] expected = new long[extents.length];
            long[] actual = new long[extents.length];
            for (long k = 0; k < space.count(); k++) {
                space.indices(k, actual);
                assertArrayEquals(expected, actual, "k=" + k);
                assertEquals(k, space.flatten(actual));
                odometer(expected, extents);
            }
        }
    }

    @Test
    void shouldMapFlatNumbersNear2To40WithoutOverflow() {
        IndexSpace space = IndexSpace.of(1 << 20, 3, 1 << 20);
        long k = (1L << 40) + 12345;
        long[] idx = new long[3];
        space.indices(k, idx);
        assertEquals(k, space.flatten(idx));
        assertEquals(k / (3L << 20), idx[0]);
        assertEquals(3L << 40, space.count());
    }

    @Test
    void shouldRejectNegativeExtentNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> IndexSpace.of(5, 7, -3));
        assertEquals("extent[2] = -3 (expected: >= 0)", e.getMessage());
    }

    @Test
    void shouldRejectExtentsWhoseProductOverflowsALong() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IndexSpace.of(1L << 32, 1L << 32));
        assertEquals("extents [4294967296, 4294967296]: their product overflows a long (expected: at most "
                + Long.MAX_VALUE + " iterations)", e.getMessage());
    }

    @Test
    void shouldRejectAnEmptyNestWhoseOtherExtentsOverflow() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IndexSpace.of(3, 1L << 62, 0));
        assertEquals("extents [3, 4611686018427387904, 0]: the product of the non-zero extents overflows a long "
                + "(expected: at most " + Long.MAX_VALUE + ", even in an empty nest)", e.getMessage());
    }

    @Test
    void shouldAllowAnEmptyNestWhoseOtherExtentsFit() {
        IndexSpace space = IndexSpace.of(3, 1L << 61, 0);
        assertEquals(0, space.count());
        assertEquals(3L << 61, space.product(0, 2), "every partial product of the extents fits a long");
        assertEquals(0, space.split(2, 1).chunkCount());
    }

    @Test
    void shouldAllowAnEmptyNest() {
        IndexSpace space = IndexSpace.of(4, 0, 3);
        assertEquals(0, space.count());
        assertEquals(0, space.split(1, 1).chunkCount());
    }

    @Test
    void shouldRejectNamesOfTheWrongCountOrRepeated() {
        IndexSpace space = IndexSpace.of(2, 3);
        assertEquals("names: 3 given (expected: 2, one per loop)",
                assertThrows(IllegalArgumentException.class, () -> space.withNames("a", "b", "c")).getMessage());
        assertEquals("names: 'a' is used twice (expected: distinct names)",
                assertThrows(IllegalArgumentException.class, () -> space.withNames("a", "a")).getMessage());
    }

    static long[] randomExtents(Random random, int depth) {
        long[] extents = new long[depth];
        for (int j = 0; j < depth; j++) {
            extents[j] = 1 + random.nextInt(depth > 4 ? 3 : 5);
        }
        return extents;
    }

    static void odometer(long[] idx, long[] extents) {
        for (int j = idx.length - 1; j >= 0; j--) {
            if (++idx[j] < extents[j]) {
                return;
            }
            idx[j] = 0;
        }
    }
}
