package org.loopnest.device.sim;

import org.loopnest.kernel.KernelPath;

/** The equality suite on the simulated device with the body on the scalar path ({@link KernelPath#SCALAR}). */
class SimScalarEqualityTest extends SimEqualityTest {
    @Override
    protected KernelPath kernelPath() {
        return KernelPath.SCALAR;
    }
}
