package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.Chunk;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;
import org.loopnest.internal.scheduler.BufferCounts;
import org.loopnest.internal.scheduler.Replan;
import org.loopnest.internal.scheduler.Replanning;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunReport;

/** A run re-plans once, after its first chunk's kernel: the chunks not taken yet are cut anew, each outer iteration once. */
class RunReplanTest {
    private static final int ROWS = 256;
    private static final int COLS = 4096;
    private static final IndexSpace SPACE = IndexSpace.of(ROWS, COLS);
    private static final Split PLANNED = SPACE.split(1, 16);

    /** Planned for a kernel far faster than a 1 GB/s link, with chunks costing 1 µs (the case Replan re-groups). */
    private static Replanning fastKernelPlanned() {
        List<ArrayBinding> arrays = List.of(ArrayBinding.of("a", Role.IN, new float[ROWS * COLS], SPACE),
                ArrayBinding.of("b", Role.OUT, new float[ROWS * COLS], SPACE));
        DeviceCosts costs = new DeviceCosts(Duration.ofNanos(1000), Duration.ZERO, 1e9, 1e9, 1e10, "hand-made");
        return new Replanning(new Replan.Planned(arrays, costs, PLANNED, BufferCounts.both(2)), "replan-test",
                DeviceCode.of("b = a * 2.0f;"));
    }

    @Test
    void shouldCutTheChunksNotTakenYetSmallerWhenTheFirstKernelIsMuchSlowerAndCoverEveryRowOnce() throws Exception {
        RunControl control = new RunControl(PLANNED.chunkCount(), 1, null);
        ChunkQueue queue = new ChunkQueue(PLANNED, control);
        RunReplan replan = new RunReplan(fastKernelPlanned(), queue, control);
        Chunk first = queue.take();
        Chunk second = queue.take(); // taken before the first kernel ended: keeps the planned group
        replan.kernelTimed(first, 500_000); // 65 536 iterations in 0.5 ms: 13 % of the estimated rate
        assertNotNull(replan.note());
        assertTrue(replan.note().contains("re-grouped from r = 16 to r = "), replan.note());
        assertEquals(16, second.outerCount());
        List<Chunk> rest = new ArrayList<>();
        for (Chunk c = queue.poll(() -> { }); c != ChunkQueue.NONE_NOW && c != null; c = queue.poll(() -> { })) {
            rest.add(c);
        }
        assertTrue(rest.get(0).outerCount() < 16, rest.get(0) + " (expected: fewer than 16 rows)");
        assertEquals(2 + rest.size(), control.total(), "the run's chunk count follows the new cut");
        long next = 32;
        for (Chunk c : rest) {
            assertEquals(next, c.firstOuter(), "chunks follow each other without gap or overlap: " + c);
            assertEquals(c.firstOuter() * COLS, c.firstFlat());
            next += c.outerCount();
        }
        assertEquals(ROWS, next);
        replan.kernelTimed(first, 1); // only once
        assertEquals(2 + rest.size(), control.total());
    }

    @Test
    void shouldKeepTheChunksWhenTheFirstKernelRunsAsEstimated() throws Exception {
        RunControl control = new RunControl(PLANNED.chunkCount(), 1, null);
        ChunkQueue queue = new ChunkQueue(PLANNED, control);
        RunReplan replan = new RunReplan(fastKernelPlanned(), queue, control);
        Chunk first = queue.take();
        replan.kernelTimed(first, Math.round(first.iterations() * 1e9 / 1e10));
        assertTrue(replan.note().endsWith("within a factor 2, the plan stands"), replan.note());
        assertEquals(PLANNED.chunkCount(), control.total());
        assertEquals(16, queue.take().outerCount());
    }

    @Test
    void shouldActOnTheFirstChunkOnly() throws Exception {
        RunControl control = new RunControl(PLANNED.chunkCount(), 1, null);
        ChunkQueue queue = new ChunkQueue(PLANNED, control);
        RunReplan replan = new RunReplan(fastKernelPlanned(), queue, control);
        queue.take();
        replan.kernelTimed(queue.take(), 500_000);
        assertNull(replan.note());
        assertEquals(PLANNED.chunkCount(), control.total());
    }

    /** A sim that tells the planner its kernel is 1000 times faster than it is. */
    private static final class Boasting extends ForwardingDevice {
        Boasting(Device inner) {
            super(inner);
        }

        @Override
        public Optional<DeviceCosts> costs() {
            return inner().costs().map(c -> c.withKernelRate(2e9, "boasted"));
        }
    }

    @Test
    void shouldReportTheRePlanOfAnAutomaticSplitAndWriteEveryOutput() {
        float[] a = new float[ROWS * COLS];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 1000;
        }
        float[] b = new float[a.length];
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("boasting").memory(64 << 20).threads(2)
                .bandwidth(1_000_000_000).kernelRate(2_000_000).build()); Device device = new Boasting(sim)) {
            RunReport report = LoopNest.of(ROWS, COLS).in("a", a).out("b", b).deviceCode("b = a * 2.0f;")
                    .on(device).run();
            assertTrue(report.notes().stream().anyMatch(n -> n.startsWith("after the first chunk: kernel rate ")
                    && n.contains("measured on the first chunk, 2.00e+09 estimated")), report.notes().toString());
        }
        for (int i = 0; i < a.length; i++) {
            assertEquals(2 * a[i], b[i], "element " + i);
        }
    }
}
