package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.LoopNest;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.IndexSpace;
import org.loopnest.data.FloatView;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.scheduler.RunPlan;

/**
 * The planner's choice of input and output buffers ({@link SplitPlanner#plan}), in cost cases built so that the
 * choice is forced: a direction whose copies are negligible beside the kernel needs one buffer, a direction as slow
 * as the kernel needs two, and a count the user set is never changed.
 */
class BufferChoiceTest {
    private static final int ROWS = 256;
    private static final int COLS = 4096;
    private static final IndexSpace SPACE = IndexSpace.of(ROWS, COLS);
    /** 4 MiB in, 4 MiB out in all. */
    private static final List<ArrayBinding> ARRAYS = List.of(
            ArrayBinding.of("a", Role.IN, new float[ROWS * COLS], SPACE),
            ArrayBinding.of("b", Role.OUT, new float[ROWS * COLS], SPACE));
    /** Copies a into b. */
    private static final ElementKernel COPY = arrays -> {
        FloatView a = arrays.floats("a");
        FloatView b = arrays.floats("b");
        return it -> b.set(it, a.get(it));
    };
    private static final DeviceInfo ROOMY = new DeviceInfo("acc", 1L << 30, 1L << 30, 1, false, "test");
    /** The kernel: 10⁹ iterations per second, so the nest's 2²⁰ iterations take about 1 ms in all. */
    private static final double RATE = 1e9;
    /** Bytes per second that copy one direction's 4 MiB in the kernel's time: a balanced direction. */
    private static final double BALANCED = (4 << 20) * RATE / (ROWS * COLS);
    /** Bytes per second that make one direction's copies a thousandth of the kernel's time. */
    private static final double NEGLIGIBLE = BALANCED * 1000;

    private static DeviceCosts costs(double in, double out) {
        return new DeviceCosts(Duration.ZERO, Duration.ZERO, in, out, RATE, "hand-made");
    }

    private static PlannedSplit plan(DeviceInfo device, DeviceCosts costs, BufferCounts given) {
        return SplitPlanner.plan(SPACE, ARRAYS, device, Optional.of(costs), null, given);
    }

    @Test
    void shouldChooseOneInputBufferWhenCopyInIsNegligibleBesideTheKernel() {
        PlannedSplit planned = plan(ROOMY, costs(NEGLIGIBLE, BALANCED), null);
        assertEquals(new BufferCounts(1, 2), planned.buffers(), planned.choice().reason());
        assertTrue(planned.choice().reason().contains("; buffers 1 in, 2 out chosen by the cost model"),
                planned.choice().reason());
    }

    @Test
    void shouldChooseOneOutputBufferWhenCopyOutIsNegligibleBesideTheKernel() {
        PlannedSplit planned = plan(ROOMY, costs(BALANCED, NEGLIGIBLE), null);
        assertEquals(new BufferCounts(2, 1), planned.buffers(), planned.choice().reason());
    }

    @Test
    void shouldChooseTwoEachWayWhenAllThreeEnginesAreBalanced() {
        PlannedSplit planned = plan(ROOMY, costs(BALANCED, BALANCED), null);
        assertEquals(new BufferCounts(2, 2), planned.buffers(), planned.choice().reason());
    }

    @Test
    void shouldChooseOneEachWayWhenBothCopiesAreNegligible() {
        PlannedSplit planned = plan(ROOMY, costs(NEGLIGIBLE, NEGLIGIBLE), null);
        assertEquals(new BufferCounts(1, 1), planned.buffers(), planned.choice().reason());
    }

    @Test
    void shouldPredictWithTheBuffersItChose() {
        DeviceCosts costs = costs(NEGLIGIBLE, BALANCED);
        PlannedSplit planned = plan(ROOMY, costs, null);
        SplitChoice choice = planned.choice();
        assertEquals(CostModel.predict(costs, RunShape.of(choice.split(), choice.layout(), planned.buffers())),
                choice.prediction());
    }

    @Test
    void shouldKeepTheChosenBuffersWithinTheMemoryBound() {
        DeviceInfo small = new DeviceInfo("acc", 96 << 10, 96 << 10, 1, false, "test"); // 3 rows of in and out
        PlannedSplit planned = plan(small, costs(BALANCED, BALANCED), null);
        assertTrue(planned.buffers().bytes(planned.choice().layout()) <= small.memoryBytes(),
                planned.choice().reason());
        assertTrue(planned.choice().reason().contains("one chunk needs " + planned.buffers().describe(
                planned.choice().layout())), planned.choice().reason());
    }

