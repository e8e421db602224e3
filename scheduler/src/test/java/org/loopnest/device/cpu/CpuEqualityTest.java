package org.loopnest.device.cpu;

import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;

/**
 * The equality suite on the cpu device: the kernel-language body compiled for the JVM on the vector path (the scalar
 * one: {@link CpuScalarEqualityTest}), run in place over the user's arrays, bit-identical to a sequential Java loop.
 */
class CpuEqualityTest extends CompiledDeviceEqualityContract {
    @Override
    protected Device[] openDevices() {
        return new Device[] {new CpuDevice(2)};
    }
}
