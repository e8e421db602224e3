package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.cpu.CpuDevice;

class SplitPolicyTest {
    private static LoopNest nest(Device cpu, long... extents) {
        long count = 1;
        for (long extent : extents) {
            count *= extent;
        }
        return LoopNest.of(extents).out("o", new int[(int) count]).kernel(arrays -> it -> { }).on(cpu);
    }

    @Test
    void shouldSplitFinerWhenTheAutomaticChoiceMakesTooFewChunks() {
        try (CpuDevice cpu = new CpuDevice(4)) {
            assertEquals(1, nest(cpu, 16, 100).plan().split().chunkCount(), "auto aims at 4096 per chunk");
            var finer = SplitPolicy.plan(nest(cpu, 16, 100), null, 8);
            assertEquals(8, finer.split().chunkCount());
            assertEquals("auto, at least 8 chunks (this command's rule; LoopNest alone chose 1): splitAt(1).group(2), "
                    + "8 chunks of up to 200 iterations", finer.splitReason());
            assertEquals(11, SplitPolicy.plan(nest(cpu, 11, 100), null, 8).split().chunkCount());
        }
    }

    @Test
    void shouldKeepTheAutomaticChoiceWhenItMakesEnoughChunksOrTheNestAllowsNoMore() {
        // a CPU that describes no costs, so that LoopNest's fixed rule (about 16 chunks) chooses: with its costs the
        // cost model makes one chunk on a CPU, which this command's rule would always split finer
        try (Device cpu = new ForwardingDevice(new CpuDevice(1)) { }) {
            assertEquals(16, SplitPolicy.plan(nest(cpu, 16, 7, 91, 180), null, 8).split().chunkCount());
            assertEquals(1, SplitPolicy.plan(nest(cpu, 3, 2), null, 8).split().chunkCount());
        }
    }

    @Test
    void shouldUseAGivenDepthAsIs() {
        try (CpuDevice cpu = new CpuDevice(4)) {
            assertEquals(3, SplitPolicy.plan(nest(cpu, 3, 100), 1, 8).split().chunkCount());
        }
    }
}
