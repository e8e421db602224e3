package org.loopnest.device;

import java.util.Map;
import java.util.Objects;

/**
 * The complete source of one generated kernel for every {@link KernelTarget}, ready to compile. Made by the
 * runtime from the nest, the split and the user's {@link org.loopnest.kernel.DeviceCode}; compiled devices
 * receive it through {@link Device#prepare}.
 *
 * <p>Every target's kernel has the same parameters, in this order: the input chunk buffer, the output chunk
 * buffer, the resident buffer (bytes), the chunk's first outer iteration {@code e} and the number of iterations
 * in the chunk (64-bit integers). One thread runs one iteration; threads at or past the count return at once.
 *
 * @param entryPoint the kernel function's name
 * @param sources    the source per target
 * @param usesDouble whether the kernel computes in {@code double} (OpenCL devices need {@code cl_khr_fp64})
 */
public record KernelSource(String entryPoint, Map<KernelTarget, String> sources, boolean usesDouble) {
    /**
     * Copies the map; every target must have a source.
     *
     * @param entryPoint the kernel's function name
     * @param sources the source per target
     * @param usesDouble whether the kernel uses {@code double} (which some OpenCL devices lack)
     */
    public KernelSource {
        Objects.requireNonNull(entryPoint, "entryPoint");
        sources = Map.copyOf(sources);
        for (KernelTarget target : KernelTarget.values()) {
            if (!sources.containsKey(target)) {
                throw new IllegalArgumentException("kernel source has no " + target + " version");
            }
        }
    }

    /**
     * {@return the source for {@code target}}
     *
     * @param target OpenCL C or CUDA C
     */
    public String source(KernelTarget target) {
        return sources.get(target);
    }

    /**
     * {@return the file name of {@code target}'s source, e.g. {@code weather.cl}}
     *
     * @param target OpenCL C or CUDA C
     */
    public String fileName(KernelTarget target) {
        return entryPoint + target.extension();
    }
}
