package org.loopnest.device;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import org.loopnest.index.Split;
import org.loopnest.internal.kernel.Kernel;

/**
 * What a device is told before a run's first chunk: the split, the arrays (their names, roles, element types and
 * indices; a device reads no user data through them), the kernel, and the generated kernel source where there is
 * device code. Immutable.
 *
 * <p><b>Why it stays in the SPI with an internal {@code kernel}:</b> {@code RunSpec} is what
 * {@link Device#beginRun} takes, so every backend ({@code CpuDevice}, {@code SimDevice}, OpenCL, CUDA and the
 * cluster's {@code RemoteDevice}) receives it, and a backend does need the kernel: a Java device runs the body
 * through it, a remote device ships it to its node. The kernel's type, {@code org.loopnest.internal.kernel.Kernel},
 * is internal on purpose: how a body is held (element or block form, views, device code) may change between
 * releases without notice. So {@code RunSpec} is a type a backend reads and the runtime makes; users never make
 * one, and a backend written outside this project depends on {@link #kernel()}'s internal type and must follow
 * its changes.
 *
 * @param split        the nest and its split
 * @param bindings     the arrays, in binding order
 * @param kernel       the body: Java, C, or both
 * @param kernelSource the generated kernel, or {@code null} without device code
 * @param outputFiles  where each file-backed output's bytes go, by array name: a new output's temporary file (made and
 *                     sized by the run before any device is told, put in place by the run's commit), or the file
 *                     itself for an output written in place; empty for a run without file-backed outputs. A device
 *                     that writes the files itself (a worker node on shared storage) writes there and nowhere else.
 */
public record RunSpec(Split split, List<ArrayBinding> bindings, Kernel kernel, KernelSource kernelSource,
        Map<String, Path> outputFiles) {
    /**
     * Copies the list and the map.
     *
     * @param split the run's split
     * @param bindings the run's arrays
     * @param kernel the run's kernel
     * @param kernelSource the generated kernel, or {@code null} for a Java device
     * @param outputFiles where each file-backed output's bytes go, by array name
     */
    public RunSpec {
        bindings = List.copyOf(bindings);
        outputFiles = Map.copyOf(outputFiles);
    }

    /**
     * A run without file-backed outputs, or one whose devices are not told where they go.
     *
     * @param split the run's split
     * @param bindings the run's arrays
     * @param kernel the run's kernel
     * @param kernelSource the generated kernel, or {@code null} for a Java device
     */
    public RunSpec(Split split, List<ArrayBinding> bindings, Kernel kernel, KernelSource kernelSource) {
        this(split, bindings, kernel, kernelSource, Map.of());
    }
}
