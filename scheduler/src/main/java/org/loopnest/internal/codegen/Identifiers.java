package org.loopnest.internal.codegen;

import java.util.List;
import java.util.Set;
import org.loopnest.internal.lang.Printable;
import org.loopnest.internal.lang.ReservedWords;
import org.loopnest.kernel.DeviceCode;

/**
 * Checks the names a user gave the kernel, the loop indices and the arrays. Generated code spells indices and arrays
 * {@code u_NAME} and {@code ln_at_NAME}, so they must be identifiers; reserved words and runtime names are refused
 * too, early and by name, because a kernel-language body could not name such an array or index (the front end
 * checks the names a body declares itself). The kernel's name is the entry point as written.
 */
final class Identifiers {
    /**
     * Macros of the C headers that no kernel may shadow, beyond the keywords of every target
     * ({@link ReservedWords}, the list the front end checks a body's own names against).
     */
    private static final Set<String> HEADER_WORDS = Set.of("NULL", "CHAR_BIT");

    /** Names of the C library and the device headers' macros: {@code M_PI}, {@code INT_MAX}, {@code FLT_EPSILON}… */
    private static final java.util.regex.Pattern MACRO_LIKE = java.util.regex.Pattern.compile(
            "M_[A-Z0-9_]+|[A-Z]+_(MAX|MIN|EPSILON|DIG|MANT_DIG|RADIX)|__.*|_[A-Z].*");

    /** Functions of OpenCL C and CUDA a kernel must not be named after (its own entry point would shadow them). */
    private static final Set<String> BUILTIN_FUNCTIONS = Set.of(
            "main", "exp", "exp2", "expm1", "log", "log2", "log10", "log1p", "pow", "powr", "sqrt", "rsqrt", "cbrt",
            "fabs", "abs", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "floor",
            "ceil", "round", "trunc", "fmod", "fmin", "fmax", "min", "max", "clamp", "mad", "fma", "isnan", "isinf",
            "printf", "barrier", "get_global_id", "get_local_id", "get_group_id", "get_global_size", "hypot",
            // CUDA's float math by its C names (the CUDA emitter prints them) and more OpenCL built-ins
            "expf", "logf", "log10f", "powf", "sqrtf", "cbrtf", "fabsf", "fminf", "fmaxf", "floorf", "ceilf", "fmodf",
            "sinf", "cosf", "tanf", "asinf", "acosf", "atanf", "atan2f", "sinhf", "coshf", "tanhf", "isnanf", "isinff",
            "step", "smoothstep", "length", "normalize", "dot", "cross", "mix", "select", "sign", "distance", "nan",
            "copysign", "degrees", "radians", "fract", "frexp", "ldexp", "modf", "nextafter", "remainder", "rint",
            "sincos", "native_exp", "native_log", "native_sqrt", "half_exp", "vload", "vstore");

    private Identifiers() {
    }

    /**
     * Checks one name.
     *
     * @param what how the message names it, e.g. {@code loop index}
     * @throws IllegalArgumentException naming it and what a valid name is
     */
    static void check(String what, String name) {
        String problem = !DeviceCode.isIdentifier(name) ? "is not a C identifier"
                : name.startsWith("ln_") || name.startsWith("LN_") ? "starts with ln_ or LN_, which the runtime uses"
                : ReservedWords.isReserved(name) || HEADER_WORDS.contains(name)
                        ? "is a reserved word of C, C++, OpenCL, CUDA or Java"
                : MACRO_LIKE.matcher(name).matches() ? "looks like a macro of the C library or the device headers"
                : null;
        if (problem != null) {
            throw new IllegalArgumentException(what + " '" + Printable.escape(name) + "' " + problem
                    + " (expected: a C identifier such as T or level_p, to name it in device code)");
        }
    }

    /**
     * Checks a kernel's name: a valid name ({@link #check}) that is no function of OpenCL C or CUDA either.
     *
     * @throws IllegalArgumentException naming it and what a valid name is
     */
    static void checkKernelName(String name) {
        check("kernel name", name);
        if (BUILTIN_FUNCTIONS.contains(name)) {
            throw new IllegalArgumentException("kernel name '" + name + "' is a function of C, OpenCL or CUDA "
                    + "(expected: a name of your own such as physics, via DeviceCode.named)");
        }
    }

    /**
     * Checks that a kernel's name is not how the generated code spells one of its helpers ({@code u_NAME}): the
     * entry point and the helper would be two functions of one name in the C source.
     *
     * @throws IllegalArgumentException naming both
     */
    static void checkKernelNameAgainstHelpers(String name, List<String> helperNames) {
        for (String helper : helperNames) {
            if (name.equals("u_" + helper)) {
                throw new IllegalArgumentException("kernel name '" + name + "' is how the generated code spells the "
                        + "helper '" + helper + "' (expected: a kernel name other than u_ followed by a helper's "
                        + "name, via DeviceCode.named)");
            }
        }
    }
}