    @Test
    void shouldNeverOverrideBuffersTheUserSet() {
        for (BufferCounts given : List.of(new BufferCounts(3, 1), new BufferCounts(1, 4), BufferCounts.both(2))) {
            PlannedSplit planned = plan(ROOMY, costs(NEGLIGIBLE, BALANCED), given);
            assertEquals(given, planned.buffers());
            assertTrue(!planned.choice().reason().contains("chosen by the cost model ("), planned.choice().reason());
            SplitChoice choice = planned.choice();
            assertEquals(CostModel.predict(costs(NEGLIGIBLE, BALANCED), RunShape.of(choice.split(), choice.layout(),
                    given)), choice.prediction());
        }
        PlannedSplit split = SplitPlanner.plan(SPACE, ARRAYS, ROOMY, Optional.of(costs(NEGLIGIBLE, BALANCED)),
                SPACE.split(1, 16), new BufferCounts(4, 4));
        assertEquals(new BufferCounts(4, 4), split.buffers());
    }

    @Test
    void shouldChooseBuffersForASplitTheUserGave() {
        PlannedSplit planned = SplitPlanner.plan(SPACE, ARRAYS, ROOMY, Optional.of(costs(NEGLIGIBLE, BALANCED)),
                SPACE.split(1, 16), null);
        assertEquals(SPACE.split(1, 16).toString(), planned.choice().split().toString());
        assertEquals(new BufferCounts(1, 2), planned.buffers(), planned.choice().reason());
        assertTrue(planned.choice().reason().startsWith("given: splitAt(1).group(16)"), planned.choice().reason());
        assertNotNull(planned.choice().prediction());
    }

    @Test
    void shouldKeepTwoEachWayWithoutCostsOrOnAHostAddressableDevice() {
        PlannedSplit none = SplitPlanner.plan(SPACE, ARRAYS, ROOMY, Optional.empty(), null, null);
        assertEquals(BufferCounts.both(2), none.buffers());
        DeviceInfo host = new DeviceInfo("cpu", 1L << 30, 1L << 30, 1, true, "test");
        PlannedSplit onHost = plan(host, new DeviceCosts(Duration.ofNanos(1000), Duration.ZERO,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, RATE, "hand-made"), null);
        assertEquals(BufferCounts.both(2), onHost.buffers(), onHost.choice().reason());
    }

    @Test
    void shouldLetTheNestsOwnBuffersWinOverTheModelAndChooseWhenItHasNone() {
        float[] in = new float[64 * 256];
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("buffer-choice").bandwidth(1_000_000_000)
                .kernelRate(100_000_000).threads(1).build())) {
            RunPlan given = LoopNest.of(64, 256).in("a", in).out("b", new float[in.length]).kernel(COPY).on(sim)
                    .buffers(1, 3).plan();
            assertEquals(1, given.inputBuffers());
            assertEquals(3, given.outputBuffers());
            assertTrue(!given.splitReason().contains("chosen by the cost model ("), given.splitReason());
            RunPlan chosen = LoopNest.of(64, 256).in("a", in).out("b", new float[in.length]).kernel(COPY).on(sim)
                    .plan();
            assertTrue(chosen.splitReason().contains("; buffers " + chosen.inputBuffers() + " in, "
                    + chosen.outputBuffers() + " out chosen by the cost model ("), chosen.splitReason());
        }
    }

    @Test
    void shouldGoBackToTwoEachWayWhenAPlanWithChosenBuffersGetsAnotherSplitAndKeepTheUsersOwn() {
        float[] in = new float[64 * 256];
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("buffer-resplit").bandwidth(10_000_000_000L)
                .kernelRate(1_000_000).threads(1).build())) {
            RunPlan chosen = LoopNest.of(64, 256).in("a", in).out("b", new float[in.length]).kernel(COPY).on(sim)
                    .plan();
            assertTrue(chosen.inputBuffers() != 2 || chosen.outputBuffers() != 2, "copies negligible beside the "
                    + "kernel: the model takes fewer than two each way (" + chosen.splitReason() + ")");
            RunPlan resplit = chosen.withSplit(1, 4, "my rule");
            assertEquals(2, resplit.inputBuffers(), resplit.splitReason());
            assertEquals(2, resplit.outputBuffers(), resplit.splitReason());
            RunPlan given = LoopNest.of(64, 256).in("a", in).out("b", new float[in.length]).kernel(COPY).on(sim)
                    .buffers(1, 3).plan().withSplit(1, 4, "my rule");
            assertEquals(1, given.inputBuffers());
            assertEquals(3, given.outputBuffers());
        }
    }

    @Test
    void shouldSayWhatOneChunkNeedsWithTheDefaultBuffersWhenNothingFits() {
        DeviceInfo tiny = new DeviceInfo("acc", 1024, 1024, 1, false, "test");
        DeviceMemoryException e = assertThrows(DeviceMemoryException.class,
                () -> plan(tiny, costs(BALANCED, BALANCED), null));
        assertTrue(e.getMessage().contains("needs 2 × "), e.getMessage() + " (expected: the default 2 and 2)");
    }
}
