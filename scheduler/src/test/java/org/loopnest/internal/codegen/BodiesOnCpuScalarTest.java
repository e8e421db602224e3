package org.loopnest.internal.codegen;

import org.loopnest.kernel.KernelPath;

/** The kernel-language bodies on the cpu device on the scalar path: bit for bit, every case. */
class BodiesOnCpuScalarTest extends BodiesOnCpuTest {
    @Override
    protected KernelPath kernelPath() {
        return KernelPath.SCALAR;
    }
}
