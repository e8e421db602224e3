package org.loopnest.internal.codegen;

import org.junit.jupiter.api.Tag;
import org.loopnest.device.Device;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;

/** The kernel-language bodies on {@code opencl:0} (PoCL in CI). */
@Tag("opencl")
class BodiesOnOpenClTest extends CompiledBodiesContract {
    @Override
    protected Device openDevice() {
        OpenClSupport.assumeOpenCl();
        return OpenClDevice.open(0);
    }
}
