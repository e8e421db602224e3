package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.OpenCl;
import org.loopnest.internal.opencl.OpenClDeviceId;
import org.loopnest.internal.opencl.ClCalls;

import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_program;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.error.KernelCompileException;

/** A generated kernel built for one OpenCL device: the program and its kernel object. Released on close. */
final class OpenClProgram implements AutoCloseable {
    private final cl_program program;
    private final cl_kernel kernel;

    private OpenClProgram(cl_program program, cl_kernel kernel) {
        this.program = program;
        this.kernel = kernel;
    }

    /**
     * Builds {@code source}'s OpenCL version.
     *
     * @throws KernelCompileException with the build log and the numbered source
     */
    static OpenClProgram build(OpenClDeviceId id, cl_context context, KernelSource source) {
        String text = source.source(KernelTarget.OPENCL);
        String name = id.deviceName();
        if (source.usesDouble() && !id.fp64()) {
            throw new KernelCompileException(name, "OpenCL", "the kernel computes in double, and " + id.name()
                    + " lacks cl_khr_fp64 (expected: float arrays and arithmetic on this device)", text);
        }
        int[] code = new int[1];
        cl_program program = CL.clCreateProgramWithSource(context, 1, new String[] {text}, null, code);
        ClCalls.check(name, "clCreateProgramWithSource", code[0]);
        int built = CL.clBuildProgram(program, 1, new cl_device_id[] {id.device()}, "", null, null);
        if (built != CL.CL_SUCCESS) {
            String log = buildLog(program, id.device());
            CL.clReleaseProgram(program);
            throw new KernelCompileException(name, "OpenCL clBuildProgram: " + CL.stringFor_errorCode(built),
                    log.isBlank() ? CL.stringFor_errorCode(built) : log, text);
        }
        cl_kernel kernel = CL.clCreateKernel(program, source.entryPoint(), code);
        if (code[0] != CL.CL_SUCCESS) {
            CL.clReleaseProgram(program);
            throw new KernelCompileException(name, "OpenCL clCreateKernel", "no kernel named '"
                    + source.entryPoint() + "' (" + CL.stringFor_errorCode(code[0]) + ")", text);
        }
        return new OpenClProgram(program, kernel);
    }

    private static String buildLog(cl_program program, cl_device_id device) {
        long[] size = new long[1];
        CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, 0, null, size);
        byte[] bytes = new byte[(int) Math.max(1, size[0])];
        CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, bytes.length, Pointer.to(bytes), null);
        return OpenCl.cString(bytes);
    }

    /** The kernel object; its arguments may be set by one thread at a time only. */
    cl_kernel kernel() {
        return kernel;
    }

    @Override
    public void close() {
        CL.clReleaseKernel(kernel);
        CL.clReleaseProgram(program);
    }
}
