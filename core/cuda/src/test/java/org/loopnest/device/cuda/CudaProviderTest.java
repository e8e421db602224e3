package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceProvider;
import org.loopnest.device.Devices;

/** This artifact's jar on the class path is all it takes for Devices to find and open CUDA devices. */
class CudaProviderTest {

    @Test
    void shouldBeFoundByNameAfterTheHostDevices() {
        assertInstanceOf(CudaProvider.class, Devices.provider("cuda"));
        List<String> names = Devices.available().stream().map(DeviceProvider::name).toList();
        assertEquals(List.of("cpu", "sim"), names.subList(0, 2), names.toString());
        assertTrue(names.contains("cuda"), names.toString());
    }

    @Test
    void shouldCountTheDevicesTheDriverSeesOrSayWhyThereAreNone() {
        CudaDriver.Availability cuda = CudaDriver.availability();
        DeviceProvider.Availability availability = Devices.provider("cuda").availability();
        assertEquals(CudaDriver.deviceCount(), availability.devices());
        assertEquals(cuda.available() ? null : cuda.reason(), availability.reason());
    }

    @Test
    void shouldGiveTheDriversReasonWhenOpenedWithoutCuda() {
        assumeFalse(CudaDriver.availability().available(), "CUDA is available here");
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Devices.open("cuda:0"));
        assertEquals("CUDA is not available: " + CudaDriver.availability().reason(), e.getMessage());
    }

    @Test
    @Tag("gpu")
    void shouldOpenADeviceByNameWithItsMemoryCapped() {
        CudaSupport.assumeCuda();
        try (Device gpu = Devices.open("cuda:0", 64L << 20)) {
            assertInstanceOf(CudaDevice.class, gpu);
            assertEquals("cuda:0", gpu.info().name());
            assertEquals(64L << 20, gpu.info().memoryBytes());
        }
    }
}
