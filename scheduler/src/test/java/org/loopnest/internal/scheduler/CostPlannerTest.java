package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.IndexSpace;

class CostPlannerTest {
    private static final BufferCounts TWO = BufferCounts.both(2);

    private static final int ROWS = 256;
    private static final int COLS = 4096;
    private static final IndexSpace SPACE = IndexSpace.of(ROWS, COLS);
    private static final List<ArrayBinding> ARRAYS = List.of(
            ArrayBinding.of("a", Role.IN, new float[ROWS * COLS], SPACE),
            ArrayBinding.of("b", Role.OUT, new float[ROWS * COLS], SPACE));
    /** 4 MiB in, 4 MiB out in all. */
    private static final DeviceInfo ROOMY = new DeviceInfo("acc", 1L << 30, 1L << 30, 1, false, "test");

    private static DeviceCosts costs(Duration perChunk, double bytesPerSecond) {
        return new DeviceCosts(perChunk, Duration.ZERO, bytesPerSecond, bytesPerSecond, 1e9, "hand-made");
    }

    private static SplitChoice choose(DeviceInfo device, DeviceCosts costs) {
        return SplitPlanner.choose(SPACE, ARRAYS, device, Optional.of(costs), TWO);
    }

    @Test
    void shouldChooseFewerChunksWhenEachChunkCostsMore() {
        SplitChoice cheap = choose(ROOMY, costs(Duration.ofNanos(1000), 1e9));
        SplitChoice dear = choose(ROOMY, costs(Duration.ofMillis(5), 1e9));
        assertTrue(dear.split().chunkCount() < cheap.split().chunkCount(),
                "dear " + dear.reason() + " (expected: fewer chunks than cheap " + cheap.reason() + ")");
        assertNotNull(dear.prediction());
    }

    @Test
    void shouldChooseMoreChunksWhenTheLinkIsSlow() {
        SplitChoice fast = choose(ROOMY, costs(Duration.ofMillis(1), 1e10));
        SplitChoice slow = choose(ROOMY, costs(Duration.ofMillis(1), 1e8));
        assertTrue(slow.split().chunkCount() > fast.split().chunkCount(),
                "slow " + slow.reason() + " (expected: more chunks than fast " + fast.reason() + ")");
    }

    @Test
    void shouldStayWithinTheMemoryBoundWhenMemoryIsSmall() {
        DeviceInfo small = new DeviceInfo("acc", 256 << 10, 256 << 10, 1, false, "test"); // 16 rows fit, B = 2
        SplitChoice chosen = choose(small, costs(Duration.ofMillis(1), 1e10));
        long need = 2 * (chosen.layout().inputBytes() + chosen.layout().outputBytes());
        assertTrue(need <= small.memoryBytes(), chosen.reason());
        assertTrue(chosen.split().chunkCount() >= 16, chosen.reason());
        assertTrue(chosen.reason().startsWith("auto: ") && chosen.reason().contains("by the cost model"),
                chosen.reason());
    }

    @Test
    void shouldPredictTheChosenSplitAsTheModelDoes() {
        DeviceCosts costs = costs(Duration.ofMillis(1), 1e9);
        SplitChoice chosen = choose(ROOMY, costs);
        assertEquals(CostModel.predict(costs, RunShape.of(chosen.split(), chosen.layout(), TWO)), chosen.prediction());
    }

    @Test
    void shouldFallBackToTheFixedRuleWhenTheDeviceDescribesNothing() {
        SplitChoice rule = SplitPlanner.choose(SPACE, ARRAYS, ROOMY, Optional.empty(), TWO);
        SplitChoice fixed = SplitPlanner.choose(SPACE, ARRAYS, ROOMY, TWO);
        assertEquals(fixed.split().toString(), rule.split().toString());
        assertEquals(fixed.reason(), rule.reason());
        assertNull(rule.prediction());
        assertTrue(rule.reason().contains("aim: about"), rule.reason());
    }

    @Test
    void shouldOfferTheCostsOfOneDeviceAndNoneForAGroup() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             CpuDevice cpu = new CpuDevice(1)) {
            assertEquals(sim.costs(), DeviceGroup.costs(List.of(sim)));
            assertEquals(cpu.costs(), DeviceGroup.costs(List.of(cpu)));
            assertEquals(Optional.empty(), DeviceGroup.costs(List.of(sim, cpu)));
        }
    }

    @Test
    void shouldPredictAGivenSplitWhenTheDeviceHasCosts() {
        DeviceCosts costs = costs(Duration.ofMillis(1), 1e9);
        SplitChoice given = SplitPlanner.check(SPACE.split(0, 8), ARRAYS, ROOMY, TWO);
        SplitChoice predicted = SplitPlanner.predicted(given, Optional.of(costs), TWO);
        assertEquals(given.split(), predicted.split());
        assertEquals(CostModel.predict(costs, RunShape.of(given.split(), given.layout(), TWO)), predicted.prediction());
        assertSame(given, SplitPlanner.predicted(given, Optional.empty(), TWO));
    }
}
