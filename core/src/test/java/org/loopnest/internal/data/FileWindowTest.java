package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileWindowTest {
    /**
     * A window over a whole file has lost nothing, however little free space its disk reports (a run as root writing
     * into ext4's reserved blocks, outputs that fill the disk exactly): before issue 22's review it failed the block
     * whenever fewer than 4 KiB were free to ordinary users.
     */
    @Test
    void shouldSayNothingWasLostWhileTheFileIsWholeHoweverFullItsDisk(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("b.f32"), new byte[64]);
        assertNull(new FileWindow(ByteBuffer.allocate(64), 0, file, 64).lostWrites());
    }

    @Test
    void shouldNameTheSizeOfAFileCutShortUnderTheWindow(@TempDir Path dir) throws IOException {
        Path file = Files.write(dir.resolve("b.f32"), new byte[16]);
        assertEquals("the file is now 16 bytes, shorter than the 64 the window reaches",
                new FileWindow(ByteBuffer.allocate(64), 0, file, 64).lostWrites());
    }
}
