package org.loopnest.cluster;

import org.loopnest.kernel.KernelPath;

/**
 * The equality suite on two in-process nodes ({@link NodesEqualityTest}) with the body on the scalar path: the
 * coordinator tells each node the path with the run.
 */
class NodesScalarEqualityTest extends NodesEqualityTest {
    @Override
    protected KernelPath kernelPath() {
        return KernelPath.SCALAR;
    }
}
