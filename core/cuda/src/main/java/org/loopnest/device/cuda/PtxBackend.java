package org.loopnest.device.cuda;

/**
 * One way of turning CUDA source into PTX: {@code nvcc}, NVRTC, PTX supplied by the user, or none.
 * Implementations are thread-safe and keep no state between compilations.
 */
interface PtxBackend {
    /** What compiles, for messages and as part of the cache key, e.g. {@code nvcc /usr/local/cuda/bin/nvcc}. */
    String description();

    /**
     * What identifies this compiler's output in the PTX cache: the description and, where it can be found, the
     * compiler's version, so that PTX cached by another toolkit at the same path is not handed out.
     */
    default String identity() {
        return description();
    }

    /**
     * The PTX of {@code source}.
     *
     * @param device the device's name, for the failure
     * @param arch   a virtual architecture such as {@code compute_90}, or {@code null} for the compiler's default
     * @throws org.loopnest.error.KernelCompileException with the compiler's log and the source
     */
    String compile(String device, String source, String arch);
}
