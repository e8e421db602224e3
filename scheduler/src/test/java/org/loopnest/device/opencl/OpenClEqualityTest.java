package org.loopnest.device.opencl;

import org.junit.jupiter.api.Tag;
import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;

/** The equality suite on {@code opencl:0} (PoCL in CI). */
@Tag("opencl")
class OpenClEqualityTest extends CompiledDeviceEqualityContract {
    @Override
    protected Device[] openDevices() {
        OpenClSupport.assumeOpenCl();
        return new Device[] {OpenClDevice.open(0)};
    }
}
