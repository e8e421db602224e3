package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Hand-built files for the layout's edge cases, and every error the reader gives. */
class NetcdfFileTest {
    private static final int DIM = 0x0A;
    private static final int VAR = 0x0B;
    private static final int ATT = 0x0C;

    @TempDir
    Path dir;

    /** One attribute of each classic type, written by hand. */
    private static CdfBytes everyAttributeType(CdfBytes b) {
        return b.list(ATT, 6)
                .name("b").i32(1, 3).raw((byte) 1, (byte) -2, (byte) 3).pad()
                .name("c").i32(2, 3).raw((byte) 'h', (byte) 'i', (byte) 0).pad()
                .name("s").i32(3, 3).raw((byte) 0, (byte) 7, (byte) 0xFF, (byte) 0xF8, (byte) 0, (byte) 9).pad()
                .name("i").i32(4, 1).i32(100000)
                .name("f").i32(5, 1).raw(ByteBuffer.allocate(4).putFloat(1.5f).array())
                .name("d").i32(6, 1).raw(ByteBuffer.allocate(8).putDouble(2.25).array());
    }

    /**
     * time (record, 2 records) × y 2 × x 3: "fixed"(y,x) short, "a"(time,y,x) float, "b"(time,x) short; data from
     * {@code base} on.
     */
    private static CdfBytes records(int version, long base) {
        CdfBytes b = CdfBytes.magic(version).i32(2)
                .list(DIM, 3).name("time").i32(0).name("y").i32(2).name("x").i32(3);
        everyAttributeType(b).list(VAR, 3);
        variable(b, version, "fixed", new int[] {1, 2}, 3, 12, base);
        variable(b, version, "a", new int[] {0, 1, 2}, 5, 24, base + 12);
        variable(b, version, "b", new int[] {0, 2}, 3, 8, base + 36);
        return b;
    }

    private static void variable(CdfBytes b, int version, String name, int[] dims, int type, int vsize, long begin) {
        b.name(name).i32(dims.length).i32(dims).list(ATT, 0).i32(type, vsize);
        if (version == 1) {
            b.i32((int) begin);
        } else {
            b.i64(begin);
        }
    }

