package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

class RunPlanTest {
    private static LoopNest nest(long rows, long cols) {
        return LoopNest.of(rows, cols).out("o", new int[(int) (rows * cols)]).kernel(arrays -> it -> { });
    }

    @Test
    void shouldOfferNoPublicConstructor() {
        assertEquals(0, RunPlan.class.getConstructors().length, "a plan is made by LoopNest.plan() only");
    }

    @Test
    void shouldOfferNoInternalTypeThroughItsPublicMethods() {
        for (java.lang.reflect.Method m : RunPlan.class.getMethods()) {
            List<Class<?>> types = new ArrayList<>(List.of(m.getParameterTypes()));
            types.add(m.getReturnType());
            for (Class<?> type : types) {
                assertFalse(type.getName().startsWith("org.loopnest.internal."),
                        "RunPlan." + m.getName() + " uses the internal " + type.getName());
            }
        }
    }

    @Test
    void shouldTakeTheCallersSplitWithItsReasonAndLeaveThePlanAsItWas() {
        try (CpuDevice cpu = new CpuDevice(4)) {
            RunPlan auto = nest(16, 100).on(cpu).plan();
            RunPlan finer = auto.withSplit(1, 2, "my rule");
            assertEquals(8, finer.split().chunkCount());
            assertEquals("my rule: splitAt(1).group(2), 8 chunks of up to 200 iterations", finer.splitReason());
            assertEquals(1, auto.split().chunkCount());
            assertEquals(8, finer.start().await().chunks());
        }
    }

    @Test
    void shouldTakeAnotherSplitOnThePlansOwnDefaultDevice() {
        RunPlan finer = nest(16, 100).plan().withSplit(1, 4, "mine");
        assertEquals(4, finer.start().await().chunks());
    }

    @Test
    void shouldRefuseASplitWithoutReasonOrThatDoesNotFitNamingTheArgument() {
        try (SimDevice small = new SimDevice(SimConfig.builder().name("small").memory(64 << 10).threads(1).build())) {
            RunPlan plan = nest(64, 1024).on(small).plan();
            IllegalArgumentException why = assertThrows(IllegalArgumentException.class,
                    () -> plan.withSplit(0, 1, " "));
            assertEquals("why = \" \" (expected: a reason for the report)", why.getMessage());
            DeviceMemoryException big = assertThrows(DeviceMemoryException.class, () -> plan.withSplit(0, 1, "all"));
            assertTrue(big.getMessage().startsWith("split d=0, r=1 does not fit: one chunk needs "),
                    big.getMessage());
        }
    }
}
