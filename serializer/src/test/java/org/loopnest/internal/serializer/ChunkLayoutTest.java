package org.loopnest.internal.serializer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;

class ChunkLayoutTest {
    private final IndexSpace space = IndexSpace.of(5, 7, 46, 72).withNames("t", "z", "y", "x");

    @Test
    void shouldPlaceEachArrayByWhichIndicesItUses() {
        Split split = space.split(2, 3);
        ChunkLayout layout = ChunkLayout.of(split, List.of(
                ArrayBinding.of("T", Role.IN, new float[5 * 7 * 46 * 72], space),
                ArrayBinding.of("p", Role.IN, new float[7], space, "z"),
                ArrayBinding.of("coef", Role.IN, new double[46 * 72], space, "y", "x"),
                ArrayBinding.of("theta", Role.OUT, new float[5 * 7 * 46 * 72], space)));
        Placement t = layout.placement("T");
        Placement p = layout.placement("p");
        Placement coef = layout.placement("coef");
        assertFalse(t.resident());
        assertEquals(46 * 72, t.slabElements());
        assertEquals(3L * 46 * 72 * 4, t.regionBytes());
        assertFalse(p.resident(), "indexed by an outer loop: a few values per chunk");
        assertEquals(1, p.slabElements());
        assertEquals(3 * 4, p.regionBytes());
        assertTrue(coef.resident(), "indexed by inner loops only: sent once");
        assertEquals(46L * 72 * 8, layout.residentBytes());
        assertEquals(0, p.regionOffset() % ChunkLayout.ALIGNMENT);
        assertEquals(ChunkLayout.align(t.regionBytes()) + p.regionBytes(), layout.inputBytes());
        assertEquals(3L * 46 * 72 * 4, layout.outputBytes());
    }

    @Test
    void shouldShrinkTheBytesOfTheRemainderChunk() {
        Split split = space.split(1, 2);
        ChunkLayout layout = ChunkLayout.of(split,
                List.of(ArrayBinding.of("T", Role.IN, new float[5 * 7 * 46 * 72], space)));
        assertEquals(2L * 7 * 46 * 72 * 4, layout.inputBytes(split.chunk(0)));
        assertEquals(7L * 46 * 72 * 4, layout.inputBytes(split.chunk(2)));
    }
}
