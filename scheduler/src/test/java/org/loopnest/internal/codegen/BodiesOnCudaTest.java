package org.loopnest.internal.codegen;

import org.junit.jupiter.api.Tag;
import org.loopnest.device.Device;
import org.loopnest.device.cuda.CudaDevice;
import org.loopnest.device.cuda.CudaSupport;

/** The kernel-language bodies on {@code cuda:0}; needs an NVIDIA GPU and a way to make PTX (nvcc or NVRTC). */
@Tag("gpu")
class BodiesOnCudaTest extends CompiledBodiesContract {
    @Override
    protected Device openDevice() {
        CudaSupport.assumeCuda();
        return CudaDevice.open(0);
    }
}
