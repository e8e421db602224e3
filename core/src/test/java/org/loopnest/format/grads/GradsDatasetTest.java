package org.loopnest.format.grads;

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
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.format.dataset.DatasetCatalog;
import org.loopnest.format.dataset.DatasetVariable;
import org.loopnest.format.dataset.Datasets;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfCoordinate;
import org.loopnest.format.netcdf.NetcdfType;
import org.loopnest.internal.data.FileLayout;

/**
 * A GrADS variable as a dataset: its shape and dimension names, the values its holder reaches in place (a plain
 * little-endian file, a big-endian {@code sequential yrev} one, a {@code template} over three daily files), its
 * unpacking with {@code UNDEF} as NaN, its coordinates, and the refusals, each with its message. The data files are
 * written here from the layout GrADS documents, not from {@link GradsDescriptor#offset}.
 */
class GradsDatasetTest {
    private static final int NX = 4;
    private static final int NY = 3;
    private static final int GRID = NX * NY;
    /** Records per time step of PS (surface), T (3 levels) and Q (2 levels). */
    private static final int[] RECORDS = {1, 3, 2};
    private static final float UNDEF = -999f;

    @TempDir
    Path dir;

    /** Variable {@code v} (0 PS, 1 T, 2 Q) at {@code (t, z, y, x)}, {@code y} the stored row; one T is UNDEF. */
    private static float value(int v, int t, int z, int y, int x) {
        return v == 1 && t == 1 && z == 2 && y == 0 && x == 3 ? UNDEF : v * 10000 + t * 1000 + z * 100 + y * 10 + x;
    }

    private static String ctl(String dset, String options, String tdef) {
        return "DSET " + dset + "\nTITLE small test set\nUNDEF -999\nOPTIONS " + options + "\nXDEF 4 LINEAR 0 90\n"
                + "YDEF 3 LINEAR -45 45\nZDEF 3 LEVELS 1000 850 500\n" + tdef + "\nVARS 3\nPS 0 99 Surface pressure\n"
                + "T 3 99 Temperature\nQ 2 99 Specific humidity\nENDVARS\n";
    }

    /** Steps {@code first} to {@code first + count - 1}, laid out as GrADS does. */
    private static byte[] steps(int first, int count, ByteOrder order, boolean sequential) {
        int record = GRID * 4 + (sequential ? 8 : 0);
        ByteBuffer data = ByteBuffer.allocate(count * 6 * record).order(order);
        for (int t = first; t < first + count; t++) {
            for (int v = 0; v < 3; v++) {
                for (int z = 0; z < RECORDS[v]; z++) {
                    if (sequential) {
                        data.putInt(GRID * 4);
                    }
                    for (int k = 0; k < GRID; k++) {
                        data.putFloat(value(v, t, z, k / NX, k % NX));
                    }
                    if (sequential) {
                        data.putInt(GRID * 4);
                    }
                }
            }
        }
        return data.array();
    }

    private Path plain() throws IOException {
        Files.write(dir.resolve("m.dat"), steps(0, 2, ByteOrder.LITTLE_ENDIAN, false));
        return Files.writeString(dir.resolve("m.ctl"), ctl("^m.dat", "little_endian",
                "TDEF 2 LINEAR 00Z01MAR2001 6hr"));
    }

    private Path sequential() throws IOException {
        Files.write(dir.resolve("s.dat"), steps(0, 2, ByteOrder.BIG_ENDIAN, true));
        return Files.writeString(dir.resolve("s.ctl"), ctl("^s.dat", "big_endian sequential yrev",
                "TDEF 2 LINEAR 00Z01MAR2001 6hr"));
    }

    /** Three daily files of two 12-hourly steps each. */
    private Path days() throws IOException {
        Files.createDirectories(dir.resolve("days"));
        for (int d = 0; d < 3; d++) {
            Files.write(day(d), steps(2 * d, 2, ByteOrder.LITTLE_ENDIAN, false));
        }
        return Files.writeString(dir.resolve("days.ctl"), ctl("^days/m_%y4%m2%d2.dat", "little_endian template",
                "TDEF 6 LINEAR 00Z01MAR2001 12hr"));
    }

    private Path day(int d) {
        return dir.resolve("days/m_2001030" + (d + 1) + ".dat").toAbsolutePath();
    }

