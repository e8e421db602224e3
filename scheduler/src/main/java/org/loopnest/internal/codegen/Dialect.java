package org.loopnest.internal.codegen;

import org.loopnest.device.KernelTarget;

/**
 * The macros that make one kernel text valid OpenCL C and CUDA C: the kernel and function qualifiers, the
 * address space of buffers, 64-bit integers and their literals, the global thread number, and {@code NAN}.
 */
final class Dialect {
    private Dialect() {
    }

    /** The prelude of {@code target}'s source; {@code usesDouble} enables 64-bit floats on OpenCL. */
    static String prelude(KernelTarget target, boolean usesDouble) {
        return switch (target) {
            case OPENCL -> (usesDouble ? "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n" : "")
                    + """
                    #define LN_KERNEL __kernel
                    #define LN_FUNC static inline
                    #define LN_GLOBAL __global
                    #define LN_BYTE uchar
                    #define LN_I64 long
                    #define LN_C(v) v##L
                    #define LN_THREAD_ID ((LN_I64) get_global_id(0))
                    """;
            case CUDA -> """
                    #define LN_KERNEL extern "C" __global__
                    #define LN_FUNC static __device__ inline
                    #define LN_GLOBAL
                    #define LN_BYTE unsigned char
                    #define LN_I64 long long
                    #define LN_C(v) v##LL
                    #define LN_THREAD_ID ((((LN_I64) blockIdx.y * gridDim.x) + blockIdx.x) * blockDim.x + threadIdx.x)
                    #ifndef NAN
                    #define NAN __int_as_float(0x7fc00000)
                    #endif
                    #ifndef INFINITY
                    #define INFINITY __int_as_float(0x7f800000)
                    #endif
                    """;
        };
    }
}
