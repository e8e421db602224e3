package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfLevels;

/** Real NetCDF-4 files written by {@code ncgen -k nc4}: listing, reading in place, unpacking, levels. */
class Netcdf4FileTest {
    /** A weather-like file: coordinates, a contiguous float, a chunked deflated float, packed shorts, others. */
    static final String SAMPLE = """
            netcdf sample {
            dimensions:
                time = UNLIMITED ;
                level = 3 ;
                lat = 2 ;
                lon = 4 ;
                n = 2 ;
            variables:
                float level(level) ;
                    level:units = "Pa" ;
                float lat(lat) ;
                float t(level, lat, lon) ;
                    t:units = "K" ;
                    t:long_name = "temperature" ;
                    t:_Storage = "contiguous" ;
                float tb(lat, lon) ;
                    tb:_Storage = "contiguous" ;
                    tb:_Endianness = "big" ;
                float c(level, lat, lon) ;
                    c:_Storage = "chunked" ;
                    c:_ChunkSizes = 2, 1, 3 ;
                    c:_DeflateLevel = 5 ;
                    c:_Shuffle = "true" ;
                short q(time, level, lat, lon) ;
                    q:scale_factor = 0.5 ;
                    q:add_offset = 200. ;
                    q:_FillValue = -32767s ;
                    q:missing_value = -32766s ;
                    q:units = "K" ;
                    q:_ChunkSizes = 1, 2, 2, 4 ;
                    q:_DeflateLevel = 1 ;
                ubyte u(n) ;
                uint64 big(n) ;
                    big:att64 = 5LL ;
                string s(n) ;
                double d ;
                    d:_Storage = "compact" ;
                :title = "a sample" ;
                :version = 2 ;
            data:
                level = 100000, 85000, 50000 ;
                lat = 10, 20 ;
                t = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24 ;
                tb = 0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5 ;
                c = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24 ;
                q = 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, -32767, -32766,
                    1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47 ;
                u = 250, 3 ;
                big = 18446744073709551615, 1 ;
                s = "a", "bb" ;
                d = 2.5 ;
            }
            """;

    @TempDir
    Path dir;

    private Netcdf4File sample() throws Exception {
        return Netcdf4File.open(Ncgen.nc4(dir.resolve("sample.nc"), SAMPLE));
    }

