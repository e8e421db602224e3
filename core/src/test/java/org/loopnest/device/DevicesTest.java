package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimDevice;

/** Devices opens the host devices and the backends on the class path by name, and says what to add for the rest. */
class DevicesTest {

    @Test
    void shouldOpenTheCpuAndTheSimulatedDeviceByName() {
        try (Device cpu = Devices.open("cpu"); Device sim = Devices.open(" sim:0 ")) {
            assertInstanceOf(CpuDevice.class, cpu);
            assertInstanceOf(SimDevice.class, sim);
            assertEquals("sim", sim.info().name());
        }
    }

    @Test
    void shouldGiveTheSimulatedDeviceTheMemoryLimitAsItsMemory() {
        try (Device sim = Devices.open("sim", 4L << 20)) {
            assertEquals(4L << 20, sim.info().memoryBytes());
        }
    }

    @Test
    void shouldOpenADeviceOfAProviderFoundOnTheClassPath() {
        try (Device fake = Devices.open("fake:1", 8L << 20)) {
            assertEquals("fake:1", fake.info().name());
            assertEquals(8L << 20, fake.info().memoryBytes());
        }
        assertInstanceOf(FakeProvider.class, Devices.provider("fake"));
    }

    @Test
    void shouldListTheHostDevicesFirstThenTheProvidersFound() {
        List<String> names = Devices.available().stream().map(DeviceProvider::name).toList();
        assertEquals(List.of("cpu", "sim", "fake"), names);
        assertEquals(2, Devices.provider("fake").availability().devices());
        assertTrue(Devices.provider("cpu").availability().available());
    }

    @Test
    void shouldSayWhichArtifactToAddWhenABackendIsNotOnTheClassPath() {
        IllegalArgumentException cuda = assertThrows(IllegalArgumentException.class, () -> Devices.open("cuda:0"));
        assertEquals("no device provider for 'cuda' (expected: add org.loopnest:loopnest-cuda to the class path; "
                + "found: cpu, sim, fake)", cuda.getMessage());
        IllegalArgumentException opencl = assertThrows(IllegalArgumentException.class, () -> Devices.open("opencl"));
        assertEquals("no device provider for 'opencl' (expected: add org.loopnest:loopnest-opencl to the class path; "
                + "found: cpu, sim, fake)", opencl.getMessage());
    }

    @Test
    void shouldNameTheProvidersThereAreForAnUnknownName() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Devices.open("tpu:0"));
        assertEquals("no device provider for 'tpu' (expected: one of cpu, sim, fake)", e.getMessage());
    }

    @Test
    void shouldRejectAMalformedSpecBeforeLookingForAProvider() {
        for (String spec : List.of("opencl:x", "cuda:-1", ":1", "", "cpu:")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Devices.open(spec));
            assertEquals("device '" + spec + "' (expected: NAME or NAME:N with N >= 0, e.g. cpu or opencl:1)",
                    e.getMessage());
        }
    }

    @Test
    void shouldRejectADeviceNumberOrALimitTheDeviceDoesNotHave() {
        assertEquals("cpu:1: no such device (expected: cpu or cpu:0)",
                assertThrows(IllegalArgumentException.class, () -> Devices.open("cpu:1")).getMessage());
        assertEquals("cpu memory limit = 1024 bytes (expected: none; the cpu device reads the arrays in place)",
                assertThrows(IllegalArgumentException.class, () -> Devices.open("cpu", 1024)).getMessage());
        assertEquals("sim: memory limit = 0 bytes (expected: > 0)",
                assertThrows(IllegalArgumentException.class, () -> Devices.open("sim", 0)).getMessage());
    }

    @Test
    void shouldRefuseAnAvailabilityWithoutDevicesOrReason() {
        assertEquals("devices = -1 (expected: >= 0)", assertThrows(IllegalArgumentException.class,
                () -> new DeviceProvider.Availability(-1, "x")).getMessage());
        assertEquals("reason is blank (expected: why there is no device)", assertThrows(IllegalArgumentException.class,
                () -> new DeviceProvider.Availability(0, " ")).getMessage());
    }
}
