package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.loopnest.perf.report.BenchResult;

class ClusterDataLocalBytesTest {

    @Test
    void shouldCountTheSocketBytesOfBothPathsAndLeaveNoFileOrThreadBehind() throws Exception {
        List<String> before = FileStreamRatioTest.scratch("loopnest-data-local-bytes");
        Set<Thread> threads = Threads.live();

        List<BenchResult> rows = ClusterDataLocalBytes.quick().run();

        assertEquals(List.of("cluster-data-local-bytes", "cluster-data-local-bytes-shipped"),
                rows.stream().map(BenchResult::name).toList());
        rows.forEach(r -> assertTrue(r.value() > 0 && r.detail().contains("compared byte for byte"), r.toString()));
        assertTrue(rows.get(0).value() < 0.01, rows.get(0).toString());
        assertTrue(rows.get(1).value() > 1, rows.get(1).toString());
        assertTrue(rows.get(0).detail().contains("did its own I/O on the shared files"), rows.get(0).detail());
        assertTrue(rows.get(1).detail().contains("was sent its chunks (no I/O of its own: the node was started "
                + "without --data-dir)"), rows.get(1).detail());
        assertEquals(before, FileStreamRatioTest.scratch("loopnest-data-local-bytes"), "the scratch directory deleted");
        assertEquals(Set.of(), Threads.leftSince(threads), "threads left");
    }

    @Test
    void shouldRefuseADirectoryWithoutRoomForFourFiles() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ClusterDataLocalBytes.checkRoom(Path.of("/scratch"), 1 << 20, 4L * (1 << 20) - 1));
        assertEquals("cluster data-local bytes: /scratch has 4194303 bytes free (expected: at least 4 × 1048576 = "
                + "4194304 for the input, two outputs and a run's temporary file; choose another java.io.tmpdir)",
                e.getMessage());
        ClusterDataLocalBytes.checkRoom(Path.of("/scratch"), 1 << 20, 4L * (1 << 20));
    }

    @Test
    void shouldRefuseASizeThatIsNotAWholeNumberOfMebibytes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ClusterDataLocalBytes(1000, new Rounds(0, 1)));
        assertEquals("cluster data-local bytes: 1000 bytes (expected: a positive multiple of 1048576)",
                e.getMessage());
    }
}
