package org.loopnest.internal.codegen;

import org.loopnest.device.KernelTarget;
import org.loopnest.internal.lang.MathFunction;
import org.loopnest.internal.lang.Type;

/**
 * The macros that make one kernel text valid OpenCL C and CUDA C: the kernel and function qualifiers, the
 * address space of buffers, 64-bit integers and their literals, the global thread number, and {@code NAN}; and
 * the names of the math functions, which differ (OpenCL C overloads {@code exp} for {@code float}, CUDA C calls
 * the {@code float} one {@code expf}).
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

    /**
     * {@return the function a kernel that subscripts column arrays checks each level with}: {@code ln_level(k, levels,
     * line, column, err)} gives {@code k} when {@code 0 <= k < levels}; else it records the first bad level of the
     * launch in the error words {@code err} (a flag claimed atomically, the body's line and column, the level's low
     * and high 32 bits) and gives 0, so that no read or write leaves the column. The host reads the words back with
     * the outputs and fails the run.
     */
    static String levelCheck(KernelTarget target) {
        String claim = switch (target) {
            case OPENCL -> "atomic_cmpxchg((volatile LN_GLOBAL int*) err, 0, 1) == 0";
            case CUDA -> "atomicCAS(err, 0, 1) == 0";
        };
        return "LN_FUNC LN_I64 ln_level(const LN_I64 k, const LN_I64 levels, const int line, const int column, "
                + "LN_GLOBAL int* const err)\n{\n"
                + "    if (k >= 0 && k < levels) {\n        return k;\n    }\n"
                + "    if (" + claim + ") {\n"
                + "        err[1] = line;\n        err[2] = column;\n"
                + "        err[3] = (int) (k & 0xffffffff);\n        err[4] = (int) (k >> 32);\n    }\n"
                + "    return 0;\n}\n";
    }

    /**
     * {@return {@code target}'s name of {@code function} for arguments of type {@code floating}: OpenCL C's
     * overloaded name ({@code pow}); CUDA C's C name ({@code powf} for {@code float}, {@code pow} for
     * {@code double}; {@code isnan} and {@code isinf} are overloaded there too), or the name of its guard where
     * OpenCL calls it through one ({@link NanGuards})}
     */
    static String mathName(KernelTarget target, MathFunction function, Type floating) {
        if (NanGuards.guards(target, function)) {
            return NanGuards.name(function, floating);
        }
        boolean cFloatName = target == KernelTarget.CUDA && floating == Type.FLOAT && !function.isTest();
        return function.languageName() + (cFloatName ? "f" : "");
    }

    /**
     * {@return {@code target}'s function that converts a {@code from} value to {@code to} rounding toward zero and
     * saturating (NaN gives 0, out-of-range values the nearest bound), as Java casts: C leaves such conversions
     * undefined, OpenCL C and CUDA C name them}
     *
     * @param from {@code float} or {@code double}
     * @param to {@code int} or {@code long}
     */
    static String saturatingConversion(KernelTarget target, Type from, Type to) {
        return switch (target) {
            case OPENCL -> "convert_" + (to == Type.LONG ? "long" : "int") + "_sat_rtz";
            case CUDA -> "__" + from.keyword() + "2" + (to == Type.LONG ? "ll" : "int") + "_rz";
        };
    }
}
