package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.dataset.Dataset;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.dataset.Datasets;

/**
 * With this module on the class path, core's dataset layer reads NetCDF-4 ({@code META-INF/services}): the file is
 * recognised by its signature, described as {@link Netcdf4File} describes it (variables, attributes, packing,
 * coordinates with packing applied, levels) and opened as a {@link Netcdf4Dataset}. Skipped, saying why, without
 * Debian's netcdf-bin ({@code ncgen} makes the sample).
 */
class Netcdf4FormatTest {
    @TempDir
    Path dir;

    @Test
    void shouldBeFoundByTheDatasetLayerAndDescribeTheFile() throws Exception {
        Path file = Ncgen.nc4(dir.resolve("sample.nc"), Netcdf4FileTest.SAMPLE);
        assertTrue(Datasets.formatOf(file) instanceof Netcdf4Format);
        try (DatasetCatalog c = Datasets.catalog(file)) {
            assertEquals("NetCDF-4", c.format());
            DatasetVariable q = c.findVariable("q").orElseThrow();
            assertEquals(List.of("time", "level", "lat", "lon"), q.dimensionNames());
            assertTrue(q.numeric());
            assertFalse(q.record(), "the reader does not tell unlimited dimensions");
            assertEquals(0.5, q.packing().scale());
            assertEquals(200.0, q.packing().offset());
            assertFalse(c.findVariable("s").orElseThrow().numeric(), "strings are not numbers");
            assertArrayEquals(new double[] {10, 20}, c.coordinate("lat").orElseThrow());
            assertTrue(c.coordinate("lon").isEmpty(), "a dimension without a coordinate variable");
            assertArrayEquals(new double[] {1000, 850, 500}, c.levels(null).hPa());
            assertEquals("a sample", c.globalAttribute("title").orElseThrow().text());
        }
        Dataset t = Datasets.open(List.of(file), "t");
        assertTrue(t instanceof Netcdf4Dataset);
        assertTrue(t.readsInPlace());
        assertArrayEquals(new long[] {3, 2, 4}, t.shape());
    }
}
