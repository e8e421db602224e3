package org.loopnest.kernel;

import java.util.regex.Pattern;

/**
 * The loop body written in the kernel language, a small C subset defined in {@code docs/KERNELS.md}: the statements
 * of one iteration, plus optional helper functions. It is parsed and checked once when the run is planned, then
 * compiled for every device: OpenCL C, CUDA C and the JVM.
 *
 * <p>The body has the types {@code bool}, {@code int}, {@code long}, {@code float} and {@code double}, locals,
 * {@code if}, bounded {@code for} and {@code while} loops and the math functions ({@code exp}, {@code pow},
 * {@code fmin}, {@code isnan}, ...) for {@code float} and {@code double}. It names loop indices and arrays by the
 * names they were given: an index is a read-only 64-bit integer, an array is its element at the current iteration
 * (read-only for inputs; outputs are assigned on every path). Helpers are plain functions, e.g.
 * {@code float sq(float v) { return v * v; }}. Names starting with {@code ln_} or {@code LN_} belong to the runtime.
 *
 * <pre>{@code
 * DeviceCode.of("theta = T * pow(1000.0f / p, 0.2857143f);")
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param name    the kernel's entry point and file name, a C identifier (default {@value #DEFAULT_NAME})
 * @param body    the statements of one iteration
 * @param helpers functions placed before the kernel, or the empty string
 */
public record DeviceCode(String name, String body, String helpers) {
    /** The entry point's name unless one is given. */
    public static final String DEFAULT_NAME = "loopnest_kernel";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Checks the parts.
     *
     * @param name the entry point's name, a C identifier
     * @param body the C statements of one iteration
     * @param helpers C functions placed before the kernel, or {@code null} for none
     * @throws IllegalArgumentException if the name is not a C identifier or the body is blank
     */
    public DeviceCode {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("device code name '" + name + "' (expected: a C identifier such as "
                    + DEFAULT_NAME + ")");
        }
        if (body == null || body.isBlank()) {
            throw new IllegalArgumentException("device code body is blank (expected: the C statements of one "
                    + "iteration)");
        }
        helpers = helpers == null ? "" : helpers;
    }

    /**
     * {@return a body named {@value #DEFAULT_NAME}, without helpers}
     *
     * @param body the C statements of one iteration
     */
    public static DeviceCode of(String body) {
        return new DeviceCode(DEFAULT_NAME, body, "");
    }

    /**
     * {@return the same code under another entry-point name}
     *
     * @param newName the entry point's name, a C identifier
     */
    public DeviceCode named(String newName) {
        return new DeviceCode(newName, body, helpers);
    }

    /**
     * {@return the same code with helper functions placed before the kernel}
     *
     * @param functions helper functions in the kernel language, e.g. {@code float sq(float v) { return v * v; }}
     */
    public DeviceCode withHelpers(String functions) {
        return new DeviceCode(name, body, functions);
    }

    /**
     * {@return whether {@code text} is a C identifier}
     *
     * @param text any text
     */
    public static boolean isIdentifier(String text) {
        return text != null && IDENTIFIER.matcher(text).matches();
    }
}
