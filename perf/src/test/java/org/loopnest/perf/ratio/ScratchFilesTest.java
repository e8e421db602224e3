package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScratchFilesTest {
    @TempDir
    Path dir;

    @Test
    void shouldReadBackThePatternAndFindTheFirstDifferentByte() throws IOException {
        Path a = dir.resolve("a.f32");
        Path b = dir.resolve("b.f32");
        long bytes = ScratchFiles.PIECE_BYTES + 64; // two pieces, the second short
        ScratchFiles.writePattern(a, bytes);
        Files.copy(a, b);

        assertNull(ScratchFiles.firstDifference(a, b));
        assertEquals(ScratchFiles.pattern(ScratchFiles.PIECE_BYTES / 4 + 3),
                ScratchFiles.readFloats(a, (int) (bytes / 4))[ScratchFiles.PIECE_BYTES / 4 + 3]);
        byte[] changed = Files.readAllBytes(b);
        changed[ScratchFiles.PIECE_BYTES + 5] ^= 1;
        Files.write(b, changed);
        assertEquals(b + " differs from " + a + " at byte " + (ScratchFiles.PIECE_BYTES + 5)
                + " (expected: the same bytes)", ScratchFiles.firstDifference(a, b));
    }

    @Test
    void shouldNameAFileOfAnotherSize() {
        Path a = dir.resolve("a.f32");
        Path b = dir.resolve("b.f32");
        ScratchFiles.writeFloats(a, new float[] {1, 2, 3});
        ScratchFiles.writeFloats(b, new float[] {1, 2});

        assertEquals(b + " holds 8 bytes (expected: 12, as " + a + ")", ScratchFiles.firstDifference(a, b));
        assertArrayEquals(new float[] {1, 2}, ScratchFiles.readFloats(b, 2));
    }

    @Test
    void shouldNameACommandThatFails() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ScratchFiles.command(List.of("cp", dir.resolve("missing").toString(), dir.toString() + "/x")));
        assertEquals("[cp, " + dir.resolve("missing") + ", " + dir + "/x] exited with status 1 (expected: 0)",
                e.getMessage());
    }

    @Test
    void shouldDeleteADirectoryTree() throws IOException {
        Path sub = Files.createDirectories(dir.resolve("x/y"));
        ScratchFiles.writeFloats(sub.resolve("z.f32"), new float[] {1});

        ScratchFiles.deleteTree(dir.resolve("x"));

        assertEquals(false, Files.exists(dir.resolve("x")));
    }
}
