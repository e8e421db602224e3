package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;

/**
 * A classic file made by {@code ncgen} copied into NetCDF-4: record variables of rank 1, 2 and 3 (records apart in the
 * file) and fixed ones, of several types, read back equal by {@link Netcdf4File} with the same dimension names, the
 * record dimension unlimited for {@code ncdump}; bad levels and text variables refused, naming them. Skipped, saying
 * why, without netcdf-bin.
 */
class Netcdf4CopyTest {
    @TempDir
    Path dir;

    @Test
    void shouldCopyRecordAndFixedVariablesOfEveryRankWithTheirNamesAndValues() throws Exception {
        Ncgen.assumeTool("ncgen");
        Path classic = Ncgen.write(dir.resolve("c.nc"), "classic", """
                netcdf c {
                dimensions:
                    time = UNLIMITED ;
                    y = 2 ;
                    x = 3 ;
                variables:
                    double time(time) ;
                        time:units = "hours since 2000-01-01" ;
                    float a(time) ;
                    short b(time, x) ;
                        b:scale_factor = 0.5 ;
                    float c(time, y, x) ;
                        c:units = "K" ;
                    int d(y, x) ;
                    float y(y) ;
                :title = "copy" ;
                data:
                    time = 0, 6, 12 ;
                    a = 1, 2, 3 ;
                    b = 1, 2, 3, 4, 5, 6, 7, 8, 9 ;
                    c = 0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25 ;
                    d = -1, -2, -3, -4, -5, -6 ;
                    y = 10, 20 ;
                }
                """);
        Path copy = dir.resolve("copy.nc");
        Netcdf4Copy.fromClassic(classic, copy, 4);
        NetcdfHeader h = NetcdfFile.open(classic);
        try (Netcdf4File nc = Netcdf4File.open(copy)) {
            for (String v : List.of("time", "a", "b", "c", "d", "y")) {
                assertArrayEquals(NetcdfFile.readValues(h, h.variable(v)), nc.readValues(nc.variable(v)), 0.0, v);
                assertEquals(h.variable(v).dimensionNames(), nc.variable(v).dimensionNames(), v);
            }
            assertEquals("K", nc.variable("c").attribute("units").orElseThrow().text());
        }
        String header = Ncgen.run(dir, "ncdump", "-h", copy.toString());
        assertTrue(header.contains("time = UNLIMITED ; // (3 currently)"), header);
        assertTrue(header.contains("short b(time, x) ;"), header);
        assertTrue(header.contains(":title = \"copy\" ;"), header);
    }

    @Test
    void shouldRefuseALevelOutOfRangeAndATextVariableDeletingTheTarget() throws Exception {
        Ncgen.assumeTool("ncgen");
        Path classic = Ncgen.write(dir.resolve("t.nc"), "classic", """
                netcdf t {
                dimensions:
                    n = 4 ;
                variables:
                    char s(n) ;
                data:
                    s = "abcd" ;
                }
                """);
        IllegalArgumentException level = assertThrows(IllegalArgumentException.class,
                () -> Netcdf4Copy.fromClassic(classic, dir.resolve("x.nc"), 10));
        assertEquals("deflate level 10 (expected: 0 to 9)", level.getMessage());
        Path target = dir.resolve("s.nc");
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class,
                () -> Netcdf4Copy.fromClassic(classic, target, 4));
        assertEquals("variable 's' holds characters (expected: numbers in a NetCDF-4 output)", text.getMessage());
        assertFalse(Files.exists(target), "the incomplete target is deleted");
    }
}
