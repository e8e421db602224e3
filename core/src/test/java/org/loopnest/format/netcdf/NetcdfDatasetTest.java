package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.FileLayout;

/**
 * Several classic NetCDF files made by {@code ncgen} read as one variable: joined by time (not by name), the same
 * values as one file holding all of it, in place (a record variable beside another) and unpacked (packed shorts);
 * and the files' disagreements refused naming both files. Skipped, saying why, without Debian's netcdf-bin.
 */
class NetcdfDatasetTest {
    private static final int LEVELS = 2;
    private static final int LAT = 2;
    private static final int LON = 3;
    private static final int GRID = LEVELS * LAT * LON;

    @TempDir
    Path dir;

    @Test
    void shouldJoinFilesByTimeAsTheOneFileWithAllOfIt() throws Exception {
        assumeNcgen();
        Path one = ncgen("all", 0, 6, "float", "", LAT);
        List<Path> three = List.of(ncgen("c", 4, 2, "float", "", LAT), ncgen("a", 0, 1, "float", "", LAT),
                ncgen("b", 1, 3, "float", "", LAT));
        NetcdfDataset whole = NetcdfDataset.open(List.of(one), "t");
        NetcdfDataset joined = NetcdfDataset.open(three, "t");
        assertEquals(List.of(three.get(1), three.get(2), three.get(0)), joined.files(), "ordered by time");
        assertArrayEquals(new long[] {6, LEVELS, LAT, LON}, joined.shape());
        assertArrayEquals(new long[] {1, 3, 2}, joined.counts());
        assertArrayEquals(whole.time().orElseThrow(), joined.time().orElseThrow());
        assertTrue(joined.readsInPlace());
        assertArrayEquals(readAll(whole), readAll(joined));
        assertEquals(List.of("3 files joined along 'time' (6 steps)"), joined.notes());
    }

