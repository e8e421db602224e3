package org.loopnest.internal.codegen;

import org.loopnest.device.Device;
import org.loopnest.device.cuda.StandInCuda;

/** The kernel-language bodies on {@code cuda:0} over the in-process stand-in driver (no GPU needed). */
class BodiesOnCudaStandInTest extends CompiledBodiesContract {
    @Override
    protected Device openDevice() {
        return StandInCuda.open();
    }
}
