package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.OpenCl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceProvider;
import org.loopnest.device.Devices;

/** This artifact's jar on the class path is all it takes for Devices to find and open OpenCL devices. */
class OpenClProviderTest {

    @Test
    void shouldBeFoundByNameAfterTheHostDevices() {
        assertInstanceOf(OpenClProvider.class, Devices.provider("opencl"));
        List<String> names = Devices.available().stream().map(DeviceProvider::name).toList();
        assertEquals(List.of("cpu", "sim", "opencl"), names.subList(0, 3), names.toString());
    }

    @Test
    void shouldCountTheDevicesDiscoveryFindsOrSayWhyThereAreNone() {
        OpenCl.Discovery found = OpenCl.discover();
        DeviceProvider.Availability availability = Devices.provider("opencl").availability();
        assertEquals(found.devices().size(), availability.devices());
        assertEquals(found.reason(), availability.reason());
    }

    @Test
    @Tag("opencl")
    void shouldOpenADeviceByNameWithItsMemoryCapped() {
        OpenClSupport.assumeOpenCl();
        try (Device opencl = Devices.open("opencl:0", 4L << 20)) {
            assertInstanceOf(OpenClDevice.class, opencl);
            assertEquals("opencl:0", opencl.info().name());
            assertEquals(4L << 20, opencl.info().memoryBytes());
        }
    }

    @Test
    @Tag("opencl")
    void shouldSayWhichDevicesThereAreForANumberBeyondThem() {
        OpenClSupport.assumeOpenCl();
        int count = OpenCl.discover().devices().size();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Devices.open("opencl:" + count));
        assertEquals("opencl:" + count + ": no such device (expected: opencl:0 to opencl:" + (count - 1) + ")",
                e.getMessage());
    }
}
