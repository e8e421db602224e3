package org.loopnest.device.cuda;

import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;

/**
 * The equality suite on {@code cuda:0} over the in-process stand-in driver: the CUDA device's host side (memory,
 * pinned staging, three streams, events, modules, launches) runs without a GPU, each launch running the
 * kernel-language body on the JVM over the device buffers.
 */
class CudaStandInEqualityTest extends CompiledDeviceEqualityContract {
    @Override
    protected Device[] openDevices() {
        return new Device[] {StandInCuda.open()};
    }
}
