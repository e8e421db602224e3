package org.loopnest.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

class SplitTest {

    @Test
    void shouldVisitEveryIterationExactlyOnceForEveryDepthAndGroup() {
        Random random = new Random(5);
        for (int trial = 0; trial < 150; trial++) {
            long[] extents = IndexSpaceTest.randomExtents(random, 1 + random.nextInt(6));
            IndexSpace space = IndexSpace.of(extents);
            for (int d = 0; d < extents.length; d++) {
                long group = 1 + random.nextInt(4);
                assertVisitsNestInOrder(space.split(d, group), extents);
            }
        }
    }

    private static void assertVisitsNestInOrder(Split split, long[] extents) {
        IndexSpace space = split.space();
        long[] expected = new long[extents.length];
        long[] viaG = new long[extents.length];
        long visited = 0;
        for (long c = 0; c < split.chunkCount(); c++) {
            Chunk chunk = split.chunk(c);
            assertEquals(visited, chunk.firstFlat(), "chunks tile the flat range");
            Iteration it = split.cursor(chunk, 0, chunk.iterations());
            for (; it.valid(); it.next()) {
                long k = it.flat();
                assertEquals(visited, k);
                assertEquals(k / split.innerCount(), it.outer());
                assertEquals(k % split.innerCount(), it.inner());
                assertEquals(k - chunk.firstFlat(), it.local());
                split.indices(it.outer(), it.inner(), viaG);
                assertArrayEquals(expected, viaG, "g at k=" + k + " " + split);
                assertArrayEquals(expected, it.indices(), "cursor at k=" + k);
                IndexSpaceTest.odometer(expected, extents);
                visited++;
            }
        }
        assertEquals(space.count(), visited);
    }

    @Test
    void shouldRecoverThePapersDepthFiveExampleAtDepthTwo() {
        long l = 3, m = 4, n = 5, k = 6, j = 7;
        Split split = IndexSpace.of(l, m, n, k, j).split(2, 1);
        assertEquals(l * m, split.outerCount());
        assertEquals(n * k * j, split.innerCount());
        long e = 9;
        long id = 123;
        long[] idx = new long[5];
        split.indices(e, id, idx);
        assertArrayEquals(new long[] {e / m, e % m, id / (k * j), (id / j) % k, id % j}, idx);
    }

    @Test
    void shouldGroupOuterIterationsWithAShorterRemainderChunk() {
        Split split = IndexSpace.of(10, 3).split(1, 4);
        assertEquals(3, split.chunkCount());
        assertEquals(new Chunk(0, 0, 4, 0, 12), split.chunk(0));
        assertEquals(new Chunk(2, 8, 2, 24, 6), split.chunk(2));
        assertThrows(IndexOutOfBoundsException.class, () -> split.chunk(3));
    }

    @Test
    void shouldMakeOneChunkOfTheWholeNestAtDepthZero() {
        Split split = IndexSpace.of(4, 5).split(0, 1);
        assertEquals(1, split.chunkCount());
        assertEquals(20, split.chunk(0).iterations());
    }

    @Test
    void shouldRejectDepthOutOfRangeSayingTheRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> IndexSpace.of(2, 3, 4).split(3, 1));
        assertEquals("split depth d = 3 (expected: 0 <= d <= 2 for a nest of depth 3)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> IndexSpace.of(2).split(-1, 1));
    }

    @Test
    void shouldWalkABlockInTheMiddleOfAChunk() {
        Split split = IndexSpace.of(3, 4, 5).split(1, 2);
        Chunk chunk = split.chunk(0);
        Iteration it = split.cursor(chunk, 7, 9);
        assertTrue(it.valid());
        assertEquals(7, it.flat());
        assertArrayEquals(new long[] {0, 1, 2}, it.indices());
        it.next();
        it.next();
        assertFalse(it.valid());
    }
}