    private static float[] floats(Path raw) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(raw)).order(ByteOrder.LITTLE_ENDIAN);
        float[] f = new float[b.remaining() / 4];
        b.asFloatBuffer().get(f);
        return f;
    }

    private static float[] range(int from, int to) {
        float[] f = new float[to - from + 1];
        for (int i = 0; i < f.length; i++) {
            f[i] = from + i;
        }
        return f;
    }

    @Test
    void shouldListVariablesWithShapesDimensionsTypesAndAttributes() throws Exception {
        try (Netcdf4File nc = sample()) {
            assertEquals(List.of("level", "lat", "t", "tb", "c", "q", "u", "big", "s", "d"),
                    nc.variables().stream().map(Netcdf4Variable::name).toList());
            Netcdf4Variable q = nc.variable("q");
            assertArrayEquals(new long[] {2, 3, 2, 4}, q.shape());
            assertEquals(List.of("time", "level", "lat", "lon"), q.dimensionNames());
            assertEquals(Netcdf4Type.SHORT, q.type());
            assertEquals(Optional.of(ByteOrder.LITTLE_ENDIAN), q.byteOrder());
            assertEquals(Netcdf4Storage.FILTERED, q.storage());
            assertFalse(q.coordinate());
            assertEquals(0.5, q.attribute("scale_factor").orElseThrow().number(0));
            assertEquals(-32767, q.attribute("_FillValue").orElseThrow().number(0));
            assertEquals("K", q.attribute("units").orElseThrow().text());
            assertEquals(Optional.empty(), q.attribute("DIMENSION_LIST"));
            Netcdf4Variable level = nc.variable("level");
            assertTrue(level.coordinate());
            assertEquals(List.of("level"), level.dimensionNames());
            assertEquals(List.of("units"), level.attributes().stream().map(NetcdfAttribute::name).toList());
            assertEquals(Netcdf4Type.UBYTE, nc.variable("u").type());
            assertEquals(Netcdf4Type.UINT64, nc.variable("big").type());
            assertEquals(5.0, nc.variable("big").attribute("att64").orElseThrow().number(0));
            assertEquals(Netcdf4Type.OTHER, nc.variable("s").type());
            assertEquals(Optional.empty(), nc.variable("s").byteOrder());
            assertEquals(Netcdf4Storage.COMPACT, nc.variable("d").storage());
            assertArrayEquals(new long[0], nc.variable("d").shape());
            assertEquals("short q(time, level, lat, lon)[2, 3, 2, 4] FILTERED", q.toString());
            assertEquals(List.of("title = \"a sample\"", "version = INT [2.0]"),
                    nc.attributes().stream().map(NetcdfAttribute::toString).toList());
            assertEquals("sample.nc: no variable 'T' (expected one of: level, lat, t, tb, c, q, u, big, s, d)",
                    assertThrows(Netcdf4FormatException.class, () -> nc.variable("T")).getMessage());
        }
    }

    @Test
    void shouldGiveTheOffsetOfAContiguousFloatVariableToReadItInPlace() throws Exception {
        try (Netcdf4File nc = sample(); FileChannel in = FileChannel.open(nc.file())) {
            for (String name : List.of("t", "tb")) {
                Netcdf4Variable v = nc.variable(name);
                assertEquals(Netcdf4Storage.CONTIGUOUS, v.storage());
                ByteBuffer b = ByteBuffer.allocate((int) v.elements() * 4).order(v.byteOrder().orElseThrow());
                in.read(b, v.contiguousOffset().orElseThrow());
                b.flip();
                float[] read = new float[(int) v.elements()];
                b.asFloatBuffer().get(read);
                float[] expected = name.equals("t") ? range(1, 24)
                        : new float[] {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f};
                assertArrayEquals(expected, read, name);
            }
            assertEquals(ByteOrder.BIG_ENDIAN, nc.variable("tb").byteOrder().orElseThrow());
        }
    }

    @Test
    void shouldGiveNoOffsetForChunkedCompressedCompactOrNonFloatVariables() throws Exception {
        try (Netcdf4File nc = sample()) {
            for (String name : List.of("c", "q", "u", "big", "s", "d")) {
                assertTrue(nc.variable(name).contiguousOffset().isEmpty(), name);
            }
            assertTrue(nc.variable("level").contiguousOffset().isPresent());
        }
    }

    @Test
    void shouldUnpackAChunkedDeflatedVariableWhoseChunksCutEveryAxis() throws Exception {
        try (Netcdf4File nc = sample()) {
            Netcdf4Variable c = nc.variable("c");
            assertEquals(Netcdf4Storage.FILTERED, c.storage());
            Path raw = dir.resolve("c.f32");
            assertEquals(24, nc.unpackTo(c, raw, -9999f));
            assertArrayEquals(range(1, 24), floats(raw));
            for (long budget : new long[] {1, 2, 5, 6, 12, 24}) {
                Path small = dir.resolve("c" + budget + ".f32");
                nc.unpackTo(c, small, -9999f, budget);
                assertArrayEquals(range(1, 24), floats(small), () -> "budget " + budget);
            }
        }
    }

    @Test
    void shouldUnpackPackedShortsApplyingScaleOffsetAndMarkingMissingValues() throws Exception {
        try (Netcdf4File nc = sample()) {
            Path raw = dir.resolve("q.f32");
            nc.unpackTo(nc.variable("q"), raw, -9999f);
            float[] q = floats(raw);
            assertEquals(48, q.length);
            assertEquals(200f, q[0]);
            assertEquals(221f, q[21]);
            assertEquals(-9999f, q[22], "_FillValue");
            assertEquals(-9999f, q[23], "missing_value");
            assertEquals(200.5f, q[24]);
            assertEquals(223.5f, q[47]);
            nc.unpackTo(nc.variable("q"), raw, Float.NaN, 3);
            assertTrue(Float.isNaN(floats(raw)[22]));
            assertEquals(223.5f, floats(raw)[47]);
        }
    }

    @Test
    void shouldUnpackContiguousCompactAndUnsignedVariables() throws Exception {
        try (Netcdf4File nc = sample()) {
            Path raw = dir.resolve("x.f32");
            nc.unpackTo(nc.variable("tb"), raw, 0f, 3);
            assertArrayEquals(new float[] {0.5f, 1.5f, 2.5f, 3.5f, 4.5f, 5.5f, 6.5f, 7.5f}, floats(raw));
            nc.unpackTo(nc.variable("t"), raw, 0f, 5);
            assertArrayEquals(range(1, 24), floats(raw));
            nc.unpackTo(nc.variable("d"), raw, 0f);
            assertArrayEquals(new float[] {2.5f}, floats(raw));
            assertArrayEquals(new double[] {250, 3}, nc.readValues(nc.variable("u")));
            assertArrayEquals(new double[] {18446744073709551615.0, 1}, nc.readValues(nc.variable("big")));
        }
    }

    @Test
    void shouldFindTheVerticalCoordinateInHectopascals() throws Exception {
        try (Netcdf4File nc = sample()) {
            NetcdfLevels levels = nc.levels(null);
            assertEquals("level", levels.variable());
            assertArrayEquals(new double[] {1000, 850, 500}, levels.hPa(), 1e-9);
            assertEquals("Pa", levels.units());
            assertEquals("sample.nc: vertical coordinate 'lat' has units '' (expected: Pa or hPa)",
                    assertThrows(IllegalArgumentException.class, () -> nc.levels("lat")).getMessage());
            assertEquals("sample.nc: vertical coordinate 't' has dimensions [level, lat, lon] (expected: one)",
                    assertThrows(Netcdf4FormatException.class, () -> nc.levels("t")).getMessage());
        }
        Path hpa = Ncgen.nc4(dir.resolve("hpa.nc"), """
                netcdf hpa {
                dimensions:
                    isobaricInhPa = 2 ;
                variables:
                    short isobaricInhPa(isobaricInhPa) ;
                        isobaricInhPa:units = "hPa" ;
                        isobaricInhPa:scale_factor = 10. ;
                data:
                    isobaricInhPa = 100, 25 ;
                }
                """);
        try (Netcdf4File nc = Netcdf4File.open(hpa)) {
            assertArrayEquals(new double[] {1000, 250}, nc.levels(null).hPa(), 1e-9);
            assertEquals("hpa.nc: no variable 'plev' (expected one of: isobaricInhPa)",
                    assertThrows(Netcdf4FormatException.class, () -> nc.levels("plev")).getMessage());
        }
        Path level = Ncgen.nc4(dir.resolve("level.nc"), """
                netcdf level {
                dimensions:
                    level = 3 ;
                    plev = 1 ;
                variables:
                    double level(level) ;
                        level:units = "hPa" ;
                    float plev(plev) ;
                        plev:units = "Pa" ;
                data:
                    level = 1000, 925, 850 ;
                    plev = 70000 ;
                }
                """);
        try (Netcdf4File nc = Netcdf4File.open(level)) {
            assertArrayEquals(new double[] {1000, 925, 850}, nc.levels(null).hPa(), 1e-9, "level first");
            assertArrayEquals(new double[] {700}, nc.levels("plev").hPa(), 1e-9);
        }
        Path none = Ncgen.nc4(dir.resolve("none.nc"),
                "netcdf none {\ndimensions: x = 1 ;\nvariables: float x(x) ;\n}\n");
        try (Netcdf4File nc = Netcdf4File.open(none)) {
            assertEquals("none.nc: no vertical coordinate variable (expected one of: level, pressure_level, "
                    + "isobaricInhPa, plev, or a name given)", assertThrows(Netcdf4FormatException.class,
                            () -> nc.levels(null)).getMessage());
        }
    }
}
