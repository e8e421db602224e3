package org.loopnest.internal.codegen;

import org.loopnest.kernel.KernelPath;

/** The kernel-language bodies on the sim device on the scalar path: bit for bit, every case. */
class BodiesOnSimScalarTest extends BodiesOnSimTest {
    @Override
    protected KernelPath kernelPath() {
        return KernelPath.SCALAR;
    }
}
