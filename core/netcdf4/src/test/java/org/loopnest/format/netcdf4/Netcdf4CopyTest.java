package org.loopnest.format.netcdf4;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jhdf.HdfFile;
import io.jhdf.api.dataset.ChunkedDataset;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * Classic files (made by {@code ncgen} or {@link NetcdfWriter}) copied into NetCDF-4: record variables of rank 1, 2
 * and 3 (records apart in the file) and fixed ones, of several types, read back equal by {@link Netcdf4File} with the
 * same dimension names, the record dimension unlimited for {@code ncdump}; small grids grouped along the records,
 * grids of 4 KiB and more one to a chunk; empty text attributes kept; memory bounded by about three chunks; bad
 * levels, text variables, oversized grids and a target that is the source refused, naming them, and the target
 * deleted only where the copy created it; worker threads writing the same bytes as one thread, a worker's read error
 * failing the copy as thrown, and no worker left alive. The checks through {@code ncgen}, {@code ncdump} and xarray
 * are skipped, saying why, without those tools.
 */
class Netcdf4CopyTest {
    /** The grid of the bounded-memory copy: 1500 × 1500 floats, 9 MB. */
    private static final int GRID = 1500;
    private static final int STEPS = 4;

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
    void shouldRefuseALevelOutOfRangeAndATextVariableBeforeCreatingTheTarget() throws Exception {
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
        assertFalse(Files.exists(target), "the target is not created");
    }

