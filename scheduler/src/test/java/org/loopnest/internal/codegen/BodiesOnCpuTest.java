package org.loopnest.internal.codegen;

import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;

/**
 * The kernel-language bodies on the cpu device, compiled for the JVM on the vector path (asked for: AUTO would take
 * the scalar path for runs this short): the same references as on OpenCL and CUDA, so a difference between the
 * targets shows up as a failure on one of them; within the vector path's ulps where SVML computes a function
 * ({@link BodyCases.Case#vectorUlps()}), bit for bit elsewhere, since the references follow the JVM target's rules
 * ({@code (float) Math.f((double) x)}).
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
