package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.index.IndexSpace;

/** A file-backed holder's arguments and the checks its file gets when bound, each with its message. */
class FileHolderTest {
    private final IndexSpace space = IndexSpace.of(4, 8).withNames("y", "x");
    @TempDir
    Path dir;

    private static FileHolder floats(Path path, long offset, long... strides) {
        return Holder.file(path, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, offset, strides);
    }

    private String refused(Role role, Holder holder) {
        return assertThrows(IllegalArgumentException.class,
                () -> ArrayBinding.of("T", role, holder, space)).getMessage();
    }

    @Test
    void shouldRefuseMissingArgumentsNamingThem() {
        assertEquals("file: path is null (expected: the file holding the array)",
                assertThrows(IllegalArgumentException.class, () -> floats(null, 0)).getMessage());
        assertEquals("file " + dir + ": offsetBytes = -4 (expected: >= 0)",
                assertThrows(IllegalArgumentException.class, () -> floats(dir, -4)).getMessage());
        assertEquals("file " + dir + ": byte order is null (expected: ByteOrder.LITTLE_ENDIAN or BIG_ENDIAN)",
                assertThrows(IllegalArgumentException.class,
                        () -> Holder.file(dir, ElementType.FLOAT, null, 0)).getMessage());
    }

    @Test
    void shouldRefuseAMissingDirectoryOrShortInputFileWhenBound() throws IOException {
        Path missing = dir.resolve("t.f32");
        assertEquals("in 'T': file " + missing + " does not exist (expected: an existing file to read)",
                refused(Role.IN, floats(missing, 0)));
        assertEquals("in 'T': " + dir + " is a directory (expected: a file)", refused(Role.IN, floats(dir, 0)));
        Files.write(missing, new byte[4 * 32 - 1]);
        assertEquals("in 'T': file " + missing + " holds 127 bytes, too short for its shape (expected: at least 128 "
                + "bytes)", refused(Role.IN, floats(missing, 0)));
        Files.write(missing, new byte[4 * 32 + 8]);
        assertEquals("in 'T': file " + missing + " holds 136 bytes, too short for its shape (expected: at least 140 "
                + "bytes)", refused(Role.IN, floats(missing, 12)));
        ArrayBinding.of("T", Role.IN, floats(missing, 8), space); // exactly long enough
    }

    @Test
    void shouldRefuseAStridedInputThatReachesPastTheFileEnd() throws IOException {
        Path file = Files.write(dir.resolve("ab.f32"), new byte[4 * 64]);
        ArrayBinding.of("T", Role.IN, floats(file, 0, 16, 1), space); // every other row of 16: the first 64 floats
        assertEquals("in 'T': file " + file + " holds 256 bytes, too short for its shape (expected: at least 260 bytes)",
                refused(Role.IN, floats(file, 36, 16, 1)));
    }

    @Test
    void shouldRefuseAnUnreadableInputAndAReadOnlyOutputDirectory() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root reads and writes whatever the permissions");
        Path file = Files.write(dir.resolve("t.f32"), new byte[128]);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
        assertEquals("in 'T': file " + file + " is not readable (expected: read permission)",
                refused(Role.IN, floats(file, 0)));
        Path readOnly = Files.createDirectory(dir.resolve("ro"));
        Files.setPosixFilePermissions(readOnly, PosixFilePermissions.fromString("r-x------"));
        assertEquals("out 'T': directory " + readOnly + " is not writable (expected: write permission, for the new "
                + "file and its temporary name)", refused(Role.OUT, floats(readOnly.resolve("o.f32"), 0)));
    }

    @Test
    void shouldRefuseAnOutputInAMissingDirectoryOrOnADirectoryOrLargerThanTheFreeSpace() throws IOException {
        Path nowhere = dir.resolve("no").resolve("o.f32");
        assertEquals("out 'T': the directory of " + nowhere + " does not exist (expected: an existing directory)",
                refused(Role.OUT, floats(nowhere, 0)));
        assertEquals("out 'T': " + dir + " is a directory (expected: a file name to write)",
                refused(Role.OUT, floats(dir, 0)));
        IndexSpace huge = IndexSpace.of(1L << 20, 1L << 20, 1L << 10).withNames("t", "y", "x"); // 4 PiB of floats
        Path big = dir.resolve("big.f32");
        long free = Files.getFileStore(dir).getUsableSpace();
        String message = assertThrows(IllegalArgumentException.class,
                () -> ArrayBinding.of("T", Role.OUT, floats(big, 0), huge)).getMessage();
        String head = "out 'T': " + big + " needs " + (4L << 50) + " bytes but its file system has ";
        assertEquals(head, message.substring(0, head.length()));
        assertEquals(" free (expected: room for the output)", message.substring(message.lastIndexOf(" free")));
        assertEquals(true, Long.parseLong(message.substring(head.length(), message.lastIndexOf(" free"))) <= free * 2);
    }

    @Test
    void shouldShareOneStorageObjectPerFileAndTellItsGeometry() {
        FileHolder a = floats(dir.resolve("x/../ab.f32"), 16, 32, 1);
        FileHolder b = Holder.fileInPlace(dir.resolve("ab.f32"), ElementType.FLOAT, ByteOrder.BIG_ENDIAN, 64);
        assertSame(a.storage(), b.storage());
        assertEquals(dir.resolve("ab.f32"), a.path());
        assertEquals(16, a.offsetBytes());
        assertEquals(ByteOrder.BIG_ENDIAN, b.byteOrder());
        assertEquals(false, a.writesInPlace());
        assertEquals(true, b.writesInPlace());
        assertEquals(0, a.capacity());
    }

    @Test
    void shouldTellTheBytesAnArrayOfAShapeReaches() {
        assertEquals(java.util.List.of(16L, 16L + 4 * 32), java.util.Arrays.stream(floats(dir, 16).byteRange(
                new long[] {4, 8})).boxed().toList());
        assertEquals(java.util.List.of(0L, 16L), java.util.Arrays.stream(floats(dir, 12, -1).byteRange(
                new long[] {4})).boxed().toList(), "a negative stride reaches down to byte 0");
        assertEquals(null, floats(dir, 8, -1).byteRange(new long[] {4}), "before byte 0");
        assertEquals(java.util.List.of(20L, 20L), java.util.Arrays.stream(floats(dir, 20).byteRange(
                new long[] {0, 8})).boxed().toList(), "an empty array reaches nothing");
    }
}
