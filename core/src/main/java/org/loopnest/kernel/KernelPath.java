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
     * The body compiled to the JDK's Vector API, processing as many consecutive iterations of the innermost loop at
     * once as the machine's preferred vector holds (16 {@code float}s with AVX-512); the scalar path where the module
     * is absent or the vector code cannot be made, as the run's report says. Until the JIT compiler has compiled a
     * vector body (a second or two of a core), it runs far slower than the scalar one: see {@link #AUTO}.
     */
    VECTOR,
    /** The body compiled to plain Java, one iteration at a time. */
    SCALAR,
    /**
     * The default: {@link #VECTOR} for a run long enough to repay the JIT compiler's warm-up of the vector body
     * ({@value #VECTOR_PAYS_FROM} iterations or more, counting this JVM's earlier runs of the same body, which
     * warmed it), {@link #SCALAR} for a shorter one; the report says which and why.
     */
    AUTO;

    /**
     * The iterations of a body (this run's, plus this JVM's earlier runs of the same body) from which {@link #AUTO}
     * takes the vector path: about where the vector path's warm-up is repaid by the weather body on a 2-core
     * AVX-512 machine (BENCHMARKS.md, "Vector path warm-up" and run 29).
     */
    public static final long VECTOR_PAYS_FROM = 7_000_000L;

    /**
     * The same for a nest with column arrays, counted in columns (iterations): each does a column's work, so the
     * warm-up is repaid far sooner. Measured with the weather example's column body on 7 levels, in fresh JVMs on a
     * 2-core AVX-512 machine: 65 520 columns ran in 946 ms vector against 999 ms scalar (BENCHMARKS.md, run 30); with
     * more levels a column does more work, so this is where the vector path pays at the latest.
     */
    public static final long VECTOR_PAYS_FROM_COLUMNS = 65_000L;

    /** {@return the name as the command line spells it: {@code vector}, {@code scalar} or {@code auto}} */
    public String spelling() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * {@return the path spelt {@code text}, as {@link #spelling()} gives it, any case}
     *
     * @param text {@code auto}, {@code vector} or {@code scalar}
     * @throws IllegalArgumentException naming the text and the choices
     */
    public static KernelPath parse(String text) {
        for (KernelPath path : values()) {
            if (path.spelling().equalsIgnoreCase(text == null ? "" : text.strip())) {
                return path;
            }
        }
        throw new IllegalArgumentException("kernel path = '" + text + "' (expected: auto, vector or scalar)");
    }
}
