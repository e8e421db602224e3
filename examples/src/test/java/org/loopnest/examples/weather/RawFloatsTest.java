package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawFloatsTest {
    @TempDir
    Path dir;

    @Test
    void shouldWriteAllFilesUnderTheirNamesAndLeaveNoTemporaryFiles() throws IOException {
        float[] big = new float[(1 << 18) + 3];
        for (int i = 0; i < big.length; i++) {
            big[i] = i * 0.25f - 7;
        }
        Map<String, float[]> files = new LinkedHashMap<>();
        files.put("a.f32", big);
        files.put("b.f32", new float[] {1, Float.NaN, -2.56e33f});
        Path out = dir.resolve("new/sub");
        List<Path> written = RawFloats.writeAll(out, files);
        assertEquals(List.of(out.resolve("a.f32"), out.resolve("b.f32")), written);
        try (Stream<Path> listing = Files.list(out)) {
            assertEquals(2, listing.count(), "no temporary files left");
        }
        float[] back = new float[big.length];
        RawFloats.read(out.resolve("a.f32"), back);
        assertArrayEquals(big, back);
    }

    @Test
    void shouldReplaceAnExistingFile() throws IOException {
        RawFloats.writeAll(dir, Map.of("x.f32", new float[] {1, 2, 3}));
        RawFloats.writeAll(dir, Map.of("x.f32", new float[] {4}));
        assertEquals(4, Files.size(dir.resolve("x.f32")));
    }

    @Test
    void shouldKeepEveryOldFileWhenOneOfTheSetCannotBeReplaced() throws IOException {
        RawFloats.writeAll(dir, Map.of("a.f32", new float[] {1}, "b.f32", new float[] {2}));
        Files.createDirectories(dir.resolve("c.f32/inside"));
        Map<String, float[]> files = new LinkedHashMap<>();
        files.put("a.f32", new float[] {10, 10});
        files.put("b.f32", new float[] {20, 20});
        files.put("c.f32", new float[] {30, 30});
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> RawFloats.writeAll(dir, files));
        assertEquals(dir.resolve("c.f32") + ": a directory (expected: a file to replace, or none)",
                refused.getMessage());
        assertEquals(4, Files.size(dir.resolve("a.f32")), "a.f32 is still the old one");
        assertEquals(4, Files.size(dir.resolve("b.f32")), "b.f32 is still the old one");
        try (Stream<Path> listing = Files.list(dir)) {
            assertEquals(3, listing.count(), "no temporary files left");
        }
    }

    @Test
    void shouldSayWhatAnInputIsWhenItIsNotARegularFileAndWhatWasExpected() {
        String expected = " (expected: a regular file of 12 bytes = 3 float32 values)";
        assertEquals("T " + dir + ": a directory" + expected, refusal(dir));
        assertEquals("T " + dir.resolve("none") + ": no such file" + expected, refusal(dir.resolve("none")));
        Path zero = Path.of("/dev/zero");
        Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero here");
        assertEquals("T /dev/zero: a character device" + expected, refusal(zero));
    }

    @Test
    void shouldSayAnInputIsAFifo() throws IOException, InterruptedException {
        Path fifo = dir.resolve("pipe");
        Process mkfifo;
        try {
            mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        } catch (IOException noMkfifo) {
            Assumptions.abort("mkfifo is not available: " + noMkfifo.getMessage());
            return;
        }
        boolean done = mkfifo.waitFor(30, TimeUnit.SECONDS);
        if (!done) {
            mkfifo.destroyForcibly();
        }
        Assumptions.assumeTrue(done && mkfifo.exitValue() == 0, "mkfifo failed");
        assertEquals("T " + fifo + ": a FIFO (expected: a regular file of 12 bytes = 3 float32 values)",
                refusal(fifo));
    }

    @Test
    void shouldNameTheSizeFoundAndTheSizeExpected() throws IOException {
        Path file = Files.write(dir.resolve("short.f32"), new byte[8]);
        assertEquals("T " + file + ": 8 bytes (expected: 12 bytes = 3 float32 values)", refusal(file));
    }

    private static String refusal(Path file) {
        return assertThrows(IllegalArgumentException.class, () -> RawFloats.checkSize(file, 3, "T")).getMessage();
    }
}
