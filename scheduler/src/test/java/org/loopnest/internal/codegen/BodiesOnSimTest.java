package org.loopnest.internal.codegen;

import org.loopnest.device.Device;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * The kernel-language bodies on the sim device, compiled for the JVM on the vector path (asked for) and run over
 * packed chunk buffers: the same references as on OpenCL and CUDA, compared as on the cpu device
 * ({@link BodiesOnCpuTest}).
 */
class BodiesOnSimTest extends CompiledBodiesContract {
    @Override
    protected Device openDevice() {
        return new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build());
    }

    @Override
    protected boolean bitExact() {
        return true;
    }
}
