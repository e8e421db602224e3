package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.device.cpu.CpuDevice;

class DeviceSourceTest {
    @Test
    void shouldHandOutTheGivenDevicesToEveryRunAndLeaveThemOpen() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            DeviceSource source = DeviceSource.given(List.of(cpu));
            assertSame(cpu, source.open().get(0));
            assertSame(cpu, source.open().get(0));
            assertEquals(cpu.info(), source.limits());
            assertFalse(cpu.isClosed());
        }
    }

    @Test
    void shouldRefuseNoDevicesNamingTheArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSource.given(List.of()));
        assertEquals("devices = [] (expected: at least one Device)", e.getMessage());
    }
}
