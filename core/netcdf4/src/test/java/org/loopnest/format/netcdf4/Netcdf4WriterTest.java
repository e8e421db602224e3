package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfType;

/**
 * Files written by {@link Netcdf4Writer}, read back by {@link Netcdf4File}, by {@code ncdump} (netCDF-C) and by
 * xarray; the tools' checks are skipped, saying why, where the tools are absent.
 */
class Netcdf4WriterTest {
    private static final int NT = 5;
    private static final int NL = 3;
    private static final int NY = 4;
    private static final int NX = 4;
    private static final List<String> DIMS = List.of("time", "level", "lat", "lon");
    private static final NetcdfAttribute FILL = NetcdfAttribute.floats("_FillValue", -999f);

    @TempDir
    Path dir;

    /** Exact in float and printed exactly by ncdump. */
    private static float t(int time, int level, int lat, int lon) {
        return 200 + time * 10 + level * 2 + lat * 0.5f + lon * 0.25f;
    }

    private static int at(int time, int level, int lat, int lon) {
        return ((time * NL + level) * NY + lat) * NX + lon;
    }

    /** Every value of a (time, level, lat, lon) variable, -999 for time 3 where {@code gap}. */
    private static double[] expected(boolean gap) {
        double[] all = new double[NT * NL * NY * NX];
        for (int i = 0; i < NT; i++) {
            for (int l = 0; l < NL; l++) {
                for (int y = 0; y < NY; y++) {
                    for (int x = 0; x < NX; x++) {
                        all[at(i, l, y, x)] = gap && i == 3 ? -999 : t(i, l, y, x);
                    }
                }
            }
        }
        return all;
    }

