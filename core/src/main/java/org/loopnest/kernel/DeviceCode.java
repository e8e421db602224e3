package org.loopnest.kernel;

import java.util.regex.Pattern;
import org.loopnest.internal.lang.Printable;

/**
 * The loop body in the kernel language, written once for every device: the statements of one iteration, plus
 * optional helper functions. The language is a small subset of C defined in {@code docs/KERNELS.md}: the types
 * {@code bool}, {@code int}, {@code long}, {@code float}, {@code double}; C's operators and conversions; local
 * variables ({@code const} too); {@code if}/{@code else}, {@code for} and {@code while} with {@code break} and
 * {@code continue}; helper functions without recursion; the math functions ({@code exp}, {@code log},
 * {@code pow}, {@code sqrt}, {@code fmin}, {@code atan2}, {@code isnan}, … for {@code float} and
 * {@code double}). A body names loop indices and arrays by the names they were given: an index is a read-only
 * 64-bit integer, an array is its element at the current iteration (read-only for inputs; every output must be
 * assigned on every path). Helpers are plain functions, e.g. {@code float sq(float v) { return v * v; }}.
 *
 * <p>The runtime parses and checks the text once, when the run is planned (errors are
 * {@link org.loopnest.error.KernelSyntaxException}s with line, column and a caret), and compiles it to OpenCL C,
 * CUDA C and JVM bytecode, so the same body runs on cpu, sim, OpenCL, CUDA and worker nodes.
 *
 * <pre>{@code
 * DeviceCode.of("theta = T * pow(1000.0f / p, 0.2857143f);")
 * }</pre>
 *
 * <p>Immutable and thread-safe.
 *
 * @param name    the kernel's entry point and file name, a C identifier (default {@value #DEFAULT_NAME})
 * @param body    the statements of one iteration
 * @param helpers helper function definitions, or the empty string
 */
public record DeviceCode(String name, String body, String helpers) {
    /** The entry point's name unless one is given. */
    public static final String DEFAULT_NAME = "loopnest_kernel";

    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /**
     * Checks the parts.
     *
     * @param name the entry point's name, a C identifier
     * @param body the statements of one iteration
     * @param helpers helper function definitions, or {@code null} for none
     * @throws IllegalArgumentException if the name is not a C identifier or the body is blank
     */
    public DeviceCode {
        if (name == null || !IDENTIFIER.matcher(name).matches()) {
            throw new IllegalArgumentException("device code name '" + (name == null ? null : Printable.escape(name))
                    + "' (expected: a C identifier such as " + DEFAULT_NAME + ")");
        }
        if (body == null || body.isBlank()) {
            throw new IllegalArgumentException("device code body is blank (expected: the statements of one "
                    + "iteration, in the kernel language)");
        }
        helpers = helpers == null ? "" : helpers;
    }

    /**
     * {@return a body named {@value #DEFAULT_NAME}, without helpers}
     *
     * @param body the statements of one iteration
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
     * {@return the same code with helper functions}
     *
     * @param functions helper function definitions
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
