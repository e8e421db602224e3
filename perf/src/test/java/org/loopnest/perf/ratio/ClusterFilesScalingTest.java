package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.kernel.KernelPath;
import org.loopnest.perf.report.BenchResult;

class ClusterFilesScalingTest {

    @Test
    void shouldGiveTheSixRowsWithTheModelAndLeaveNoFileOrThreadBehind() throws Exception {
        List<String> before = FileStreamRatioTest.scratch("loopnest-data-local-scaling");
        Set<Thread> threads = Threads.live();

        List<BenchResult> rows = ClusterFilesScaling.quick().run();

        assertEquals(List.of("cluster-scaling-2-files", "cluster-scaling-2-files-link-shipped",
                "cluster-scaling-2-files-link-data-local", "cluster-files-link-data-local-vs-shipped",
                "cluster-files-model-fit-shipped", "cluster-files-model-fit-data-local"),
                rows.stream().map(BenchResult::name).toList());
        rows.forEach(r -> assertTrue(r.value() > 0 && r.detail().contains("outputs compared bit for bit"),
                r.toString()));
        assertTrue(rows.get(0).detail().contains("data-local 2 nodes: ") && rows.get(0).detail()
                .contains("did its own I/O on the shared files"), rows.get(0).detail());
        assertTrue(rows.get(1).detail().contains("was sent its chunks (no I/O of its own: the node was started "
                + "without --data-dir)"), rows.get(1).detail());
        assertTrue(rows.get(4).detail().contains("| nodes | shipped (M points/s) | data-local (M points/s) |"),
                rows.get(4).detail());
        assertEquals(before, FileStreamRatioTest.scratch("loopnest-data-local-scaling"),
                "the scratch directory deleted");
        assertEquals(Set.of(), Threads.leftSince(threads), "threads left");
    }

    @Test
    void shouldCompareTheVectorPathWithinTheOutputsTolerances() {
        List<BenchResult> rows = new ClusterFilesScaling(new GridShape(2, 3, 8, 16), KernelPath.VECTOR,
                ClusterFilesScaling.LINK, new Rounds(0, 1)).run();

        rows.forEach(r -> assertTrue(r.detail().contains("outputs checked within WeatherOutput's tolerances"),
                r.toString()));
    }

    @Test
    void shouldRefuseALinkWithoutBandwidth() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClusterFilesScaling(
                new GridShape(2, 3, 8, 16), KernelPath.SCALAR, 0, new Rounds(0, 1)));
        assertEquals("cluster data-local scaling: link = 0 bytes/s (expected: > 0)", e.getMessage());
    }
}
