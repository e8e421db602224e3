package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;

class DeviceSourceTest {
    @Test
    void shouldHandOutTheGivenDevicesToEveryRunAndLeaveThemOpen() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            DeviceSource source = DeviceSource.given(List.of(cpu));
            assertFalse(source.makesDevices());
            assertSame(cpu, source.open().get(0));
            assertSame(cpu, source.open().get(0));
            assertEquals(cpu.info(), source.limits());
            assertFalse(cpu.isClosed());
        }
    }

    @Test
    void shouldMakeAFreshDeviceForEachRunAndCloseTheOneMadeToReadTheLimits() {
        List<Device> made = new ArrayList<>();
        DeviceSource source = DeviceSource.fresh(() -> {
            CpuDevice cpu = new CpuDevice(2);
            made.add(cpu);
            return cpu;
        });
        assertTrue(source.makesDevices());
        assertEquals(2, source.limits().computeUnits());
        assertTrue(made.get(0).isClosed(), "the device made for the limits is closed");
        Device first = source.open().get(0);
        Device second = source.open().get(0);
        assertNotSame(first, second);
        first.close();
        second.close();
        assertEquals(3, made.size());
    }

    @Test
    void shouldRefuseNoDevicesNamingTheArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> DeviceSource.given(List.of()));
        assertEquals("devices = [] (expected: at least one Device)", e.getMessage());
    }
}
