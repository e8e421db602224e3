package org.loopnest.device.opencl;

import java.nio.ByteBuffer;
import org.jocl.CL;
import org.jocl.cl_mem;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.internal.device.MemoryBudget;

/** A buffer in an OpenCL device's global memory. Not host-addressable. Closing twice is harmless. */
final class OpenClBuffer implements DeviceBuffer {
    private final cl_mem memory;
    private final long size;
    private final MemoryBudget budget;
    private boolean closed;

    OpenClBuffer(cl_mem memory, long size, MemoryBudget budget) {
        this.memory = memory;
        this.size = size;
        this.budget = budget;
    }

    /** The OpenCL memory object. */
    cl_mem memory() {
        return memory;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public ByteBuffer hostView() {
        throw new UnsupportedOperationException("OpenCL device memory is not host-addressable");
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            CL.clReleaseMemObject(memory);
            budget.release(size);
        }
    }
}
