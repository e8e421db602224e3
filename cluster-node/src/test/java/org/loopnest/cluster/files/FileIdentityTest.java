package org.loopnest.cluster.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.Random;
import java.util.zip.CRC32C;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Whether a node and its coordinator see the same file: size, time and both ends compared. */
class FileIdentityTest {
    /** 2026-11-28T00:10:01.123Z. */
    private static final long MODIFIED = 1_795_824_601_123L;
    private static final int SIZE = 200 * 1024;

    @TempDir
    Path tmp;

    private Path file;
    private FileIdentity coordinator;

    @BeforeEach
    void file() throws Exception {
        byte[] bytes = new byte[SIZE];
        new Random(42).nextBytes(bytes);
        file = Files.write(tmp.resolve("t.nc"), bytes);
        Files.setLastModifiedTime(file, FileTime.fromMillis(MODIFIED));
        coordinator = FileIdentity.of(file);
    }

    @Test
    void shouldFindTheSameFileTheSame() throws Exception {
        FileIdentity node = FileIdentity.of(file);

        assertEquals(coordinator, node);
        assertEquals(Optional.empty(), node.differs(coordinator));
        assertEquals(new FileIdentity(file.toString(), SIZE, MODIFIED, crc(file, 0, FileIdentity.END_BYTES),
                crc(file, SIZE - FileIdentity.END_BYTES, FileIdentity.END_BYTES)), node);
    }

    @Test
    void shouldTellADifferentSize() throws Exception {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(SIZE - 576);
        }
        Files.setLastModifiedTime(file, FileTime.fromMillis(MODIFIED));

        assertEquals(Optional.of(file + ": 204224 bytes here, 204800 on the coordinator"),
                FileIdentity.of(file).differs(coordinator));
    }

    @Test
    void shouldTellADifferentModificationTime() throws Exception {
        Files.setLastModifiedTime(file, FileTime.fromMillis(MODIFIED + 1_000));

        assertEquals(Optional.of(file + ": modified 2026-11-28T00:10:02.123Z here, 2026-11-28T00:10:01.123Z on the "
                + "coordinator"), FileIdentity.of(file).differs(coordinator));
    }

    @Test
    void shouldTellAByteChangedInTheFirst64KiB() throws Exception {
        flipByteAt(FileIdentity.END_BYTES - 1);

        FileIdentity node = FileIdentity.of(file);
        assertEquals(Optional.of(file + ": its first 64 KiB differ"), node.differs(coordinator));
        assertEquals(coordinator.tail(), node.tail());
    }

    @Test
    void shouldTellAByteChangedInTheLast64KiB() throws Exception {
        flipByteAt(SIZE - FileIdentity.END_BYTES);

        FileIdentity node = FileIdentity.of(file);
        assertEquals(Optional.of(file + ": its last 64 KiB differ"), node.differs(coordinator));
        assertEquals(coordinator.head(), node.head());
    }

    @Test
    void shouldNotSeeAByteChangedInTheMiddleWithTheSameSizeAndTime() throws Exception {
        flipByteAt(SIZE / 2); // the documented cost of checking only the ends

        assertEquals(Optional.empty(), FileIdentity.of(file).differs(coordinator));
    }

    @Test
    void shouldHashASmallFileWholeAtBothEnds() throws Exception {
        Path small = Files.writeString(tmp.resolve("small.bin"), "0123456789");
        Files.setLastModifiedTime(small, FileTime.fromMillis(MODIFIED));

        FileIdentity seen = FileIdentity.of(small);
        assertEquals(10, seen.size());
        assertEquals(crc(small, 0, 10), seen.head());
        assertEquals(seen.head(), seen.tail());

        Files.writeString(small, "x123456789");
        Files.setLastModifiedTime(small, FileTime.fromMillis(MODIFIED));
        FileIdentity changed = FileIdentity.of(small);
        assertNotEquals(seen.tail(), changed.tail());
        assertEquals(Optional.of(small + ": its first 10 bytes differ"), changed.differs(seen));
    }

    @Test
    void shouldHashAnEmptyFile() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty"));

        FileIdentity seen = FileIdentity.of(empty);
        assertEquals(0, seen.size());
        assertEquals(new CRC32C().getValue(), seen.head());
        assertEquals(seen.head(), seen.tail());
    }

    @Test
    void shouldNameAFileThatCannotBeRead() {
        Path missing = tmp.resolve("missing.nc");

        IOException e = assertThrows(IOException.class, () -> FileIdentity.of(missing));
        assertTrue(e.getMessage().startsWith(missing + ": cannot read its size, time and ends: "), e.getMessage());
    }

    @Test
    void shouldRefuseANegativeSize() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FileIdentity("/data/t.nc", -1, MODIFIED, 0, 0));
        assertEquals("/data/t.nc: size = -1 (expected: >= 0)", e.getMessage());
    }

    private void flipByteAt(long position) throws IOException {
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.seek(position);
            int old = raf.read();
            raf.seek(position);
            raf.write(old ^ 0xFF);
        }
        Files.setLastModifiedTime(file, FileTime.fromMillis(MODIFIED));
    }

    private static long crc(Path file, int from, int length) throws IOException {
        CRC32C crc = new CRC32C();
        crc.update(Files.readAllBytes(file), from, length);
        return crc.getValue();
    }
}
