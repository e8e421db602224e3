package org.loopnest.scheduler;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import org.loopnest.device.Device;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.index.IndexSpace;
import org.loopnest.kernel.Kernel;
import org.loopnest.serializer.ChunkLayout;

/**
 * Everything a run needs, frozen: the nest, the bound arrays, the kernel, the device, the split chosen and the
 * chunk layout. Made by {@code LoopNest.plan()}; {@link #start()} runs it. Immutable; may be started more than
 * once (one run at a time per device is the caller's concern).
 *
 * @param space       the nest
 * @param arrays      bound arrays by name, inputs and outputs, in binding order
 * @param kernel      the body
 * @param kernelSource the generated kernel for compiled devices, or {@code null} without device code
 * @param device      where it runs
 * @param ownsDevice  whether the run closes the device when it ends (devices the runtime made itself)
 * @param split       the split, its chunk layout, and why
 * @param buffers     chunk buffer sets per device, {@code B}
 * @param timeout     overall limit, or {@code null} for none
 * @param progress    told after each chunk, or {@code null}
 */
public record RunPlan(IndexSpace space, Map<String, ArrayBinding> arrays, Kernel kernel, KernelSource kernelSource, Device device,
                      boolean ownsDevice, SplitChoice split, int buffers, Duration timeout,
                      ProgressListener progress) {

    /** Copies the map of arrays. */
    public RunPlan {
        arrays = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(arrays));
    }

    /** The chunk buffers' layout for the chosen split. */
    public ChunkLayout layout() {
        return split.layout();
    }

    /** The bound arrays in binding order. */
    public List<ArrayBinding> bindings() {
        return List.copyOf(arrays.values());
    }

    /**
     * Writes {@link #kernelSource()} for every target into {@code dir} (created if missing), e.g.
     * {@code weather.cl} and {@code weather.cu}.
     *
     * @return the files written
     * @throws IllegalStateException if the plan has no device code
     * @throws IOException if a file cannot be written
     */
    public List<Path> writeKernels(Path dir) throws IOException {
        if (kernelSource == null) {
            throw new IllegalStateException("no device code to write (expected: deviceCode(...) on the nest)");
        }
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        for (KernelTarget target : KernelTarget.values()) {
            written.add(Files.writeString(dir.resolve(kernelSource.fileName(target)), kernelSource.source(target)));
        }
        return written;
    }

    /** Starts the run on background threads. Close the returned execution (or await it) to free its resources. */
    public Execution start() {
        return Execution.start(this);
    }
}
