package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class LinkModelTest {
    /** 2 M points/s per node, a 100 MB/s link, files at 2 GB/s, 8 bytes in and 32 out per point. */
    private final LinkModel model = new LinkModel(2e6, 100e6, 2e9, 8, 32);

    @Test
    void shouldCapTheShippedPathAtTheLinkDividedByTheBusierDirectionsBytes() {
        assertEquals(2e6, model.shipped(1));
        assertEquals(100e6 / 32, model.shipped(2));
        assertEquals(100e6 / 32, model.shipped(64));
    }

    @Test
    void shouldScaleTheDataLocalPathWithTheNodesUntilTheFilesCapIt() {
        assertEquals(4e6, model.dataLocal(2));
        assertEquals(32e6, model.dataLocal(16));
        assertEquals(2e9 / 40, model.dataLocal(64));
    }

    @Test
    void shouldSayWhatBoundsEachCellOfTheTable() {
        String table = model.table(1, 2, 64);

        assertTrue(table.contains("| 1 | 2.00 (nodes) | 2.00 (nodes) | 1.0 |"), table);
        assertTrue(table.contains("| 2 | 3.13 (link) | 4.00 (nodes) | 1.3 |"), table);
        assertTrue(table.contains("| 64 | 3.13 (link) | 50.00 (files) | 16.0 |"), table);
    }

    @Test
    void shouldRefuseARateThatIsNotPositive() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new LinkModel(0, 100e6, 2e9, 8, 32));
        assertEquals("link model: node rate 0.00000, link 1.00000e+08, disk 2.00000e+09, bytes in 8, out 32 per point "
                + "(expected: all > 0)", e.getMessage());
    }
}
