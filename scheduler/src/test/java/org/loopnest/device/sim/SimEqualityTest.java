package org.loopnest.device.sim;

import org.loopnest.device.CompiledDeviceEqualityContract;
import org.loopnest.device.Device;

/**
 * The equality suite on the simulated device: the kernel-language body compiled for the JVM on the vector path (the
 * scalar one: {@link SimScalarEqualityTest}), run over packed chunk buffers, bit-identical to a sequential Java loop.
 */
class SimEqualityTest extends CompiledDeviceEqualityContract {
    @Override
    protected Device[] openDevices() {
        return new Device[] {new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build())};
    }
}
