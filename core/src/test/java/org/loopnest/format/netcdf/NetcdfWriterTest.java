package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;

class NetcdfWriterTest {
    @TempDir
    Path dir;

    static float[] ramp(int n, float start) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = start + i * 0.5f;
        }
        return v;
    }

    static float readFloat(Path file, long at) throws IOException {
        try (FileChannel c = FileChannel.open(file)) {
            ByteBuffer b = ByteBuffer.allocate(4);
            c.read(b, at);
            return b.flip().getFloat();
        }
    }

    /** level 3 × lat 4 × lon 5: theta and q, with CF attributes. */
    static Path writeSample(Path file) throws IOException {
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("level", 3).dimension("lat", 4).dimension("lon", 5);
            w.attribute(NetcdfAttribute.text("Conventions", "CF-1.8"));
            w.attribute(NetcdfAttribute.doubles("version", 1.5));
            w.variable("theta", List.of("level", "lat", "lon"), NetcdfAttribute.text("units", "K"),
                    NetcdfAttribute.text("long_name", "Potential temperature"),
                    NetcdfAttribute.floats("_FillValue", -9999f));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.variable("q", List.of("lat", "lon"), NetcdfAttribute.text("units", "kg kg-1"));
            w.writeHeader();
            float[] theta = ramp(60, 270);
            w.write("theta", 20, java.util.Arrays.copyOfRange(theta, 20, 60));  // chunks, out of order
            w.write("theta", 0, java.util.Arrays.copyOfRange(theta, 0, 20));
            w.write("level", 0, new float[] {1000, 850, 500});
            w.write("q", 0, ramp(20, 0.001f));
            w.commit();
        }
        return file;
    }

    @Test
    void shouldReadBackWhatItWrote() throws IOException {
        NetcdfHeader h = NetcdfFile.open(writeSample(dir.resolve("out.nc")));
        assertEquals(2, h.version());
        assertEquals(List.of(new NetcdfDimension("level", 3, false), new NetcdfDimension("lat", 4, false),
                new NetcdfDimension("lon", 5, false)), h.dimensions());
        assertEquals("CF-1.8", h.attribute("Conventions").orElseThrow().text());
        assertEquals(1.5, h.attribute("version").orElseThrow().number(0));
        NetcdfVariable theta = h.variable("theta");
        assertArrayEquals(new long[] {3, 4, 5}, theta.shape());
        assertEquals(List.of("level", "lat", "lon"), theta.dimensionNames());
        assertEquals(NetcdfType.FLOAT, theta.type());
        assertEquals(240, theta.vsize());
        assertEquals("Potential temperature", theta.attribute("long_name").orElseThrow().text());
        float[] expected = ramp(60, 270);
        for (int z = 0; z < 3; z++) {
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 5; x++) {
                    assertEquals(expected[(z * 4 + y) * 5 + x], readFloat(h.file(), h.offset(theta, z, y, x)));
                }
            }
        }
        assertEquals(h.offset(theta, 2, 0, 0), h.gridOffset(theta, 2));
        assertEquals(20, h.gridElements(theta));
        assertArrayEquals(new double[] {1000, 850, 500}, NetcdfFile.readValues(h, h.variable("level")));
        assertEquals(0.001f + 19 * 0.5f, readFloat(h.file(), h.offset(h.variable("q"), 3, 4)));
        assertEquals(h.headerSize(), h.variable("theta").begin());
        assertEquals(h.variable("level").begin() + 12, h.variable("q").begin());
    }

    @Test
    void shouldGiveAnInPlaceBigEndianHolderOverAVariableOfItsTemporaryFile() throws IOException {
        Path target = dir.resolve("held.nc");
        try (NetcdfWriter w = NetcdfWriter.create(target)) {
            w.dimension("y", 2).dimension("x", 3);
            w.variable("a", List.of("x"));
            w.variable("b", List.of("y", "x"));
            NetcdfHeader planned = w.writeHeader();
            org.loopnest.data.FileHolder b = w.holder("b");
            assertEquals(planned.variable("b").begin(), b.offsetBytes());
            assertEquals(java.nio.ByteOrder.BIG_ENDIAN, b.byteOrder());
            assertEquals(org.loopnest.data.ElementType.FLOAT, b.type());
            assertTrue(b.writesInPlace(), "writes into the writer's own temporary file");
            assertTrue(Files.isRegularFile(b.path()), "the temporary file exists");
            assertFalse(b.path().equals(target.toAbsolutePath()), "not the target before commit");
            try (FileChannel c = FileChannel.open(b.path(), java.nio.file.StandardOpenOption.WRITE)) {
                ByteBuffer values = ByteBuffer.allocate(24); // big-endian, as the holder says
                values.asFloatBuffer().put(ramp(6, 1));
                c.write(values, b.offsetBytes());
            }
            IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> w.holder("c"));
            assertEquals("held.nc: no variable 'c' (expected one of: a, b)", unknown.getMessage());
            w.commit();
            IllegalStateException late = assertThrows(IllegalStateException.class, () -> w.holder("b"));
            assertEquals("holder(\"b\") while COMMITTED (expected: after writeHeader, before commit/close)",
                    late.getMessage());
        }
        NetcdfHeader h = NetcdfFile.open(target);
        assertEquals(2.5f, readFloat(target, h.offset(h.variable("b"), 1, 0)));
        try (NetcdfWriter early = NetcdfWriter.create(dir.resolve("early.nc"))) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> early.holder("b"));
            assertEquals("holder(\"b\") while DECLARING (expected: after writeHeader, before commit/close)",
                    e.getMessage());
        }
    }

    @Test
    void shouldLeaveNoTemporaryFileAndTheOldTargetWhenNotCommitted() throws IOException {
        Path target = dir.resolve("out.nc");
        Files.writeString(target, "old");
        try (NetcdfWriter w = NetcdfWriter.create(target)) {
            w.dimension("x", 2).variable("v", List.of("x"));
            w.writeHeader();
            w.write("v", 0, new float[] {1, 2});
        }
        assertEquals("old", Files.readString(target));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList());
        }
    }

    @Test
    void shouldGiveAHolderOverTheVariableInTheTemporaryFileThatTheCommitMovesIntoPlace() throws IOException {
        Path target = dir.resolve("held.nc");
        try (NetcdfWriter w = NetcdfWriter.create(target)) {
            w.dimension("y", 2).dimension("x", 3).variable("a", List.of("x")).variable("b", List.of("y", "x"));
            IllegalStateException early = assertThrows(IllegalStateException.class, () -> w.holder("b"));
            assertEquals("holder(\"b\") while DECLARING (expected: after writeHeader, before commit/close)",
                    early.getMessage());
            NetcdfHeader header = w.writeHeader();
            FileHolder b = w.holder("b");
            assertTrue(b.writesInPlace(), "writes into the writer's own file");
            assertEquals(ByteOrder.BIG_ENDIAN, b.byteOrder());
            assertEquals(ElementType.FLOAT, b.type());
            assertEquals(header.variable("b").begin(), b.offsetBytes());
            assertTrue(b.path().getFileName().toString().endsWith(".tmp"), b.path().toString());
            try (FileChannel c = FileChannel.open(b.path(), StandardOpenOption.WRITE)) { // as a run writes it
                ByteBuffer values = ByteBuffer.allocate(24);
                for (int i = 0; i < 6; i++) {
                    values.putFloat(10 + i);
                }
                c.write(values.flip(), b.offsetBytes());
            }
            assertThrows(IllegalArgumentException.class, () -> w.holder("c"));
            w.commit();
            assertThrows(IllegalStateException.class, () -> w.holder("b"));
        }
        NetcdfHeader read = NetcdfFile.open(target);
        assertEquals(15f, readFloat(target, read.offset(read.variable("b"), 1, 2)));
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(target), files.toList(), "no temporary file left");
        }
    }

    @Test
    void shouldGiveTheCommittedFileTheSamePermissionsAsAnyNewFile() throws IOException {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"), "not a POSIX file system");
        Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
        assertEquals(Files.getPosixFilePermissions(plain),
                Files.getPosixFilePermissions(writeSample(dir.resolve("out.nc"))));
    }

    @Test
    void shouldReplaceTheTargetOnCommit() throws IOException {
        Path target = dir.resolve("out.nc");
        Files.writeString(target, "old");
        writeSample(target);
        assertEquals(3, NetcdfFile.open(target).variables().size());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.count());
        }
    }

    @Test
    void shouldRefuseBadDeclarationsSayingWhatWasExpected() throws IOException {
        assertEquals("target " + dir + " is a directory (expected: a file in an existing directory)",
                assertThrows(IllegalArgumentException.class, () -> NetcdfWriter.create(dir)).getMessage());
        try (NetcdfWriter w = NetcdfWriter.create(dir.resolve("a.nc"))) {
            assertEquals("dimension 'x' length = 0 (expected: 1 to 2147483647; no record dimension)",
                    assertThrows(IllegalArgumentException.class, () -> w.dimension("x", 0)).getMessage());
            w.dimension("x", 2);
            assertEquals("dimension name 'x' is taken (expected: a new, non-empty name)",
                    assertThrows(IllegalArgumentException.class, () -> w.dimension("x", 3)).getMessage());
            assertEquals("variable 'v' dimension 'y' is not declared (expected one of: x)",
                    assertThrows(IllegalArgumentException.class, () -> w.variable("v", List.of("y"))).getMessage());
            w.variable("v", List.of("x"));
            assertEquals("write(\"v\") while DECLARING (expected: after writeHeader, before commit/close)",
                    assertThrows(IllegalStateException.class, () -> w.write("v", 0, new float[1])).getMessage());
            w.writeHeader();
            assertEquals("variable 'v': elements 1 to 3 (expected: within 0 to 2)",
                    assertThrows(IllegalArgumentException.class, () -> w.write("v", 1, new float[2])).getMessage());
            assertEquals("declaring after writeHeader (state WRITING; expected: dimensions, attributes and "
                    + "variables first)", assertThrows(IllegalStateException.class, () -> w.dimension("z", 1))
                            .getMessage());
            assertTrue(assertThrows(NetcdfFormatException.class, () -> w.write("w", 0, new float[1])).getMessage()
                    .endsWith("no variable 'w' (expected one of: v)"));
        }
        assertFalse(Files.exists(dir.resolve("a.nc")));
    }
}
