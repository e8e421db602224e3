package org.loopnest.internal.lang;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * The names no kernel may declare: the keywords and reserved words of C (C11), C++, OpenCL C 1.2 to 3.0 (qualifiers
 * such as {@code generic}; built-in, vector and matrix type names), CUDA and Java, the literals
 * {@code true false null}, the constants {@code NAN} and {@code INFINITY}, and every name starting with {@code ln_}
 * or {@code LN_} (the runtime's). Keeping user names off this list lets every emitter print a name as written
 * without clashing with any target. Stateless.
 */
public final class ReservedWords {
    private static final String C = "auto break case char const continue default do double else enum extern float "
            + "for goto if inline int long register restrict return short signed sizeof static struct switch typedef "
            + "union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary "
            + "_Noreturn _Static_assert _Thread_local bool";
    private static final String CPP = "alignas alignof and and_eq asm bitand bitor catch char8_t char16_t char32_t "
            + "class compl concept consteval constexpr constinit const_cast co_await co_return co_yield decltype "
            + "delete dynamic_cast explicit export false friend mutable namespace new noexcept not not_eq nullptr "
            + "operator or or_eq private protected public reinterpret_cast requires static_assert static_cast "
            + "template this thread_local throw true try typeid typename using virtual wchar_t xor xor_eq";
    private static final String OPENCL = "half uchar ushort uint ulong quad complex imaginary size_t ptrdiff_t intptr_t "
            + "uintptr_t image1d_t image1d_array_t image1d_buffer_t image2d_t image2d_array_t image2d_depth_t "
            + "image3d_t sampler_t event_t queue_t ndrange_t clk_event_t reserve_id_t pipe kernel global local "
            + "constant read_only write_only read_write uniform __kernel __global __local __constant __private "
            + "__read_only __write_only __read_write __attribute__ "
            // OpenCL C 2.0 and 3.0: the generic address space, atomics, multi-sample images
            + "generic __generic atomic_int atomic_uint atomic_long atomic_ulong atomic_float atomic_double "
            + "atomic_intptr_t atomic_uintptr_t atomic_size_t atomic_ptrdiff_t atomic_flag memory_order memory_scope "
            + "image2d_msaa_t image2d_array_msaa_t image2d_msaa_depth_t image2d_array_msaa_depth_t "
            + "image2d_array_depth_t cl_mem_fence_flags";
    private static final String CUDA = "__device__ __host__ __shared__ __constant__ __managed__ __restrict__ "
            + "__global__ __launch_bounds__ __grid_constant__ __noinline__ __forceinline__ threadIdx blockIdx blockDim "
            + "gridDim warpSize dim3";
    private static final String JAVA = "abstract assert boolean byte extends final finally implements import "
            + "instanceof interface native package strictfp super synchronized throws transient var yield record "
            + "sealed permits non-sealed null _";
    private static final String LANGUAGE = "NAN INFINITY";
    private static final String[] VECTOR_BASES = {"char", "uchar", "short", "ushort", "int", "uint", "long", "ulong",
        "float", "double", "half", "bool", "quad"};
    private static final int[] VECTOR_WIDTHS = {2, 3, 4, 8, 16};
    private static final Set<String> MATRIX_BASES = Set.of("float", "double", "half");
    private static final Set<String> WORDS = words();

    private ReservedWords() {
    }

    /**
     * {@return whether {@code name} is reserved: a keyword of a target or the runtime's}
     *
     * @param name a name as written
     */
    public static boolean isReserved(String name) {
        return WORDS.contains(name) || isRuntimeName(name);
    }

    /**
     * {@return whether {@code name} starts with {@code ln_} or {@code LN_}, the runtime's prefixes}
     *
     * @param name a name as written
     */
    static boolean isRuntimeName(String name) {
        return name.startsWith("ln_") || name.startsWith("LN_");
    }

    private static Set<String> words() {
        Set<String> words = new HashSet<>();
        for (String list : new String[] {C, CPP, OPENCL, CUDA, JAVA, LANGUAGE}) {
            words.addAll(Arrays.asList(list.split(" ")));
        }
        for (String base : VECTOR_BASES) {
            for (int width : VECTOR_WIDTHS) {
                words.add(base + width);
                for (int columns : MATRIX_BASES.contains(base) ? VECTOR_WIDTHS : new int[0]) {
                    words.add(base + width + "x" + columns); // OpenCL C reserves float4x4 and the like
                }
            }
        }
        return Set.copyOf(words);
    }
}