    /** A classic file of one fixed variable {@code v(x)}, 4 values, with an attribute. */
    private Path small(String name) throws IOException {
        Path classic = dir.resolve(name);
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.dimension("x", 4).variable("v", List.of("x"), NetcdfAttribute.text("units", "K"));
            w.writeHeader();
            w.write("v", 0, new float[] {1, 2, 3, 4});
            w.commit();
        }
        return classic;
    }

    @Test
    void shouldRefuseToCopyAFileOntoItselfByAnyPathLeavingItWhole() throws Exception {
        Path classic = small("c.nc");
        byte[] before = Files.readAllBytes(classic);
        Path link = Files.createLink(dir.resolve("link.nc"), classic);
        for (Path target : List.of(classic, dir.resolve(".").resolve("c.nc"), link)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Netcdf4Copy.fromClassic(classic, target, 4));
            assertEquals("target " + target + " is the classic file " + classic + " itself (expected: another file;"
                    + " writing it would destroy the source)", e.getMessage());
        }
        assertArrayEquals(before, Files.readAllBytes(classic));
    }

    @Test
    void shouldLeaveATargetItCouldNotCreateAndDeleteOneItCreatedWhenTheCopyFails() throws Exception {
        Path classic = small("c.nc");
        Path directory = Files.createDirectory(dir.resolve("out.nc"));
        IOException e = assertThrows(IOException.class, () -> Netcdf4Copy.fromClassic(classic, directory, 4));
        assertFalse(e instanceof DirectoryNotEmptyException, e.toString());
        assertEquals(0, e.getSuppressed().length, e.toString());
        assertTrue(Files.isDirectory(directory), "the empty directory the copy could not write is left");

        Path named = dir.resolve("named.nc"); // a variable x(y) beside a dimension x: refused once the target exists
        try (NetcdfWriter w = NetcdfWriter.create(named)) {
            w.dimension("x", 4).dimension("y", 2).variable("x", List.of("y"));
            w.writeHeader();
            w.commit();
        }
        Path target = Files.writeString(dir.resolve("old.nc"), "an older output");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Netcdf4Copy.fromClassic(named, target, 4));
        assertEquals("variable 'x' is named as a dimension (expected: another name, or coordinate() for its "
                + "coordinate variable)", refused.getMessage());
        assertFalse(Files.exists(target), "the target the copy truncated is deleted");
    }

    @Test
    void shouldWriteTheSameBytesWithWorkerThreadsAsOnOneThreadAndLeaveNoWorkerAlive() throws Exception {
        Path classic = mixed(dir.resolve("mixed.nc"));
        Path one = dir.resolve("one.nc");
        Netcdf4Copy.fromClassic(classic, one, 4, 1);
        for (int threads : new int[] {2, 3}) {
            Path many = dir.resolve("many" + threads + ".nc");
            Netcdf4Copy.fromClassic(classic, many, 4, threads);
            assertArrayEquals(Files.readAllBytes(one), Files.readAllBytes(many), threads + " threads");
            assertEquals(List.of(), workers(), "worker threads alive after the copy");
        }
        Path level0 = dir.resolve("level0.nc");
        Path level0one = dir.resolve("level0one.nc");
        Netcdf4Copy.fromClassic(classic, level0, 0, 4);
        Netcdf4Copy.fromClassic(classic, level0one, 0, 1);
        assertArrayEquals(Files.readAllBytes(level0one), Files.readAllBytes(level0), "deflate level 0");
        try (Netcdf4File nc = Netcdf4File.open(one)) {
            assertEquals(List.of("time", "level", "y", "x"), nc.variable("t").dimensionNames());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Netcdf4Copy.fromClassic(classic, dir.resolve("none.nc"), 4, 0));
        assertEquals("0 threads (expected: at least 1)", e.getMessage());
    }

    @Test
    void shouldFailWithTheWorkersReadErrorDeleteTheTargetAndLeaveNoWorkerAliveWhenTheSourceIsTruncated()
            throws Exception {
        Path classic = mixed(dir.resolve("mixed.nc"));
        Netcdf4Copy.Source truncating = file -> { // once the header is read (it checks the file's size)
            try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
                c.truncate(c.size() * 2 / 3); // records of every variable lost from the 20th or so on
            }
            return FileChannel.open(file, StandardOpenOption.READ);
        };
        Path target = dir.resolve("cut4.nc");
        IOException e = assertThrows(IOException.class,
                () -> Netcdf4Copy.fromClassic(classic, target, 4, 3, truncating));
        assertTrue(e.getMessage().startsWith(classic + " ends at byte "), e.getMessage());
        assertTrue(Arrays.stream(e.getStackTrace()).anyMatch(f -> f.getClassName().equals(FutureTask.class.getName())),
                "the exception is the one a worker threw, not a wrapper: " + Arrays.toString(e.getStackTrace()));
        assertEquals(0, e.getSuppressed().length, e.toString());
        assertFalse(Files.exists(target), "the target the copy created is deleted");
        assertEquals(List.of(), workers(), "worker threads alive after the failed copy");
    }

    /** The live threads named as {@link Netcdf4Copy}'s workers. */
    private static List<String> workers() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith(Netcdf4Copy.THREAD_NAME)).toList();
    }

    /**
     * A classic file of 30 records: a float variable t(time, level, y, x) of 8 KB grids, one chunk each (90 chunks);
     * a small-grid record variable r(time, y2, x2), grouped; a fixed short variable s(y, x); a coordinate level.
     */
    private static Path mixed(Path classic) throws IOException {
        int records = 30;
        int levels = 3;
        int ny = 40;
        int nx = 50;
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.recordDimension("time", records).dimension("level", levels).dimension("y", ny).dimension("x", nx)
                    .dimension("y2", 2).dimension("x2", 3);
            w.variable("level", List.of("level"));
            w.variable("t", List.of("time", "level", "y", "x"), NetcdfAttribute.text("units", "K"));
            w.variable("r", List.of("time", "y2", "x2"));
            w.variable("s", NetcdfType.SHORT, List.of("y", "x"));
            w.writeHeader();
            float[] grids = new float[levels * ny * nx];
            for (int t = 0; t < records; t++) {
                for (int i = 0; i < grids.length; i++) {
                    grids[i] = (float) (280 + 10 * Math.sin(i * 0.01 + t) + (i * 7919L % 113) * 0.01);
                }
                w.write("t", (long) t * grids.length, grids);
                w.write("r", t * 6L, new float[] {t, t + 1, t + 2, t + 3, t + 4, t + 5});
            }
            ByteBuffer shorts = ByteBuffer.allocate(ny * nx * 2);
            for (int i = 0; i < ny * nx; i++) {
                shorts.putShort((short) (i % 1000 - 500));
            }
            w.write("s", 0, shorts.flip());
            w.write("level", 0, new float[] {1000, 850, 500});
            w.commit();
        }
        return classic;
    }

    @Test
    void shouldRefuseAGridOverTheChunkLimitBeforeCreatingTheTarget() throws Exception {
        // CDF-2, no records yet: float v(time, y, x) with y = x = 50000, a grid of 10^10 bytes in a file of 116
        ByteBuffer b = ByteBuffer.allocate(116);
        b.put(new byte[] {'C', 'D', 'F', 2}).putInt(0).putInt(0x0A).putInt(3);
        b.putInt(4).put("time".getBytes(StandardCharsets.US_ASCII)).putInt(0);
        b.putInt(1).put(new byte[] {'y', 0, 0, 0}).putInt(50_000);
        b.putInt(1).put(new byte[] {'x', 0, 0, 0}).putInt(50_000);
        b.putInt(0).putInt(0).putInt(0x0B).putInt(1);
        b.putInt(1).put(new byte[] {'v', 0, 0, 0}).putInt(3).putInt(0).putInt(1).putInt(2);
        b.putInt(0).putInt(0).putInt(5).putInt(-1).putLong(116); // no attributes, float, vsize, begin
        Path classic = Files.write(dir.resolve("huge.nc"), b.array());
        Path target = dir.resolve("huge4.nc");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Netcdf4Copy.fromClassic(classic, target, 4));
        assertEquals("variable 'v' has a grid of 2500000000 values of 4 bytes (expected: at most 2147483583 bytes,"
                + " one NetCDF-4 chunk)", e.getMessage());
        assertFalse(Files.exists(target));
    }

    @Test
    void shouldCopyEmptyTextAttributesAsNetcdfCWritesThem() throws Exception {
        Path classic = dir.resolve("comment.nc");
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.dimension("x", 2).attribute(NetcdfAttribute.text("comment", ""));
            w.variable("v", List.of("x"), NetcdfAttribute.text("comment", ""), NetcdfAttribute.text("units", "K"));
            w.writeHeader();
            w.write("v", 0, new float[] {1, 2});
            w.commit();
        }
        assertEquals(0, NetcdfFile.open(classic).attribute("comment").orElseThrow().length());
        Path copy = dir.resolve("comment4.nc");
        Netcdf4Copy.fromClassic(classic, copy, 4);
        try (Netcdf4File nc = Netcdf4File.open(copy)) {
            assertArrayEquals(new double[] {1, 2}, nc.readValues(nc.variable("v")));
        }
        Ncgen.assumeTool("ncdump");
        String header = Ncgen.run(dir, "ncdump", "-h", copy.toString());
        assertTrue(header.contains("\t\tv:comment = \"\" ;\n\t\tv:units = \"K\" ;\n\n// global attributes:\n"
                + "\t\t:comment = \"\" ;\n}"), header);
        Path python = Path.of("/usr/bin/python3");
        assumeTrue(Files.isExecutable(python), "/usr/bin/python3 is absent");
        Process probe = new ProcessBuilder(python.toString(), "-c", "import xarray, netCDF4").start();
        assumeTrue(probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0,
                "/usr/bin/python3 lacks xarray or netCDF4: install Debian's python3-xarray and python3-netcdf4");
        assertEquals("{'comment': ''} {'comment': '', 'units': 'K'}\n", Ncgen.run(dir, python.toString(), "-c", """
                import sys, xarray as xr
                ds = xr.open_dataset(sys.argv[1], engine='netcdf4')
                print(repr(ds.attrs), repr(ds.v.attrs))
                """, copy.toString()));
    }

    /**
     * 70,000 records of grids of 4 to 48 bytes: k records a chunk, k the fewest that make 256 KiB (one chunk of
     * {@code float}s holds 65,536 records, the second the other 4,464), values and names as the classic file has them.
     */
    @Test
    void shouldGroupTheRecordsOfSmallGridsIntoChunksOfAQuarterMebibyte() throws Exception {
        int records = 70_000;
        Path classic = dir.resolve("series.nc");
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.recordDimension("time", records).dimension("y", 2).dimension("x", 3);
            w.variable("time", NetcdfType.DOUBLE, List.of("time"));
            w.variable("a", List.of("time"));
            w.variable("b", NetcdfType.SHORT, List.of("time", "x"));
            w.variable("c", NetcdfType.DOUBLE, List.of("time", "y", "x"));
            w.writeHeader();
            ByteBuffer time = ByteBuffer.allocate(records * 8);
            float[] a = new float[records];
            ByteBuffer bs = ByteBuffer.allocate(records * 3 * 2);
            ByteBuffer c = ByteBuffer.allocate(records * 6 * 8);
            for (int r = 0; r < records; r++) {
                time.putDouble(r * 6.0);
                a[r] = r * 0.25f;
                for (int i = 0; i < 6; i++) {
                    if (i < 3) {
                        bs.putShort((short) ((r * 3 + i) % 30_000));
                    }
                    c.putDouble(r + i / 8.0);
                }
            }
            w.write("time", 0, time.flip());
            w.write("a", 0, a);
            w.write("b", 0, bs.flip());
            w.write("c", 0, c.flip());
            w.commit();
        }
        Path copy = dir.resolve("series4.nc");
        Netcdf4Copy.fromClassic(classic, copy, 1);
        assertEquals(Map.of("a", List.of(65_536), "b", List.of(43_691, 3), "c", List.of(5_462, 2, 3)),
                chunks(copy, "a", "b", "c"));
        NetcdfHeader h = NetcdfFile.open(classic);
        try (Netcdf4File nc = Netcdf4File.open(copy)) {
            for (String v : List.of("time", "a", "b", "c")) {
                assertArrayEquals(NetcdfFile.readValues(h, h.variable(v)), nc.readValues(nc.variable(v)), 0.0, v);
                assertEquals(h.variable(v).dimensionNames(), nc.variable(v).dimensionNames(), v);
            }
        }
    }

    /**
     * Grids of 4 KiB and more stay one to a chunk, 1 along the other dimensions (the weather output's
     * {@code theta:_ChunkSizes = 1, 1, 30, 40}); a grid of 4,092 bytes is grouped, along the records (each read on
     * its own, as the records of 540 KB lie too far apart to be read in runs) or, in a fixed variable, along its
     * first dimension.
     */
    @Test
    void shouldKeepGridsOfFourKibibytesAndMoreOneToAChunk() throws Exception {
        Path classic = dir.resolve("grids.nc");
        Map<String, List<String>> dims = Map.of("whole", List.of("time", "y", "x"), "theta",
                List.of("time", "level", "latitude", "longitude"), "under", List.of("time", "sy", "sx"), "fixed",
                List.of("level", "sy", "sx"), "wide", List.of("time", "wy", "wx"));
        List<String> names = List.of("whole", "theta", "under", "fixed", "wide");
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.recordDimension("time", 3).dimension("level", 2).dimension("y", 32).dimension("x", 32);
            w.dimension("latitude", 30).dimension("longitude", 40).dimension("sy", 31).dimension("sx", 33);
            w.dimension("wy", 128).dimension("wx", 1025);
            names.forEach(n -> w.variable(n, dims.get(n)));
            NetcdfHeader h = w.writeHeader();
            for (String n : names) {
                NetcdfVariable v = h.variable(n);
                float[] values = new float[(int) (v.elementsPerRecord() * (v.isRecord() ? 3 : 1))];
                for (int i = 0; i < values.length; i++) {
                    values[i] = i % 1000 + n.length();
                }
                w.write(n, 0, values);
            }
            w.commit();
        }
        Path copy = dir.resolve("grids4.nc");
        Netcdf4Copy.fromClassic(classic, copy, 4);
        assertEquals(Map.of("whole", List.of(1, 32, 32), "theta", List.of(1, 1, 30, 40), "under",
                List.of(3, 31, 33), "fixed", List.of(2, 31, 33), "wide", List.of(1, 128, 1025)),
                chunks(copy, names.toArray(String[]::new)));
        NetcdfHeader h = NetcdfFile.open(classic);
        try (Netcdf4File nc = Netcdf4File.open(copy)) {
            for (String v : names) {
                assertArrayEquals(NetcdfFile.readValues(h, h.variable(v)), nc.readValues(nc.variable(v)), 0.0, v);
            }
        }
        Ncgen.assumeTool("ncdump");
        String storage = Ncgen.run(dir, "ncdump", "-hs", copy.toString());
        assertTrue(storage.contains("theta:_ChunkSizes = 1, 1, 30, 40 ;"), storage);
        assertTrue(storage.contains("under:_ChunkSizes = 3, 31, 33 ;"), storage);
    }

    /** Each variable's chunk shape, as jHDF reads it. */
    private static Map<String, List<Integer>> chunks(Path file, String... variables) {
        Map<String, List<Integer>> all = new java.util.TreeMap<>();
        try (HdfFile hdf = new HdfFile(file)) {
            for (String v : variables) {
                int[] shape = ((ChunkedDataset) hdf.getDatasetByPath(v)).getChunkDimensions();
                all.put(v, java.util.Arrays.stream(shape).boxed().toList());
            }
        }
        return all;
    }

    /** The child JVM: copies args[0] into args[1]. */
    public static void main(String[] args) throws Exception {
        Netcdf4Copy.fromClassic(Path.of(args[0]), Path.of(args[1]), 1);
    }

    /**
     * Memory holds about three chunks: grids of 9 MB (1500 × 1500 floats) copy in a JVM of 40 MiB of heap, 4.4
     * grids (before the chunk buffers were shared, the copy needed 6 and more).
     */
    @Test
    void shouldCopyGridsOfNineMegabytesInAHeapOfFortyMebibytes() throws Exception {
        Path classic = dir.resolve("big.nc");
        float[] grid = new float[GRID * GRID];
        try (NetcdfWriter w = NetcdfWriter.create(classic)) {
            w.recordDimension("time", STEPS).dimension("y", GRID).dimension("x", GRID);
            w.variable("g", List.of("time", "y", "x"));
            w.writeHeader();
            for (int t = 0; t < STEPS; t++) {
                for (int i = 0; i < grid.length; i++) {
                    grid[i] = t * 1000 + i % 977 * 0.5f;
                }
                w.write("g", (long) t * grid.length, grid);
            }
            w.commit();
        }
        Path copy = dir.resolve("big4.nc");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx40m", "-cp", System.getProperty("java.class.path"), Netcdf4CopyTest.class.getName(),
                classic.toString(), copy.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.txt").toFile()).start();
        try {
            assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child JVM ran over 120 s");
        } finally {
            child.destroyForcibly();
        }
        String log = Files.readString(dir.resolve("child.txt"));
        assertEquals(0, child.exitValue(), () -> "the child JVM failed: " + log);
        Path raw = dir.resolve("g.f32");
        try (Netcdf4File nc = Netcdf4File.open(copy)) {
            assertEquals(List.of("time", "y", "x"), nc.variable("g").dimensionNames());
            nc.unpackTo(nc.variable("g"), raw, Float.NaN);
        }
        ByteBuffer got = ByteBuffer.allocate(grid.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        try (FileChannel in = FileChannel.open(raw)) {
            for (int t = 0; t < STEPS; t++) {
                got.clear();
                while (got.hasRemaining() && in.read(got, (long) t * got.capacity() + got.position()) > 0) {
                    // positional reads until the grid is full
                }
                for (int i = 0; i < grid.length; i++) {
                    float want = t * 1000 + i % 977 * 0.5f;
                    if (got.getFloat(i * 4) != want) {
                        assertEquals(want, got.getFloat(i * 4), "time " + t + " element " + i);
                    }
                }
            }
        }
    }
}
