package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.ClCalls;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jocl.CL;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_mem;
import org.loopnest.device.HostStaging;

/**
 * Host memory the OpenCL driver allocated ({@code CL_MEM_ALLOC_HOST_PTR}) and mapped, so that copies to and from
 * the device can run from it directly (pinned on GPUs). Unmapped and released on close; closing twice is
 * harmless.
 */
final class OpenClStaging implements HostStaging {
    private final String device;
    private final cl_mem memory;
    private final cl_command_queue queue;
    private final ByteBuffer mapped;
    private boolean closed;

    private OpenClStaging(String device, cl_mem memory, cl_command_queue queue, ByteBuffer mapped) {
        this.device = device;
        this.memory = memory;
        this.queue = queue;
        this.mapped = mapped;
    }

    /**
     * Allocates and maps {@code bytes} bytes through {@code queue}.
     *
     * @throws org.loopnest.error.DeviceMemoryException if the driver cannot allocate them
     */
    static OpenClStaging allocate(String device, cl_context context, cl_command_queue queue, long bytes) {
        int[] code = new int[1];
        cl_mem memory = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE | CL.CL_MEM_ALLOC_HOST_PTR, bytes, null,
                code);
        ClCalls.checkAllocation(device, "clCreateBuffer(CL_MEM_ALLOC_HOST_PTR, " + bytes + " bytes)", code[0]);
        ByteBuffer mapped = CL.clEnqueueMapBuffer(queue, memory, true, CL.CL_MAP_READ | CL.CL_MAP_WRITE, 0, bytes,
                0, null, null, code);
        if (code[0] != CL.CL_SUCCESS) {
            CL.clReleaseMemObject(memory);
            ClCalls.checkAllocation(device, "clEnqueueMapBuffer(" + bytes + " bytes)", code[0]);
        }
        return new OpenClStaging(device, memory, queue, mapped.order(ByteOrder.nativeOrder()));
    }

    @Override
    public ByteBuffer buffer() {
        return mapped;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            int code = CL.clEnqueueUnmapMemObject(queue, memory, mapped, 0, null, null);
            CL.clFinish(queue);
            CL.clReleaseMemObject(memory);
            ClCalls.check(device, "clEnqueueUnmapMemObject", code);
        }
    }
}