    /**
     * time = UNLIMITED (5), level = 3, lat = lon = 4, nv = 2 (no coordinate variable); t chunked (1, 3, 4, 4) and
     * deflated with time 3 never written; u chunked (2, 2, 3, 3), which does not divide the shape, edge chunks given
     * only their part inside; r not compressed; swap(time, lon, lat); b(nv) with chunk 0 never written.
     */
    private Path sample() throws Exception {
        Path file = dir.resolve("sample.nc");
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("time", NT, true);
            w.dimension("level", NL, false);
            w.dimension("lat", NY, false);
            w.dimension("lon", NX, false);
            w.dimension("nv", 2, false);
            w.attribute(NetcdfAttribute.text("Conventions", "CF-1.6"));
            w.attribute(NetcdfAttribute.text("history", "written by Netcdf4WriterTest"));
            w.attribute(NetcdfAttribute.ints("version", 2));
            w.coordinate("time", NetcdfType.DOUBLE, new double[] {0, 6, 12, 18, 24},
                    NetcdfAttribute.text("units", "hours since 1900-01-01 00:00:00.0"),
                    NetcdfAttribute.text("calendar", "gregorian"));
            w.coordinate("level", NetcdfType.FLOAT, new double[] {1000, 850, 500},
                    NetcdfAttribute.text("units", "millibars"));
            w.coordinate("lat", NetcdfType.FLOAT, new double[] {10, 20, 30, 40},
                    NetcdfAttribute.text("units", "degrees_north"));
            w.coordinate("lon", NetcdfType.FLOAT, new double[] {0, 90, 180, 270},
                    NetcdfAttribute.text("units", "degrees_east"));
            w.variable("t", NetcdfType.FLOAT, DIMS, new int[] {1, 3, 4, 4}, 4, FILL,
                    NetcdfAttribute.text("units", "K"));
            w.variable("u", NetcdfType.FLOAT, DIMS, new int[] {2, 2, 3, 3}, 4, FILL);
            w.variable("r", NetcdfType.FLOAT, DIMS, new int[] {1, 3, 4, 4}, 0, FILL);
            w.variable("swap", NetcdfType.FLOAT, List.of("time", "lon", "lat"), new int[] {1, 4, 4}, 1);
            w.variable("b", NetcdfType.BYTE, List.of("nv"), new int[] {1}, 0);
            for (int i : new int[] {4, 0, 2, 1}) {
                w.writeChunk("t", new int[] {i, 0, 0, 0}, block(i, 1, 0, NL, 0, NY, 0, NX));
            }
            for (int i = 0; i < NT; i++) {
                w.writeChunk("r", new int[] {i, 0, 0, 0}, block(i, 1, 0, NL, 0, NY, 0, NX));
                float[] s = new float[NX * NY];
                for (int k = 0; k < s.length; k++) {
                    s[k] = i * 1000 + (k / NY) * 10 + k % NY; // (lon, lat)
                }
                w.writeChunk("swap", new int[] {i, 0, 0}, s);
            }
            for (int i = 2; i >= 0; i--) {
                for (int l = 1; l >= 0; l--) {
                    for (int y = 1; y >= 0; y--) {
                        for (int x = 1; x >= 0; x--) {
                            w.writeChunk("u", new int[] {i, l, y, x}, block(2 * i, Math.min(2, NT - 2 * i), 2 * l,
                                    Math.min(2, NL - 2 * l), 3 * y, Math.min(3, NY - 3 * y), 3 * x,
                                    Math.min(3, NX - 3 * x)));
                        }
                    }
                }
            }
            w.writeChunk("b", new int[] {1}, new double[] {-128});
        }
        return file;
    }

    /** The values of t in a box, last dimension fastest. */
    private static float[] block(int time, int times, int level, int levels, int lat, int lats, int lon, int lons) {
        float[] v = new float[times * levels * lats * lons];
        int k = 0;
        for (int i = time; i < time + times; i++) {
            for (int l = level; l < level + levels; l++) {
                for (int y = lat; y < lat + lats; y++) {
                    for (int x = lon; x < lon + lons; x++) {
                        v[k++] = t(i, l, y, x);
                    }
                }
            }
        }
        return v;
    }

    @Test
    void shouldReadBackTheValuesThroughNetcdf4File() throws Exception {
        try (Netcdf4File nc = Netcdf4File.open(sample())) {
            assertEquals(List.of("time", "level", "lat", "lon", "t", "u", "r", "swap", "b"),
                    nc.variables().stream().map(Netcdf4Variable::name).toList());
            Netcdf4Variable t = nc.variable("t");
            assertEquals(DIMS, t.dimensionNames());
            assertArrayEquals(new long[] {5, 3, 4, 4}, t.shape());
            assertEquals(Netcdf4Storage.FILTERED, t.storage());
            assertEquals(Netcdf4Storage.CHUNKED, nc.variable("r").storage());
            assertEquals(List.of(FILL, NetcdfAttribute.text("units", "K")).toString(), t.attributes().toString());
            assertTrue(nc.variable("level").coordinate());
            assertArrayEquals(expected(true), nc.readValues(t));
            assertArrayEquals(expected(false), nc.readValues(nc.variable("u")));
            assertArrayEquals(expected(false), nc.readValues(nc.variable("r")));
            assertArrayEquals(new double[] {0, 6, 12, 18, 24}, nc.readValues(nc.variable("time")));
            assertArrayEquals(new double[] {1000, 850, 500}, nc.readValues(nc.variable("level")));
            assertArrayEquals(new double[] {-127, -128}, nc.readValues(nc.variable("b"))); // NC_FILL_BYTE, then ours
            assertEquals("gregorian", nc.variable("time").attribute("calendar").orElseThrow().text());
            assertEquals("[Conventions = \"CF-1.6\", history = \"written by Netcdf4WriterTest\", version = INT [2.0]]",
                    nc.attributes().toString());
        }
    }

    @Test
    void shouldNameDimensionsFromTheirScalesWhenTwoHaveTheSameLength() throws Exception {
        try (Netcdf4File nc = Netcdf4File.open(sample())) {
            Netcdf4Variable swap = nc.variable("swap");
            assertEquals(List.of("time", "lon", "lat"), swap.dimensionNames());
            assertEquals(List.of("nv"), nc.variable("b").dimensionNames());
            double[] v = nc.readValues(swap);
            assertEquals(4032, v[(4 * NX + 3) * NY + 2]); // time 4, lon 3, lat 2
        }
    }

    @Test
    void shouldBeReadByNcdumpWithTheDimensionNamesAndTheUnlimitedLength() throws Exception {
        Ncgen.assumeTool("ncdump");
        Path file = sample();
        String header = Ncgen.run(dir, "ncdump", "-hs", file.toString());
        for (String line : List.of("time = UNLIMITED ; // (5 currently)", "lat = 4 ;", "lon = 4 ;", "nv = 2 ;",
                "double time(time) ;", "time:calendar = \"gregorian\" ;", "float t(time, level, lat, lon) ;",
                "t:_FillValue = -999.f ;", "t:_ChunkSizes = 1, 3, 4, 4 ;", "t:_DeflateLevel = 4 ;",
                "t:_Shuffle = \"true\" ;", "u:_ChunkSizes = 2, 2, 3, 3 ;", "float swap(time, lon, lat) ;",
                "byte b(nv) ;", ":Conventions = \"CF-1.6\" ;", ":version = 2 ;")) {
            assertTrue(header.contains(line), () -> "no '" + line + "' in:\n" + header);
        }
        assertFalse(header.contains("r:_DeflateLevel"), header);
        String t = Ncgen.run(dir, "ncdump", "-v", "t", file.toString());
        String values = t.substring(t.indexOf(" t =") + 4, t.lastIndexOf(';')).trim();
        double[] want = expected(true);
        String[] got = values.split("[,\\s]+");
        assertEquals(want.length, got.length, values);
        for (int k = 0; k < want.length; k++) {
            assertEquals(want[k] == -999 ? "_" : String.valueOf(want[k]).replaceAll("\\.0$", ""), got[k], "t " + k);
        }
    }

    @Test
    void shouldBeReadByXarrayWithTheDimensionNamesAndTheValues() throws Exception {
        String out = python("""
                import sys, xarray as xr
                ds = xr.open_dataset(sys.argv[1], engine='netcdf4')
                print(ds.t.dims, ds.swap.dims, dict(ds.sizes), ds.encoding['unlimited_dims'])
                print(int(ds.t.isnull().sum()), float(ds.t[4, 2, 3, 1]), float(ds.u[4, 2, 3, 3]), ds.time.values[1])
                """, sample());
        assertEquals("('time', 'level', 'lat', 'lon') ('time', 'lon', 'lat') {'time': 5, 'level': 3, 'lat': 4, "
                + "'lon': 4, 'nv': 2} {'time'}\n48 245.75 246.25 1900-01-01T06:00:00.000000000\n", out);
    }

    @Test
    void shouldStoreSmoothDataInLessThanHalfItsRawSize() throws Exception {
        long[] sizes = new long[2];
        for (int level : new int[] {0, 4}) {
            Path file = dir.resolve("smooth" + level + ".nc");
            try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
                w.dimension("time", 8, false);
                w.dimension("y", 100, false);
                w.dimension("x", 100, false);
                w.variable("v", NetcdfType.FLOAT, List.of("time", "y", "x"), new int[] {1, 100, 100}, level);
                for (int i = 0; i < 8; i++) {
                    float[] v = new float[100 * 100];
                    for (int k = 0; k < v.length; k++) {
                        v[k] = 250 + i + (k / 100) * 0.25f + (k % 100) * 0.125f;
                    }
                    w.writeChunk("v", new int[] {i, 0, 0}, v);
                }
            }
            sizes[level / 4] = Files.size(file);
        }
        long raw = 8 * 100 * 100 * 4;
        assertTrue(sizes[0] > raw && sizes[1] < raw / 2, () -> Arrays.toString(sizes) + " against " + raw);
    }

    /** The child JVM: writes args[0] with 64 MB of floats, one 2 MB chunk at a time. */
    public static void main(String[] args) throws Exception {
        try (Netcdf4Writer w = Netcdf4Writer.create(Path.of(args[0]))) {
            w.dimension("time", 16, true);
            w.dimension("y", 1000, false);
            w.dimension("x", 1000, false);
            w.variable("v", NetcdfType.FLOAT, List.of("time", "y", "x"), new int[] {1, 500, 1000}, 1);
            float[] v = new float[500 * 1000];
            for (int c = 0; c < 32; c++) {
                for (int k = 0; k < v.length; k++) {
                    v[k] = c * 500_000 + k;
                }
                w.writeChunk("v", new int[] {c / 2, c % 2, 0}, v);
            }
        }
    }

    @Test
    void shouldWriteAVariableTwiceTheSizeOfTheHeapChunkByChunk() throws Exception {
        Path file = dir.resolve("big.nc");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx32m", "-cp", System.getProperty("java.class.path"), Netcdf4WriterTest.class.getName(),
                file.toString()).redirectErrorStream(true).redirectOutput(dir.resolve("child.txt").toFile()).start();
        try {
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM ran over 120 s");
        } finally {
            child.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("child.txt"));
        assertEquals(0, child.exitValue(), () -> "the child JVM failed: " + log);
        Path raw = dir.resolve("v.f32");
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertEquals(List.of("time", "y", "x"), nc.variable("v").dimensionNames());
            nc.unpackTo(nc.variable("v"), raw, Float.NaN);
        }
        try (FileChannel in = FileChannel.open(raw)) {
            ByteBuffer b = ByteBuffer.allocate(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
            for (long i = 0; i < 16_000_000L; i += b.capacity() / 4) {
                b.clear();
                in.read(b, i * 4);
                for (int k = 0; k < Math.min(b.capacity() / 4, 16_000_000L - i); k++) {
                    long at = i + k;
                    assertEquals((float) at, b.getFloat(k * 4), () -> "element " + at);
                }
            }
        }
    }

    @Test
    void shouldRefuseAChunkWrittenTwiceAndStillCompleteTheFile() throws Exception {
        Path file = dir.resolve("twice.nc");
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("time", NT, true);
            w.dimension("level", NL, false);
            w.dimension("lat", NY, false);
            w.dimension("lon", NX, false);
            w.variable("t", NetcdfType.FLOAT, DIMS, new int[] {1, 3, 4, 4}, 4, FILL);
            w.writeChunk("t", new int[] {1, 0, 0, 0}, block(1, 1, 0, NL, 0, NY, 0, NX));
            refuse(IllegalStateException.class, () -> w.writeChunk("t", new int[] {1, 0, 0, 0}, new float[48]),
                    "variable 't': chunk [1, 0, 0, 0] written twice (expected: each chunk once)");
        }
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            double[] v = nc.readValues(nc.variable("t"));
            assertEquals(t(1, 2, 3, 3), v[at(1, 2, 3, 3)]);
            assertEquals(-999, v[at(0, 0, 0, 0)]);
        }
    }

    @Test
    void shouldRefuseChunksOutsideTheVariableOrOfTheWrongSize() throws Exception {
        try (Netcdf4Writer w = Netcdf4Writer.create(dir.resolve("chunks.nc"))) {
            w.dimension("y", 5, false);
            w.dimension("x", 4, false);
            w.variable("v", NetcdfType.SHORT, List.of("y", "x"), new int[] {2, 3}, 1);
            refuse(IllegalArgumentException.class, () -> w.writeChunk("v", new int[] {3, 0}, new float[6]),
                    "variable 'v': chunk [3, 0] lies outside shape [5, 4] (expected: indexes from 0 below [3, 2])");
            refuse(IllegalArgumentException.class, () -> w.writeChunk("v", new int[] {0}, new float[6]),
                    "variable 'v': chunk [0] has 1 indexes (expected: 2, one per dimension)");
            refuse(IllegalArgumentException.class, () -> w.writeChunk("v", new int[] {2, 1}, new float[4]),
                    "variable 'v': chunk at [4, 3] has 4 values (expected: 6 for the whole chunk [2, 3], or 1 for "
                            + "its part inside the variable [1, 1])");
            refuse(IllegalArgumentException.class, () -> w.writeChunk("v", new int[] {0, 0}, new double[] {0, 1, 2,
                3, 4, 40000}), "variable 'v': value 40000.0 is not a SHORT (expected: a whole number from -32768 to "
                            + "32767)");
            refuse(IllegalArgumentException.class, () -> w.writeChunk("w", new int[] {0, 0}, new float[6]),
                    "variable 'w' is not declared (expected: one of [v], declared with variable())");
        }
    }

    @Test
    void shouldRefuseDeclarationsThatDoNotFit() throws Exception {
        try (Netcdf4Writer w = Netcdf4Writer.create(dir.resolve("declarations.nc"))) {
            w.dimension("lat", 4, false);
            refuse(IllegalArgumentException.class, () -> w.dimension("lat", 4, false),
                    "dimension 'lat' is declared twice (expected: once)");
            refuse(IllegalArgumentException.class, () -> w.dimension("lon", 0, false),
                    "dimension 'lon' has length 0 (expected: at least 1, or an unlimited dimension)");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of("lat"),
                    new int[] {5}, 4), "variable 'v' has chunk [5] (expected: lengths from 1 up to the dimensions' "
                            + "[4], at most 2147483583 bytes a chunk)");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of("lat"),
                    new int[] {4}, 10), "variable 'v' has deflate level 10 (expected: 0 for none, or 1 to 9)");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of("time"),
                    new int[] {4}, 1), "variable 'v' has dimension 'time', not declared (expected: one of [lat])");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of("lat"),
                    new int[] {4}, 1, NetcdfAttribute.doubles("_FillValue", -999)), "variable 'v' attribute "
                            + "'_FillValue' is 1 DOUBLE (expected: one FLOAT, the variable's type)");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of("lat"),
                    new int[] {4}, 1, NetcdfAttribute.text("DIMENSION_LIST", "x")), "variable 'v' attribute "
                            + "'DIMENSION_LIST' is reserved (expected: a name other than CLASS, DIMENSION_LIST, NAME, "
                            + "REFERENCE_LIST, _NCProperties, _Netcdf4Coordinates, _Netcdf4Dimid, _nc3_strict)");
            refuse(IllegalArgumentException.class, () -> w.variable("lat", NetcdfType.FLOAT, List.of("lat"),
                    new int[] {4}, 1), "variable 'lat' is named as a dimension (expected: another name, or "
                            + "coordinate() for its coordinate variable)");
            refuse(IllegalArgumentException.class, () -> w.coordinate("lat", NetcdfType.FLOAT, new double[3]),
                    "coordinate variable 'lat' has 3 values (expected: 4, its dimension's length)");
            refuse(IllegalArgumentException.class, () -> w.coordinate("lat", NetcdfType.CHAR, new double[4]),
                    "variable 'lat' has type CHAR (expected: BYTE, SHORT, INT, FLOAT or DOUBLE)");
            refuse(IllegalArgumentException.class, () -> w.attribute(NetcdfAttribute.text("CLASS", "x")),
                    "global attribute 'CLASS' is reserved (expected: a name other than CLASS, DIMENSION_LIST, NAME, "
                            + "REFERENCE_LIST, _NCProperties, _Netcdf4Coordinates, _Netcdf4Dimid, _nc3_strict)");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, List.of(),
                    new int[0], 1), "variable 'v' has 0 dimensions and chunk [] (expected: 1 to 32 dimensions, "
                            + "HDF5's largest rank, one chunk length for each)");
            List<String> many = java.util.Collections.nCopies(33, "lat");
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.FLOAT, many, new int[33], 1),
                    "variable 'v' has 33 dimensions and chunk " + Arrays.toString(new int[33]) + " (expected: 1 to "
                            + "32 dimensions, HDF5's largest rank, one chunk length for each)");
            for (String d : List.of("a", "b", "c")) {
                w.dimension(d, 1L << 22, false);
            }
            refuse(IllegalArgumentException.class, () -> w.variable("v", NetcdfType.BYTE, List.of("a", "b", "c"),
                    new int[] {1, 1, 1}, 1), "variable 'v' has chunk [1, 1, 1], over 9223372036854775807 chunks in "
                            + "all (expected: fewer, larger chunks)");
        }
    }

    @Test
    void shouldRefuseCallsAfterClose() throws Exception {
        Path file = dir.resolve("closed.nc");
        Netcdf4Writer w = Netcdf4Writer.create(file);
        w.close();
        w.close();
        refuse(IllegalStateException.class, () -> w.dimension("x", 1, false),
                "writer of " + file + " is closed (expected: an open writer)");
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertEquals(List.of(), nc.variables());
        }
    }

    @Test
    void shouldRefuseADimensionNamedAsAVariableAndAVariableNamedAsADimensionKeepingTheFileValid() throws Exception {
        Path file = dir.resolve("names.nc");
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("a", 3, false);
            w.dimension("n", 2, false); // no coordinate variable: a dataset without values named "n" stands for it
            w.variable("x", NetcdfType.FLOAT, List.of("a"), new int[] {3}, 0);
            refuse(IllegalArgumentException.class, () -> w.dimension("x", 2, false),
                    "dimension 'x' is named as a variable (expected: another name)");
            refuse(IllegalArgumentException.class, () -> w.variable("n", NetcdfType.FLOAT, List.of("a"),
                    new int[] {3}, 0), "variable 'n' is named as a dimension (expected: another name, or "
                            + "coordinate() for its coordinate variable)");
            w.writeChunk("x", new int[] {0}, new float[] {1, 2, 3});
        }
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertEquals(List.of("x"), nc.variables().stream().map(Netcdf4Variable::name).toList());
            assertEquals(List.of("a"), nc.variable("x").dimensionNames());
            assertArrayEquals(new double[] {1, 2, 3}, nc.readValues(nc.variable("x")));
        }
        Ncgen.assumeTool("ncdump");
        String header = Ncgen.run(dir, "ncdump", "-h", file.toString());
        assertTrue(header.contains("\ta = 3 ;\n\tn = 2 ;\nvariables:\n\tfloat x(a) ;\n}"), header);
    }

    @Test
    void shouldWriteEmptyAttributesAsNetcdfCDoesForNcdumpAndXarray() throws Exception {
        Path file = dir.resolve("empty.nc");
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("x", 2, false);
            w.attribute(NetcdfAttribute.text("comment", ""));
            w.attribute(NetcdfAttribute.text("title", "t"));
            w.variable("v", NetcdfType.FLOAT, List.of("x"), new int[] {2}, 1, NetcdfAttribute.text("comment", ""),
                    NetcdfAttribute.shorts("none"), NetcdfAttribute.text("units", "K"));
            w.writeChunk("v", new int[] {0}, new float[] {1, 2});
        }
        try (Netcdf4File nc = Netcdf4File.open(file)) { // Netcdf4File leaves empty attributes out
            assertEquals("[title = \"t\"]", nc.attributes().toString());
            assertEquals("[units = \"K\"]", nc.variable("v").attributes().toString());
            assertArrayEquals(new double[] {1, 2}, nc.readValues(nc.variable("v")));
        }
        Ncgen.assumeTool("ncdump");
        String header = Ncgen.run(dir, "ncdump", "-h", file.toString());
        // as ncdump shows netCDF-C's own empty attributes, a number one included
        assertTrue(header.contains("\t\tv:comment = \"\" ;\n\t\tv:none = \"\" ;\n\t\tv:units = \"K\" ;\n\n"
                + "// global attributes:\n\t\t:comment = \"\" ;\n\t\t:title = \"t\" ;\n}"), header);
        assertEquals("{'comment': '', 'title': 't'} {'comment': '', 'none': array([], dtype=int16), 'units': 'K'}\n",
                python("""
                        import sys, xarray as xr
                        ds = xr.open_dataset(sys.argv[1], engine='netcdf4')
                        print(repr(ds.attrs), repr(ds.v.attrs))
                        """, file));
    }

    @Test
    void shouldRefuseInVariableAFourThousandAndNinetyFirstUseOfADimensionAndWriteTheFileAtTheLimit()
            throws Exception {
        int fixed = Hdf5Messages.attribute("REFERENCE_LIST", Hdf5Messages.referenceEntry(),
                Hdf5Messages.dataspace(new long[1], new long[1]), new byte[0]).length;
        assertEquals((Hdf5Layout.MAX_MESSAGE_SIZE - fixed) / Hdf5Layout.REFERENCE_ENTRY_SIZE,
                Netcdf4Writer.MAX_DIMENSION_USES, "the entries a REFERENCE_LIST message of 64 KiB holds");
        Path file = dir.resolve("uses.nc");
        int last = Netcdf4Writer.MAX_DIMENSION_USES - 1;
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("x", 2, false);
            for (int i = 0; i < last; i++) {
                w.variable("v" + i, NetcdfType.BYTE, List.of("x"), new int[] {2}, 0);
            }
            refuse(IllegalArgumentException.class, () -> w.variable("w", NetcdfType.BYTE, List.of("x", "x"),
                    new int[] {2, 2}, 0), "variable 'w' would make dimension 'x' used 4091 times (expected: at most "
                            + "4090, the entries its REFERENCE_LIST attribute holds in 64 KiB)");
            w.variable("v" + last, NetcdfType.BYTE, List.of("x"), new int[] {2}, 0);
            w.writeChunk("v" + last, new int[] {0}, new double[] {7, 8});
            refuse(IllegalArgumentException.class, () -> w.variable("u", NetcdfType.BYTE, List.of("x"),
                    new int[] {2}, 0), "variable 'u' would make dimension 'x' used 4091 times (expected: at most "
                            + "4090, the entries its REFERENCE_LIST attribute holds in 64 KiB)");
        }
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertEquals(Netcdf4Writer.MAX_DIMENSION_USES, nc.variables().size());
            assertEquals(List.of("x"), nc.variable("v" + last).dimensionNames());
            assertArrayEquals(new double[] {7, 8}, nc.readValues(nc.variable("v" + last)));
        }
        Ncgen.assumeTool("ncdump");
        assertTrue(Ncgen.run(dir, "ncdump", "-h", file.toString()).endsWith("\tbyte v4089(x) ;\n}\n"));
    }

    @Test
    void shouldRefuseInVariableTheSixtyFiveThousandFiveHundredAndThirtySixthDimensionReferenceAndWriteTheLimit()
            throws Exception {
        Path file = dir.resolve("references.nc");
        int rank = Netcdf4Writer.MAX_RANK;
        int full = Netcdf4Writer.MAX_DIMENSION_REFERENCES / rank; // 2047 variables of 32 dimensions, then one of 31
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            for (int d = 0; d < rank; d++) {
                w.dimension("d" + d, 1, false);
            }
            for (int i = 0; i <= full; i++) {
                int r = i < full ? rank : Netcdf4Writer.MAX_DIMENSION_REFERENCES % rank;
                List<String> dims = new java.util.ArrayList<>();
                for (int k = 0; k < r; k++) {
                    dims.add("d" + (i + k) % rank);
                }
                int[] chunk = new int[r];
                Arrays.fill(chunk, 1);
                w.variable("v" + i, NetcdfType.BYTE, dims, chunk, 0);
            }
            w.writeChunk("v" + full, new int[rank - 1], new double[] {5});
            refuse(IllegalArgumentException.class, () -> w.variable("w", NetcdfType.BYTE, List.of("d0"),
                    new int[] {1}, 0), "variable 'w' would make 65536 dimension references in all (expected: at "
                            + "most 65535, the objects of the global heap collection holding DIMENSION_LIST)");
        }
        Ncgen.assumeTool("ncdump"); // Netcdf4File (jHDF) reads this file too, but in 10 s
        String last = Ncgen.run(dir, "ncdump", "-v", "v" + full, file.toString());
        assertTrue(last.contains("\tbyte v2047(d31, d0, d1, d2, d3, d4, d5, d6, d7, d8, d9, d10, d11, d12, d13, d14, "
                + "d15, d16, d17, d18, d19, d20, d21, d22, d23, d24, d25, d26, d27, d28, d29) ;\ndata:\n\n v2047 =\n"
                + "  5 ;\n}\n"), last);
    }

    /**
     * 4160 chunks, more than 64 × 64, written in reverse order with every fifth one missing: a B-tree of 65 leaves,
     * 2 nodes above them and a root, read back by {@link Netcdf4File} and {@code ncdump}.
     */
    @Test
    void shouldIndexMoreChunksThanTwoLevelsHoldWrittenInReverseWithGaps() throws Exception {
        int nt = 260;
        int ny = 9;
        int nx = 10;
        Path file = dir.resolve("tree.nc");
        double[] want = new double[nt * ny * nx];
        Arrays.fill(want, -999);
        int written = 0;
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("t", nt, true);
            w.dimension("y", ny, false);
            w.dimension("x", nx, false);
            w.variable("v", NetcdfType.FLOAT, List.of("t", "y", "x"), new int[] {1, 2, 3}, 1, FILL);
            for (int t = nt - 1; t >= 0; t--) {
                for (int y = 4; y >= 0; y--) {
                    for (int x = 3; x >= 0; x--) {
                        if ((t * 20 + y * 4 + x) % 5 == 0) {
                            continue;
                        }
                        int ys = Math.min(2, ny - 2 * y);
                        int xs = Math.min(3, nx - 3 * x);
                        float[] v = new float[ys * xs];
                        for (int i = 0; i < ys; i++) {
                            for (int j = 0; j < xs; j++) {
                                int at = (t * ny + 2 * y + i) * nx + 3 * x + j;
                                v[i * xs + j] = at;
                                want[at] = at;
                            }
                        }
                        w.writeChunk("v", new int[] {t, y, x}, v);
                        written++;
                    }
                }
            }
        }
        assertEquals(4160, written);
        assertEquals(Map.of(0, 65, 1, 2, 2, 1), treeNodesByLevel(Files.readAllBytes(file)));
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            assertArrayEquals(want, nc.readValues(nc.variable("v")));
        }
        Ncgen.assumeTool("ncdump");
        String dump = Ncgen.run(dir, "ncdump", "-v", "v", file.toString());
        String[] got = dump.substring(dump.indexOf(" v =") + 4, dump.lastIndexOf(';')).trim().split("[,\\s]+");
        assertEquals(want.length, got.length);
        for (int k = 0; k < want.length; k++) {
            assertEquals(want[k] == -999 ? "_" : String.valueOf((int) want[k]), got[k], "v " + k);
        }
    }

    /** How many chunk B-tree nodes ({@code TREE}, type 1) the file holds at each level. */
    private static Map<Integer, Integer> treeNodesByLevel(byte[] file) {
        Map<Integer, Integer> levels = new java.util.TreeMap<>();
        for (int at = 0; at + 6 <= file.length; at++) {
            if (file[at] == 'T' && file[at + 1] == 'R' && file[at + 2] == 'E' && file[at + 3] == 'E'
                    && file[at + 4] == 1) {
                levels.merge((int) file[at + 5], 1, Integer::sum);
            }
        }
        return levels;
    }

    /**
     * 150 variables over two dimensions of one length, in one order or the other: 300 {@code DIMENSION_LIST}
     * references, a global heap collection of 7,232 bytes (over the 4 KiB readers load first), each naming the right
     * dimension for {@link Netcdf4File}, {@code ncdump} and xarray.
     */
    @Test
    void shouldNameDimensionsThroughAGlobalHeapOverFourKibibytes() throws Exception {
        Path file = dir.resolve("heap.nc");
        try (Netcdf4Writer w = Netcdf4Writer.create(file)) {
            w.dimension("y", 2, false);
            w.dimension("x", 2, false);
            for (int i = 0; i < 150; i++) {
                w.variable("v" + i, NetcdfType.INT, i % 2 == 0 ? List.of("y", "x") : List.of("x", "y"),
                        new int[] {2, 2}, 1);
                w.writeChunk("v" + i, new int[] {0, 0}, new double[] {i, i + 1, i + 2, i + 3});
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        String text = new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1);
        int heap = text.indexOf("GCOL");
        assertEquals(16 + 300 * 24 + 16, ByteBuffer.wrap(bytes, heap + 8, 8).order(ByteOrder.LITTLE_ENDIAN).getLong());
        try (Netcdf4File nc = Netcdf4File.open(file)) {
            for (int i = 0; i < 150; i++) {
                Netcdf4Variable v = nc.variable("v" + i);
                assertEquals(i % 2 == 0 ? List.of("y", "x") : List.of("x", "y"), v.dimensionNames(), v.name());
                assertArrayEquals(new double[] {i, i + 1, i + 2, i + 3}, nc.readValues(v), v.name());
            }
        }
        Ncgen.assumeTool("ncdump");
        String header = Ncgen.run(dir, "ncdump", "-h", file.toString());
        assertTrue(header.contains("\tint v148(y, x) ;\n\tint v149(x, y) ;\n}"), header);
        assertEquals("('y', 'x') ('x', 'y') 150\n", python("""
                import sys, xarray as xr
                ds = xr.open_dataset(sys.argv[1], engine='netcdf4')
                print(ds.v148.dims, ds.v149.dims, len(ds.data_vars))
                """, file));
    }

    /** Runs a script with /usr/bin/python3 and the file; skipped, saying why, without xarray and netCDF4. */
    private String python(String script, Path file) throws Exception {
        Path python = Path.of("/usr/bin/python3");
        assumeTrue(Files.isExecutable(python), "/usr/bin/python3 is absent");
        Process probe = new ProcessBuilder(python.toString(), "-c", "import xarray, netCDF4").start();
        assumeTrue(probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0,
                "/usr/bin/python3 lacks xarray or netCDF4: install Debian's python3-xarray and python3-netcdf4");
        return Ncgen.run(dir, python.toString(), "-c", script, file.toString());
    }

    private static void refuse(Class<? extends Exception> type, Executable call, String message) {
        assertEquals(message, assertThrows(type, call).getMessage());
    }
}
