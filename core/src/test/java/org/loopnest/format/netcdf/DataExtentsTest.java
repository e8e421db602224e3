package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the header says the data lie: after the header, within the file, apart (issue 22, item 14: such files were
 * read, header bytes becoming levels and one variable's bytes another's, where ncdump refuses them).
 */
class DataExtentsTest {
    private static final int DIM = 0x0A;
    private static final int VAR = 0x0B;
    private static final int ATT = 0x0C;
    private static final int FLOAT = 5;

    @TempDir
    Path dir;

    /** A variable of the test files: name, dimension ids (0: time, the record dimension; 1: x = 4), begin. */
    private record Var(String name, int[] dims, LongUnaryOperator begin) {
    }

    private static Var fixed(String name, LongUnaryOperator begin) {
        return new Var(name, new int[] {1}, begin);
    }

    private static Var record(String name, LongUnaryOperator begin) {
        return new Var(name, new int[] {0, 1}, begin);
    }

    /** A CDF-2 header with {@code numrecs} records of dimensions time and x = 4, float variables; begins from size. */
    private static byte[] header(int numrecs, Var... vars) {
        long size = build(numrecs, 0, vars).length;
        return build(numrecs, size, vars);
    }

    private static byte[] build(int numrecs, long headerSize, Var... vars) {
        CdfBytes b = CdfBytes.magic(2).i32(numrecs).list(DIM, 2).name("time").i32(0).name("x").i32(4)
                .list(ATT, 0).list(VAR, vars.length);
        for (Var v : vars) {
            b.name(v.name()).i32(v.dims().length).i32(v.dims()).list(ATT, 0).i32(FLOAT, 16)
                    .i64(v.begin().applyAsLong(headerSize));
        }
        return b.bytes();
    }

    /** The header, then {@code data} floats 1, 2, 3, …. */
    private Path file(String name, byte[] header, int data) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(header.length + 4 * data).put(header);
        for (int i = 1; i <= data; i++) {
            b.putFloat(i);
        }
        Path file = dir.resolve(name);
        Files.write(file, b.array());
        return file;
    }

    private String refused(Path file) {
        return assertThrows(NetcdfFormatException.class, () -> NetcdfFile.open(file)).getMessage();
    }

    @Test
    void shouldReadVariablesThatLieAfterTheHeaderAndApart() throws IOException {
        Path file = file("ok.nc", header(2, fixed("a", h -> h), record("r", h -> h + 16), record("s", h -> h + 32)),
                4 + 2 * 8);
        NetcdfHeader h = NetcdfFile.open(file);
        assertArrayEquals(new double[] {1, 2, 3, 4}, NetcdfFile.readValues(h, h.variable("a")));
        assertArrayEquals(new double[] {5, 6, 7, 8, 13, 14, 15, 16}, NetcdfFile.readValues(h, h.variable("r")));
        assertArrayEquals(new double[] {9, 10, 11, 12, 17, 18, 19, 20}, NetcdfFile.readValues(h, h.variable("s")));
    }

    @Test
    void shouldRefuseAVariableThatBeginsInsideTheHeader() throws IOException {
        byte[] header = header(0, fixed("level", h -> h - 8));
        assertEquals(100, header.length, "docs/FILES.md quotes this message");
        assertEquals("in.nc: variable 'level' begins at byte " + (header.length - 8) + ", inside the header (bytes 0 "
                + "to " + header.length + ") (expected: data at or after byte " + header.length + ")",
                refused(file("in.nc", header, 4)));
        byte[] records = header(1, record("r", h -> 0));
        assertEquals("rin.nc: variable 'r' begins at byte 0, inside the header (bytes 0 to " + records.length
                + ") (expected: data at or after byte " + records.length + ")", refused(file("rin.nc", records, 4)));
    }

    @Test
    void shouldRefuseVariablesThatOverlap() throws IOException {
        byte[] header = header(0, fixed("theta", h -> h), fixed("level", h -> h + 8));
        long h = header.length;
        assertEquals("both.nc: variable 'theta' (bytes " + h + " to " + (h + 16) + ") and variable 'level' (bytes "
                + (h + 8) + " to " + (h + 24) + ") overlap (expected: each variable's data apart from the others')",
                refused(file("both.nc", header, 6)));
        byte[] same = header(0, fixed("a", x -> x), fixed("b", x -> x));
        long s = same.length;
        assertEquals("same.nc: variable 'a' (bytes " + s + " to " + (s + 16) + ") and variable 'b' (bytes " + s
                + " to " + (s + 16) + ") overlap (expected: each variable's data apart from the others')",
                refused(file("same.nc", same, 4)));
    }

    @Test
    void shouldRefuseRecordVariablesThatOverlapInTheRecordOrLeaveIt() throws IOException {
        byte[] header = header(2, record("r", h -> h), record("s", h -> h + 8));
        assertEquals("rs.nc: variable 'r' (bytes 0 to 16 of each record) and variable 's' (bytes 8 to 24 of each "
                + "record) overlap (expected: each variable's data apart from the others')",
                refused(file("rs.nc", header, 16)));
        byte[] past = header(2, record("r", h -> h), record("s", h -> h + 24));
        assertEquals("past.nc: variable 's' takes bytes 24 to 40 of each record, past the record's 32 bytes "
                + "(expected: each record variable's slice within its record)", refused(file("past.nc", past, 20)));
    }

    @Test
    void shouldRefuseAFixedVariableInsideTheRecords() throws IOException {
        byte[] header = header(2, record("r", h -> h), fixed("a", h -> h + 16));
        long h = header.length;
        assertEquals("fr.nc: the records (bytes " + h + " to " + (h + 32) + ") and variable 'a' (bytes " + (h + 16)
                + " to " + (h + 32) + ") overlap (expected: each variable's data apart from the others')",
                refused(file("fr.nc", header, 8)));
    }

    @Test
    void shouldRefuseABeginPast2To63WithoutOverflowing() throws IOException {
        byte[] header = header(0, fixed("far", h -> Long.MAX_VALUE));
        assertEquals("far.nc: variable 'far' begins at byte 9223372036854775807 and ends past byte 2^63-1, past the "
                + "end of the file (" + (header.length + 16) + " bytes) (expected: data within the file)",
                refused(file("far.nc", header, 4)));
        byte[] records = header(Integer.MAX_VALUE, record("r", h -> Long.MAX_VALUE - 100));
        assertEquals("rfar.nc: variable 'r' begins at byte " + (Long.MAX_VALUE - 100) + " and ends past byte 2^63-1, "
                + "past the end of the file (" + (records.length + 16) + " bytes) (expected: data within the file)",
                refused(file("rfar.nc", records, 4)));
    }

    @Test
    void shouldIgnoreWhereVariablesWithoutDataBegin() throws IOException {
        byte[] header = header(0, record("r", h -> 0), fixed("a", h -> h));
        NetcdfHeader h = NetcdfFile.open(file("norecords.nc", header, 4));
        assertArrayEquals(new double[0], NetcdfFile.readValues(h, h.variable("r")));
        assertArrayEquals(new double[] {1, 2, 3, 4}, NetcdfFile.readValues(h, h.variable("a")));
    }
}