    /** The element at {@code index} of the dataset's holder, read through the runtime's file layout. */
    private static float at(GradsDataset dataset, long... index) throws IOException {
        FileHolder holder = dataset.holder();
        long[] strides = holder.strides(dataset.shape());
        long position = 0;
        for (int m = 0; m < index.length; m++) {
            position += index[m] * strides[m];
        }
        FileLayout layout = FileLayout.of(holder, dataset.shape());
        int k = layout.fileOf(position);
        try (FileChannel in = FileChannel.open(layout.path(k), StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate(4).order(holder.byteOrder());
            assertEquals(4, in.read(b, layout.byteOf(k, position)), "4 bytes at " + layout.byteOf(k, position));
            return b.getFloat(0);
        }
    }

    @Test
    void shouldDescribeAVariableOnLevelsAndASurfaceOne() throws IOException {
        Path ctl = plain();
        GradsDataset t = GradsDataset.open(ctl, "t");
        assertEquals("T", t.variable(), "found ignoring case, named as declared");
        assertEquals(List.of("time", "lev", "lat", "lon"), t.dimensionNames());
        assertArrayEquals(new long[] {2, 3, 3, 4}, t.shape());
        assertArrayEquals(new long[] {2}, t.counts());
        assertEquals(List.of(dir.resolve("m.dat").toAbsolutePath()), t.files());
        assertTrue(t.readsInPlace());
        assertEquals(ElementType.FLOAT, t.elementType());
        assertEquals(2L * 3 * 3 * 4 * 4, t.unpackedBytes());
        assertArrayEquals(new double[] {0, 6}, t.time().orElseThrow());
        assertEquals("hours since 2001-03-01 00:00:00", t.timeUnits().orElseThrow());
        assertEquals(List.of(), t.notes());
        assertEquals("GrADS float32, little-endian", t.storage());
        assertEquals(List.of("title = small test set"), t.globalAttributes().stream().map(a -> a.name() + " = "
                + a.text()).toList());
        GradsDataset ps = GradsDataset.open(ctl, "PS");
        assertEquals(List.of("time", "lat", "lon"), ps.dimensionNames());
        assertArrayEquals(new long[] {2, 3, 4}, ps.shape());
        assertArrayEquals(new long[] {2, 2, 3, 4}, GradsDataset.open(ctl, "Q").shape(), "Q on its 2 levels");
    }

    @Test
    void shouldReachTheValuesInPlaceInAPlainFile() throws IOException {
        Path ctl = plain();
        GradsDataset t = GradsDataset.open(ctl, "T");
        FileHolder holder = t.holder();
        assertFalse(holder.spansFiles());
        assertEquals(ByteOrder.LITTLE_ENDIAN, holder.byteOrder());
        assertEquals((long) GRID * 4, holder.offsetBytes(), "after PS's grid");
        for (int[] p : new int[][] {{0, 0, 0, 0}, {1, 2, 1, 3}, {1, 1, 2, 0}, {0, 2, 2, 3}}) {
            assertEquals(value(1, p[0], p[1], p[2], p[3]), at(t, p[0], p[1], p[2], p[3]), "T at " + List.of(p[0],
                    p[1], p[2], p[3]));
        }
        GradsDataset q = GradsDataset.open(ctl, "Q");
        assertEquals(value(2, 1, 1, 2, 3), at(q, 1, 1, 2, 3));
        GradsDataset ps = GradsDataset.open(ctl, "PS");
        assertEquals(value(0, 1, 0, 2, 1), at(ps, 1, 2, 1));
    }

    @Test
    void shouldSkipRecordMarkersOfASequentialBigEndianFile() throws IOException {
        GradsDataset t = GradsDataset.open(sequential(), "T");
        assertEquals(ByteOrder.BIG_ENDIAN, t.holder().byteOrder());
        assertEquals((long) GRID * 4 + 8 + 4, t.holder().offsetBytes(), "PS's record and T's first marker");
        assertArrayEquals(new long[] {6 * (GRID + 2), GRID + 2, NX, 1}, t.strides());
        for (int[] p : new int[][] {{0, 0, 0, 0}, {1, 2, 1, 3}, {1, 0, 2, 2}, {0, 1, 1, 1}}) {
            assertEquals(value(1, p[0], p[1], p[2], p[3]), at(t, p[0], p[1], p[2], p[3]), "T at " + List.of(p[0],
                    p[1], p[2], p[3]));
        }
        assertEquals(value(0, 1, 0, 2, 3), at(GradsDataset.open(sequential(), "ps"), 1, 2, 3));
        assertEquals(List.of("yrev: rows stored north to south; lat runs as stored"), t.notes());
        assertEquals("GrADS float32, big-endian, sequential", t.storage());
    }

    @Test
    void shouldJoinTheFilesOfATemplateAlongTime() throws IOException {
        GradsDataset q = GradsDataset.open(days(), "Q");
        assertEquals(List.of(day(0), day(1), day(2)), q.files());
        assertArrayEquals(new long[] {2, 2, 2}, q.counts());
        assertArrayEquals(new long[] {6, 2, 3, 4}, q.shape());
        FileHolder holder = q.holder();
        assertTrue(holder.spansFiles());
        assertEquals(List.of(day(0), day(1), day(2)), holder.paths());
        for (int[] p : new int[][] {{0, 0, 0, 0}, {1, 1, 2, 3}, {2, 0, 1, 2}, {3, 1, 0, 1}, {5, 1, 2, 3}}) {
            assertEquals(value(2, p[0], p[1], p[2], p[3]), at(q, p[0], p[1], p[2], p[3]), "Q at " + List.of(p[0],
                    p[1], p[2], p[3]));
        }
        assertArrayEquals(new double[] {0, 12, 24, 36, 48, 60}, q.time().orElseThrow());
        assertEquals(List.of("DSET template: 3 data files (m_20010301.dat … m_20010303.dat) joined along time "
                + "(6 steps)"), q.notes());
        assertEquals("GrADS float32, little-endian, 3 template files", q.storage());
    }

    @Test
    void shouldUnpackEveryValueWithUndefAsNan() throws IOException {
        for (Path ctl : List.of(sequential(), days())) {
            GradsDataset t = GradsDataset.open(ctl, "T");
            Path out = Files.createFile(dir.resolve(ctl.getFileName() + ".f32"));
            t.unpackTo(out);
            assertEquals(t.unpackedBytes(), Files.size(out));
            ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
            int nt = (int) t.shape()[0];
            float[] expected = new float[nt * 3 * GRID];
            float[] actual = new float[expected.length];
            for (int e = 0; e < expected.length; e++) {
                float v = value(1, e / (3 * GRID), e / GRID % 3, e % GRID / NX, e % NX);
                expected[e] = v == UNDEF ? Float.NaN : v;
                actual[e] = b.getFloat(e * 4);
            }
            assertArrayEquals(expected, actual, ctl.getFileName().toString());
            assertTrue(Float.isNaN(actual[(1 * 3 + 2) * GRID + 3]), "UNDEF at t 1, z 2, y 0, x 3");
        }
    }

    @Test
    void shouldCopyCoordinatesWithCfAttributes() throws IOException {
        GradsDataset q = GradsDataset.open(sequential(), "Q");
        NetcdfCoordinate lon = q.copyOf("lon").orElseThrow();
        assertEquals(NetcdfType.FLOAT, lon.type());
        assertArrayEquals(new float[] {0, 90, 180, 270}, floats(lon));
        assertEquals(List.of("units = degrees_east", "standard_name = longitude", "axis = X"), texts(lon));
        NetcdfCoordinate lat = q.copyOf("lat").orElseThrow();
        assertArrayEquals(new float[] {45, 0, -45}, floats(lat), "yrev: as stored, north to south");
        assertEquals("degrees_north", lat.attributes().get(0).text());
        NetcdfCoordinate lev = q.copyOf("lev").orElseThrow();
        assertArrayEquals(new float[] {1000, 850}, floats(lev), "Q's own 2 levels");
        assertEquals(List.of("units = hPa", "standard_name = air_pressure", "axis = Z", "positive = down"),
                texts(lev));
        NetcdfCoordinate time = q.copyOf("time").orElseThrow();
        assertEquals(NetcdfType.DOUBLE, time.type());
        assertEquals(6.0, time.values().getDouble(8));
        assertEquals("hours since 2001-03-01 00:00:00", time.attributes().get(0).text());
        assertFalse(time.record());
        assertTrue(q.copyOf("x").isEmpty(), "not a dimension of Q");
        assertTrue(GradsDataset.open(sequential(), "PS").copyOf("lev").isEmpty(), "PS has no lev");
        assertArrayEquals(new double[] {1000, 850}, q.coordinate("lev").orElseThrow());
        assertArrayEquals(new double[] {-45, 0, 45}, GradsDataset.open(plain(), "Q").coordinate("lat")
                .orElseThrow(), "without yrev, south to north");
    }

    @Test
    void shouldDescribeTheDescriptorAsACatalog() throws IOException {
        Path ctl = plain();
        try (DatasetCatalog catalog = Datasets.catalog(ctl)) {
            assertEquals("GrADS", catalog.format());
            assertEquals(ctl, catalog.file());
            assertEquals(List.of("PS(time, lat, lon) [2, 3, 4]", "T(time, lev, lat, lon) [2, 3, 3, 4]",
                    "Q(time, lev, lat, lon) [2, 2, 3, 4]"), catalog.variables().stream().map(Object::toString)
                    .toList());
            DatasetVariable t = catalog.findVariable("T").orElseThrow();
            assertTrue(t.numeric() && !t.record());
            assertEquals("Temperature", t.attribute("long_name").orElseThrow().text());
            assertEquals(NetcdfType.FLOAT, t.attribute("_FillValue").orElseThrow().type());
            assertEquals(-999.0, t.packing().fill().orElseThrow());
            assertArrayEquals(new double[] {-999.0}, t.packing().missing());
            assertEquals(List.of(NetcdfAttribute.text("title", "small test set").toString()),
                    catalog.globalAttributes().stream().map(Object::toString).toList());
            assertArrayEquals(new double[] {1000, 850, 500}, catalog.levels(null).hPa());
            assertEquals("lev", catalog.levels("lev").variable());
            assertEquals("m.ctl: no vertical coordinate 'plev' (expected: lev, the ZDEF levels, or no name)",
                    assertThrows(IllegalArgumentException.class, () -> catalog.levels("plev")).getMessage());
            assertArrayEquals(new double[] {1000, 850, 500}, catalog.coordinate("lev").orElseThrow());
            assertArrayEquals(new double[] {0, 6}, catalog.coordinate("time").orElseThrow());
            assertTrue(catalog.coordinate("level").isEmpty());
        }
    }

    @Test
    void shouldNameTheVariablesThereAreForAnUnknownOne() throws IOException {
        Path ctl = plain();
        assertEquals("variable 'W' is not in m.ctl (expected one of: PS, T, Q)", assertThrows(
                IllegalArgumentException.class, () -> GradsDataset.open(ctl, "W")).getMessage());
        assertEquals("m.ctl: no variable given (expected one of: PS, T, Q)", assertThrows(
                IllegalArgumentException.class, () -> GradsDataset.open(ctl, null)).getMessage());
    }

    @Test
    void shouldSayWhichDataFileIsMissingOrNoFile() throws IOException {
        Path ctl = plain();
        Path data = dir.resolve("m.dat").toAbsolutePath();
        Files.delete(data);
        assertEquals("DSET " + data + ": no such file (expected: the data file of m.ctl, a readable regular file)",
                assertThrows(IllegalArgumentException.class, () -> GradsDataset.open(ctl, "T")).getMessage());
        Files.createDirectory(data);
        assertEquals("DSET " + data + ": a directory (expected: the data file of m.ctl, a readable regular file)",
                assertThrows(IllegalArgumentException.class, () -> GradsDataset.open(ctl, "T")).getMessage());
        Path days = days();
        Files.delete(day(2));
        assertEquals("DSET " + day(2) + ": no such file (expected: the data file of time steps 4 to 5 by the template "
                + "of days.ctl, a readable regular file)", assertThrows(IllegalArgumentException.class,
                () -> GradsDataset.open(days, "T")).getMessage());
    }

    @Test
    void shouldRefuseADataFileShorterThanDescribed() throws IOException {
        Path ctl = plain();
        Files.write(dir.resolve("m.dat"), new byte[100]);
        long step = 6L * GRID * 4;
        GradsFormatException e = assertThrows(GradsFormatException.class, () -> GradsDataset.open(ctl, "T"));
        assertEquals("m.dat: 100 bytes, shorter than m.ctl describes (expected: at least " + 2 * step + " bytes = 2 "
                + "times × " + step + " bytes per time)", e.getMessage());
    }

    @Test
    void shouldRefuseTwoDescriptorsForOneDataset() throws IOException {
        Path a = plain();
        Path b = sequential();
        assertEquals("GrADS: 2 descriptors given (m.ctl, s.ctl) (expected: one descriptor, with OPTIONS template for "
                + "many data files)", assertThrows(IllegalArgumentException.class,
                () -> Datasets.open(List.of(a, b), "T")).getMessage());
        assertEquals("GrADS: no descriptor given (expected: one descriptor, with OPTIONS template for many data "
                + "files)", assertThrows(IllegalArgumentException.class,
                () -> new GradsFormat().open(List.of(), "T")).getMessage());
        assertEquals("T", Datasets.open(List.of(a), "t").variable(), "one is fine");
    }

    private static float[] floats(NetcdfCoordinate c) {
        ByteBuffer b = c.values();
        float[] values = new float[(int) c.length()];
        for (int i = 0; i < values.length; i++) {
            values[i] = b.getFloat(i * 4);
        }
        return values;
    }

    private static List<String> texts(NetcdfCoordinate c) {
        return c.attributes().stream().map(a -> a.name() + " = " + a.text()).toList();
    }
}
