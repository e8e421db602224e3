package org.loopnest.device.cpu;

import org.loopnest.kernel.KernelPath;

/** The equality suite on the cpu device with the body on the scalar path ({@link KernelPath#SCALAR}). */
class CpuScalarEqualityTest extends CpuEqualityTest {
    @Override
    protected KernelPath kernelPath() {
        return KernelPath.SCALAR;
    }
}
