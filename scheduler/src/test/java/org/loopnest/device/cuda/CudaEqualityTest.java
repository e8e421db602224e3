package org.loopnest.device.cuda;

import org.junit.jupiter.api.Tag;
import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;

/** The equality suite on {@code cuda:0}; needs an NVIDIA GPU and a way to make PTX (nvcc or NVRTC). */
@Tag("gpu")
class CudaEqualityTest extends CompiledDeviceEqualityContract {
    @Override
    protected Device[] openDevices() {
        CudaSupport.assumeCuda();
        return new Device[] {CudaDevice.open(0)};
    }
}
