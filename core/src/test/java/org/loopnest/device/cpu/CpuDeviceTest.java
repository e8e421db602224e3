package org.loopnest.device.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class CpuDeviceTest {
    @Test
    void shouldRefuseThreadCountsOutsideOneToTheLimitOfItsPoolNamingThem() {
        assertEquals("cpu threads = 0 (expected: 1 to 32767)",
                assertThrows(IllegalArgumentException.class, () -> new CpuDevice(0)).getMessage());
        assertEquals("cpu threads = 100000 (expected: 1 to 32767)",
                assertThrows(IllegalArgumentException.class, () -> new CpuDevice(100_000)).getMessage());
    }

    @Test
    void shouldRunWithOneThread() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            assertEquals(1, cpu.info().computeUnits());
        }
    }
}