    private Path write(String name, byte[] header, long length) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, header);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(Math.max(length, header.length));
        }
        return file;
    }

    private Path recordFile(int version) throws IOException {
        int base = records(version, 0).size();
        return write("rec" + version + ".nc", records(version, base).bytes(), base + 36 + 32 + 6);
    }

    @Test
    void shouldReadEveryAttributeTypeAndTheRecordLayoutOfCdf1AndCdf2() throws IOException {
        for (int version = 1; version <= 2; version++) {
            NetcdfHeader h = NetcdfFile.open(recordFile(version));
            int base = records(version, 0).size();
            assertEquals(version, h.version());
            assertEquals(base, h.headerSize());
            assertEquals(2, h.numberOfRecords());
            assertEquals(new NetcdfDimension("time", 2, true), h.dimensions().get(0));
            assertArrayEquals(new double[] {1, -2, 3}, h.attribute("b").orElseThrow().numbers());
            assertEquals("hi", h.attribute("c").orElseThrow().text());
            assertArrayEquals(new double[] {7, -8, 9}, h.attribute("s").orElseThrow().numbers());
            assertEquals(100000, h.attribute("i").orElseThrow().number(0));
            assertEquals(1.5, h.attribute("f").orElseThrow().number(0));
            assertEquals(2.25, h.attribute("d").orElseThrow().number(0));
            assertEquals(List.of(NetcdfType.BYTE, NetcdfType.CHAR, NetcdfType.SHORT, NetcdfType.INT,
                    NetcdfType.FLOAT, NetcdfType.DOUBLE), h.attributes().stream().map(NetcdfAttribute::type).toList());
            assertEquals(32, h.recordSize(), "24 + 8: b's 6 bytes padded");
            NetcdfVariable a = h.variable("a");
            NetcdfVariable b = h.variable("b");
            assertTrue(a.isRecord());
            assertArrayEquals(new long[] {2, 2, 3}, a.shape());
            assertEquals(base + 2L * (1 * 3 + 2), h.offset(h.variable("fixed"), 1, 2));
            assertEquals(base + 12 + 32 + 4L * (1 * 3 + 2), h.offset(a, 1, 1, 2));
            assertEquals(base + 36 + 32 + 2L * 2, h.offset(b, 1, 2));
            assertEquals(h.offset(a, 1, 1, 0), h.gridOffset(a, 1) + 4L * 3);
            assertEquals(6, h.gridElements(a));
        }
    }

    @Test
    void shouldNotPadTheRecordOfASingleRecordVariable() throws IOException {
        CdfBytes probe = CdfBytes.magic(1).i32(3).list(DIM, 2).name("t").i32(0).name("x").i32(3).list(ATT, 0)
                .list(VAR, 1);
        variable(probe, 1, "s", new int[] {0, 1}, 3, 8, 0);
        int base = probe.size();
        CdfBytes b = CdfBytes.magic(1).i32(3).list(DIM, 2).name("t").i32(0).name("x").i32(3).list(ATT, 0)
                .list(VAR, 1);
        variable(b, 1, "s", new int[] {0, 1}, 3, 8, base);
        byte[] data = ByteBuffer.allocate(18).putShort((short) 1).putShort((short) 2).putShort((short) 3)
                .putShort((short) 4).putShort((short) 5).putShort((short) 6).putShort((short) 7)
                .putShort((short) 8).putShort((short) 9).array();
        byte[] all = Arrays.copyOf(b.bytes(), base + 18);
        System.arraycopy(data, 0, all, base, 18);
        NetcdfHeader h = NetcdfFile.open(write("one.nc", all, all.length));
        assertEquals(6, h.recordSize(), "3 shorts, not padded to 8");
        assertEquals(base + 6 * 2 + 2, h.offset(h.variable("s"), 2, 1));
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, NetcdfFile.readValues(h, h.variable("s")));
    }

    @Test
    void shouldOpenAFileWithNoRecordsWhoseRecordVariableBeginsAtItsEnd() throws IOException {
        CdfBytes b = CdfBytes.magic(1).i32(0).list(DIM, 1).name("time").i32(0).list(ATT, 0).list(VAR, 1);
        variable(b, 1, "time", new int[] {0}, 6, 8, 1000);
        NetcdfHeader h = NetcdfFile.open(write("empty.nc", b.bytes(), 0));
        assertEquals(0, h.numberOfRecords());
        assertArrayEquals(new double[0], NetcdfFile.readValues(h, h.variable("time")));
    }

    @Test
    void shouldAddressDataPast2GiBInCdf2() throws IOException {
        long begin = 3L << 30;
        CdfBytes b = CdfBytes.magic(2).i32(0).list(DIM, 1).name("x").i32(4).list(ATT, 0).list(VAR, 1);
        variable(b, 2, "far", new int[] {0}, 5, 16, begin);
        Path file = write("far.nc", b.bytes(), begin + 16);
        try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
            f.seek(begin + 8);
            f.writeFloat(42.5f);
        }
        NetcdfHeader h = NetcdfFile.open(file);
        assertEquals(begin + 8, h.offset(h.variable("far"), 2));
        assertArrayEquals(new double[] {0, 0, 42.5, 0}, NetcdfFile.readValues(h, h.variable("far")));
    }

    @Test
    void shouldReadAHeaderLongerThanTheFirstBytesLoaded() throws IOException {
        char[] text = new char[200_000];
        Arrays.fill(text, 'x');
        Path file = dir.resolve("long.nc");
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.attribute(NetcdfAttribute.text("history", new String(text))).dimension("x", 1);
            w.variable("v", List.of("x"));
            w.writeHeader();
            w.write("v", 0, new float[] {3});
            w.commit();
        }
        NetcdfHeader h = NetcdfFile.open(file);
        assertEquals(200_000, h.attribute("history").orElseThrow().text().length());
        assertArrayEquals(new double[] {3}, NetcdfFile.readValues(h, h.variable("v")));
    }

    private String error(String name, byte[] bytes) throws IOException {
        Path file = write(name, bytes, bytes.length);
        return assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(file)).getMessage();
    }

    @Test
    void shouldRefuseOtherFormatsNamingTheMagic() throws IOException {
        assertEquals("x.nc: not a classic NetCDF file (magic 89 48 44 46: an HDF5/NetCDF-4 file; expected: CDF\\1 "
                + "or CDF\\2)", error("x.nc", new byte[] {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'}));
        assertEquals("y.nc: a CDF-5 (64-bit data) file is not supported (magic 43 44 46 05; expected: CDF\\1 or "
                + "CDF\\2)", error("y.nc", CdfBytes.magic(5).i32(0).bytes()));
        assertEquals("z.txt: not a classic NetCDF file (magic 68 65 6C 6C; expected: CDF\\1 or CDF\\2)",
                error("z.txt", "hello".getBytes()));
        assertEquals("e.nc: at byte 0: truncated header: magic needs 4 bytes, the file has 2 (expected: a "
                + "complete header)", error("e.nc", new byte[] {'C', 'D'}));
    }

    @Test
    void shouldRefuseMissingFilesAndDirectories() {
        assertEquals("gone.nc: no such file (expected: a classic NetCDF file)", assertThrows(
                NetcdfFormatException.class, () -> NetcdfFile.open(dir.resolve("gone.nc"))).getMessage());
        assertTrue(assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(dir)).getMessage()
                .endsWith(": not a regular file (expected: a classic NetCDF file)"));
    }

    @Test
    void shouldNameTheFieldAndByteOfATruncatedOrMalformedHeader() throws IOException {
        byte[] full = records(2, 0).bytes();
        assertEquals("t.nc: at byte 180: truncated header: attribute 'd' values needs 8 bytes, the file has 184 "
                + "(expected: a complete header)", error("t.nc", Arrays.copyOf(full, 184)));
        assertEquals("s.nc: at byte 4: numrecs is 0xFFFFFFFF: the file is still being written in streaming mode "
                + "(expected: a record count)", error("s.nc", CdfBytes.magic(1).i32(-1).bytes()));
        assertEquals("l.nc: at byte 8: dimension list tag 0x0000000B (expected: 0x0000000A or 0 for none)",
                error("l.nc", CdfBytes.magic(1).i32(0).list(VAR, 1).bytes()));
        assertEquals("u.nc: at byte 32: attribute 'u' has type 7 (expected: 1 to 6, a classic type)",
                error("u.nc", CdfBytes.magic(1).i32(0).list(DIM, 0).list(ATT, 1).name("u").i32(7, 1, 0).bytes()));
        CdfBytes bad = CdfBytes.magic(1).i32(0).list(DIM, 1).name("x").i32(2).list(ATT, 0).list(VAR, 1)
                .name("v").i32(1, 3).list(ATT, 0).i32(5, 8, 100);
        assertEquals("d.nc: at byte 56: variable 'v' dimension id 3 (expected: 0 to 0)", error("d.nc", bad.bytes()));
    }

    @Test
    void shouldRefuseAVariableWhoseDataLiePastTheEnd() throws IOException {
        int base = records(2, 0).size();
        assertEquals(336, base, "the header's length, as docs/FILES.md quotes this message");
        byte[] header = records(2, base).bytes();
        Path file = write("short.nc", header, base + 36 + 32 + 5);
        assertEquals("short.nc: variable 'b' lies at bytes " + (base + 36) + " to " + (base + 36 + 32 + 6)
                + ", past the end of the file (" + (base + 73) + " bytes) (expected: a file of at least "
                + (base + 74) + " bytes)", assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(file))
                        .getMessage());
    }

    @Test
    void shouldRefuseBadIndicesAndUnknownVariables() throws IOException {
        NetcdfHeader h = NetcdfFile.open(recordFile(1));
        NetcdfVariable a = h.variable("a");
        assertEquals("variable 'a': 2 indices (expected: 3)",
                assertThrows(IllegalArgumentException.class, () -> h.offset(a, 0, 0)).getMessage());
        assertEquals("variable 'a': index[2] = 3 (expected: 0 <= index < 3)",
                assertThrows(IllegalArgumentException.class, () -> h.offset(a, 0, 0, 3)).getMessage());
        assertEquals("variable 'a': index[0] = -1 (expected: 0 <= index < any record)",
                assertThrows(IllegalArgumentException.class, () -> h.offset(a, -1, 0, 0)).getMessage());
        assertEquals("variable 'b' has dimensions [time, x] (expected: at least 2, the last two not the record "
                + "dimension)", assertThrows(IllegalArgumentException.class, () -> h.gridOffset(h.variable("b")))
                        .getMessage());
        assertEquals("variable 'a': 0 leading indices (expected: 1)",
                assertThrows(IllegalArgumentException.class, () -> h.gridOffset(a)).getMessage());
        assertEquals("rec1.nc: no variable 'T' (expected one of: fixed, a, b)",
                assertThrows(NetcdfFormatException.class, () -> h.variable("T")).getMessage());
        assertEquals("attribute 'c' is text (expected: a number)",
                assertThrows(IllegalStateException.class, () -> h.attribute("c").orElseThrow().number(0))
                        .getMessage());
        assertEquals("attribute 'f' is FLOAT (expected: CHAR, text)",
                assertThrows(IllegalStateException.class, () -> h.attribute("f").orElseThrow().text()).getMessage());
    }

    @Test
    void shouldRefuseCountsLargerThanTheRestOfTheFileCanHoldBeforeAllocating() throws IOException {
        int max = Integer.MAX_VALUE;
        assertEquals("dims.nc: at byte 12: dimension list count 2147483647 needs at least 25769803764 bytes, the file "
                + "has 16 left (expected: a count the file can hold)",
                error("dims.nc", CdfBytes.magic(1).i32(0).list(DIM, max).list(ATT, 0).list(VAR, 0).bytes()));
        assertEquals("atts.nc: at byte 20: global attribute list count 2147483647 needs at least 34359738352 bytes, "
                + "the file has 8 left (expected: a count the file can hold)",
                error("atts.nc", CdfBytes.magic(1).i32(0).list(DIM, 0).list(ATT, max).list(VAR, 0).bytes()));
        assertEquals("vars.nc: at byte 28: variable list count 2147483647 needs at least 68719476704 bytes, the file "
                + "has 4 left (expected: a count the file can hold)",
                error("vars.nc", CdfBytes.magic(1).i32(0).list(DIM, 0).list(ATT, 0).list(VAR, max).i32(0).bytes()));
        CdfBytes varAtts = CdfBytes.magic(1).i32(0).list(DIM, 0).list(ATT, 0).list(VAR, 1).name("v").i32(0)
                .list(ATT, 1 << 28).i32(5, 0, 100);
        assertEquals("va.nc: at byte 48: variable 'v' attribute list count 268435456 needs at least 4294967296 bytes, "
                + "the file has 12 left (expected: a count the file can hold)", error("va.nc", varAtts.bytes()));
    }

    @Test
    void shouldRefuseAnEmptyNameNamingTheFile() throws IOException {
        assertEquals("n.nc: at byte 24: global attribute list entry 0 name length 0 (expected: >= 1, a name)",
                error("n.nc", CdfBytes.magic(1).i32(0).list(DIM, 0).list(ATT, 1).i32(0).i32(2, 1, 0).bytes()));
    }

    @Test
    void shouldRefuseAVariableOfMoreThan2To62Bytes() throws IOException {
        int max = Integer.MAX_VALUE;
        CdfBytes b = CdfBytes.magic(2).i32(0).list(DIM, 1).name("x").i32(max).list(ATT, 0).list(VAR, 1).name("v")
                .i32(3, 0, 0, 0).list(ATT, 0).i32(6, 0).i64(0);
        assertEquals("big.nc: variable 'v' has dimensions [x = 2147483647, x = 2147483647, x = 2147483647] of DOUBLE: "
                + "more than 2^62 bytes (expected: a size a file can have)", error("big.nc", b.bytes()));
    }

    @Test
    void shouldQuoteNamesFromTheFileEscapedAndCapped() throws IOException {
        String name = "\u0001" + "x".repeat(5000);
        String message = error("q.nc", CdfBytes.magic(1).i32(0).list(DIM, 1).name(name).i32(-1).bytes());
        assertEquals("q.nc: at byte 16: dimension '\\x01" + "x".repeat(56) + "…' has length -1 (expected: >= 0)",
                message);
    }

    @Test
    void shouldRefuseADimensionOrVariableNamedTwice() throws IOException {
        assertEquals("d.nc: at byte 28: dimension 'x' is named twice (expected: distinct dimension names)",
                error("d.nc", CdfBytes.magic(1).i32(0).list(DIM, 2).name("x").i32(2).name("x").i32(3).bytes()));
        CdfBytes twice = CdfBytes.magic(1).i32(0).list(DIM, 1).name("x").i32(2).list(ATT, 0).list(VAR, 2);
        variable(twice, 1, "v", new int[] {0}, 5, 8, 200);
        variable(twice, 1, "v", new int[] {0}, 5, 8, 208);
        assertEquals("v.nc: at byte 80: variable 'v' is named twice (expected: distinct variable names)",
                error("v.nc", twice.bytes()));
    }

    @Test
    void shouldRefuseAHeaderFieldPast64MiBWithoutLoadingIt() throws IOException {
        byte[] header = CdfBytes.magic(1).i32(0).list(DIM, 1).i32(80 << 20).bytes();
        Path file = write("huge.nc", header, 100L << 20);
        assertEquals("huge.nc: at byte 20: dimension 0 name needs 83886080 bytes, past the first 64 MiB (expected: a "
                + "header of at most 64 MiB)", assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(file))
                        .getMessage());
    }
}
