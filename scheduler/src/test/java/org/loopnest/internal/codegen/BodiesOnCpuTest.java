package org.loopnest.internal.codegen;

import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;

/**
 * The kernel-language bodies on the cpu device, compiled for the JVM: the same references as on OpenCL and CUDA, so
 * a difference between the targets shows up as a failure on one of them; bit for bit here, since the references
 * follow the JVM target's rules ({@code (float) Math.f((double) x)}).
 */
class BodiesOnCpuTest extends CompiledBodiesContract {
    @Override
    protected Device openDevice() {
        return new CpuDevice(2);
    }

    @Override
    protected boolean bitExact() {
        return true;
    }
}
