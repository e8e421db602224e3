package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
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
}