    @Test
    void shouldUnpackPackedFilesIntoOneFileAsTheOneFileWithAllOfIt() throws Exception {
        assumeNcgen();
        String packing = "t:scale_factor = 0.5 ; t:add_offset = 200. ; t:_FillValue = -32767s ;";
        NetcdfDataset whole = NetcdfDataset.open(List.of(ncgen("all", 0, 6, "short", packing, LAT)), "t");
        NetcdfDataset joined = NetcdfDataset.open(List.of(ncgen("x", 3, 3, "short", packing, LAT),
                ncgen("y", 0, 3, "short", packing, LAT)), "t");
        assertTrue(!joined.readsInPlace());
        Path a = Files.createFile(dir.resolve("whole.f32"));
        Path b = Files.createFile(dir.resolve("joined.f32"));
        whole.unpackTo(a);
        joined.unpackTo(b);
        assertEquals(6L * GRID * 4, joined.unpackedBytes());
        assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b));
        assertEquals(6L * GRID * 4, Files.size(b));
    }

    @Test
    void shouldRefuseFilesOnAnotherGridNamingBoth() throws Exception {
        assumeNcgen();
        Path a = ncgen("a", 0, 2, "float", "", LAT);
        Path b = ncgen("b", 2, 2, "float", "", LAT + 1);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NetcdfDataset.open(List.of(a, b), "t"));
        assertEquals("files " + a + " and " + b + " differ: dimension 'lat' is 2 and 3 long (expected: the same "
                + "grid)", e.getMessage());
    }

    @Test
    void shouldRefuseATimeThatRepeatsAcrossFiles() throws Exception {
        assumeNcgen();
        Path a = ncgen("a", 0, 2, "float", "", LAT);
        Path b = ncgen("b", 1, 2, "float", "", LAT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NetcdfDataset.open(List.of(b, a), "t"));
        assertEquals("'time' repeats: file " + b + " starts at 7.0, not after the last time 7.0 of " + a
                + " (expected: times that increase across the files)", e.getMessage());
    }

    @Test
    void shouldNameTheFileThatLacksTheVariable() throws Exception {
        assumeNcgen();
        Path a = ncgen("a", 0, 2, "float", "", LAT);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> NetcdfDataset.open(List.of(a), "q"));
        assertEquals("no variable 'q' in a.nc (expected one of: time, level, t, other)", e.getMessage());
    }

    @Test
    void shouldCopyTheCoordinatesAsStoredTheTimeJoinedOverTheFiles() throws Exception {
        assumeNcgen();
        NetcdfDataset joined = NetcdfDataset.open(List.of(ncgen("b", 2, 2, "float", "", LAT),
                ncgen("a", 0, 2, "float", "", LAT)), "t");
        NetcdfCoordinate time = joined.copyOf("time").orElseThrow();
        assertEquals(NetcdfType.DOUBLE, time.type());
        assertTrue(time.record());
        assertEquals(4, time.length());
        assertEquals(List.of(NetcdfAttribute.text("units", "hours since 2025-01-01 00:00:00").toString()),
                time.attributes().stream().map(Object::toString).toList());
        java.nio.DoubleBuffer values = time.values().asDoubleBuffer();
        assertEquals(List.of(6.0, 7.0, 8.0, 9.0), List.of(values.get(0), values.get(1), values.get(2), values.get(3)));
        NetcdfCoordinate level = joined.copyOf("level").orElseThrow();
        assertEquals(NetcdfType.FLOAT, level.type());
        assertEquals(1, level.first(1).length());
        assertTrue(joined.copyOf("lat").isEmpty(), "no coordinate variable 'lat'");
    }

    @Test
    void shouldAppendAHistoryLineToTheGlobalAttributes() {
        java.time.Instant when = java.time.Instant.parse("2026-11-27T21:00:00.5Z");
        List<NetcdfAttribute> none = NetcdfHistory.appended(List.of(NetcdfAttribute.text("title", "x")), "loopnest run",
                when);
        assertEquals(List.of("title", "history"), none.stream().map(NetcdfAttribute::name).toList());
        assertEquals("2026-11-27T21:00:00Z loopnest run", none.get(1).text());
        List<NetcdfAttribute> one = NetcdfHistory.appended(List.of(NetcdfAttribute.text("history", "ncks\n"),
                NetcdfAttribute.text("title", "x")), "loopnest weather", when);
        assertEquals("ncks\n2026-11-27T21:00:00Z loopnest weather", one.get(0).text());
        assertEquals("title", one.get(1).name());
    }

    /** Every element of the dataset's holder, read through its layout, row-major over the shape. */
    private static float[] readAll(NetcdfDataset dataset) throws IOException {
        FileHolder holder = dataset.holder();
        long[] shape = dataset.shape();
        long[] strides = holder.strides(shape);
        FileLayout layout = FileLayout.of(holder, shape);
        float[] values = new float[(int) (shape[0] * GRID)];
        for (int e = 0; e < values.length; e++) {
            long position = (e / GRID) * strides[0] + e % GRID;
            int k = layout.fileOf(position);
            try (FileChannel in = FileChannel.open(layout.path(k), StandardOpenOption.READ)) {
                ByteBuffer b = ByteBuffer.allocate(4).order(ByteOrder.BIG_ENDIAN);
                in.read(b, layout.byteOf(k, position));
                values[e] = b.getFloat(0);
            }
        }
        return values;
    }

    /**
     * A file of {@code steps} records from step {@code first} (time {@code 6 + first}, hours), variable {@code t}
     * of {@code type} valued by its global element number, beside a second record variable {@code other}.
     */
    private Path ncgen(String name, int first, int steps, String type, String attributes, int lat)
            throws IOException, InterruptedException {
        StringJoiner times = new StringJoiner(", ");
        StringJoiner values = new StringJoiner(", ");
        List<String> others = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            times.add(Integer.toString(6 + first + s));
            others.add(Integer.toString(-s));
            for (int g = 0; g < LEVELS * lat * LON; g++) {
                values.add(Integer.toString((first + s) * 100 + g));
            }
        }
        Path cdl = dir.resolve(name + ".cdl");
        Files.writeString(cdl, "netcdf " + name + " {\ndimensions:\n time = UNLIMITED ;\n level = " + LEVELS
                + " ;\n lat = " + lat + " ;\n lon = " + LON + " ;\nvariables:\n double time(time) ;\n"
                + "  time:units = \"hours since 2025-01-01 00:00:00\" ;\n float level(level) ;\n"
                + " " + type + " t(time, level, lat, lon) ;\n  " + attributes + "\n int other(time) ;\ndata:\n"
                + " time = " + times + " ;\n level = 850, 500 ;\n t = " + values + " ;\n other = "
                + String.join(", ", others) + " ;\n}\n");
        Path nc = dir.resolve(name + ".nc");
        Process p = new ProcessBuilder("ncgen", "-k", "nc6", "-o", nc.toString(), cdl.toString())
                .redirectErrorStream(true).start();
        try {
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "ncgen ran over 60 s");
            assertEquals(0, p.exitValue(), () -> "ncgen failed: " + new String(readQuietly(p)));
        } finally {
            p.destroyForcibly();
        }
        return nc;
    }

    private static byte[] readQuietly(Process p) {
        try {
            return p.getInputStream().readAllBytes();
        } catch (IOException e) {
            return e.toString().getBytes();
        }
    }

    private static void assumeNcgen() {
        boolean found = Files.isExecutable(Path.of("/usr/bin/ncgen")) || List.of(System.getenv()
                .getOrDefault("PATH", "").split(File.pathSeparator)).stream()
                .anyMatch(p -> Files.isExecutable(Path.of(p, "ncgen")));
        assumeTrue(found, "ncgen is absent: install Debian's netcdf-bin package");
    }
}
