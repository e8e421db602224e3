package org.loopnest.kernel;

import java.util.Locale;

/**
 * How Java devices (cpu, sim, worker nodes' cpu) run a kernel-language body ({@link DeviceCode}). Compiled devices
 * (OpenCL, CUDA) and Java bodies are not affected.
 *
 * <p>The vector path needs the JDK's incubating module {@code jdk.incubator.vector} in the boot layer (the JVM
 * started with {@code --add-modules jdk.incubator.vector}; {@code ./loopnest} and the worker nodes it starts do
 * this). Without it a run takes the scalar path and its report says why: never an error.
 */
public enum KernelPath {
    /**
     * The default: the body compiled to the JDK's Vector API, processing as many consecutive iterations of the
     * innermost loop at once as the machine's preferred vector holds (16 {@code float}s with AVX-512); the scalar
     * path where the module is absent or the vector code cannot be made, as the run's report says.
     */
    VECTOR,
    /** The body compiled to plain Java, one iteration at a time. */
    SCALAR;

    /** {@return the name as the command line spells it: {@code vector} or {@code scalar}} */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the path spelt {@code text}, as {@link #spelling()} gives it, any case}
     *
     * @param text {@code vector} or {@code scalar}
     * @throws IllegalArgumentException naming the text and the choices
     */
    public static KernelPath parse(String text) {
        for (KernelPath path : values()) {
            if (path.spelling().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return path;
            }
        }
        throw new IllegalArgumentException("kernel path = '" + text + "' (expected: vector or scalar)");
    }
}
