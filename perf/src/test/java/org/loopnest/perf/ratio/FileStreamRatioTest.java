package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.loopnest.perf.report.BenchResult;

class FileStreamRatioTest {

    @Test
    void shouldGiveTheFiveRowsAndLeaveNoFileBehind() throws IOException {
        List<String> before = scratch("loopnest-file-stream");

        List<BenchResult> rows = new FileStreamRatio(2L << 20, new Rounds(0, 1)).run();

        assertEquals(List.of("file-stream-ratio", "file-stream-ratio-fsync", "file-stream-ratio-sim",
                "file-stream-ratio-sim-fsync", "file-stream-ratio-in-place"),
                rows.stream().map(BenchResult::name).toList());
        rows.forEach(r -> assertTrue(r.value() > 0 && r.detail().contains("compared byte for byte"), r.toString()));
        assertEquals(before, scratch("loopnest-file-stream"), "the scratch directory deleted");
    }

    @Test
    void shouldRefuseASizeThatIsNotAWholeNumberOfRows() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new FileStreamRatio(1000, new Rounds(0, 1)));
        assertEquals("file stream: 1000 bytes (expected: a positive multiple of 1048576)", e.getMessage());
    }

    @Test
    void shouldRefuseADirectoryWithoutRoomForSixFilesBeforeWritingAny() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> FileStreamRatio.checkRoom(Path.of("/scratch"), 1 << 20, 6L * (1 << 20) - 1));
        assertEquals("file stream: /scratch has 6291455 bytes free (expected: at least 6 × 1048576 = 6291456 for the "
                + "input and five outputs; choose a smaller --file-size or another java.io.tmpdir)", e.getMessage());
        FileStreamRatio.checkRoom(Path.of("/scratch"), 1 << 20, 6L * (1 << 20));
    }

    static List<String> scratch(String prefix) throws IOException {
        try (Stream<Path> all = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return all.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(prefix)).sorted().toList();
        }
    }
}
