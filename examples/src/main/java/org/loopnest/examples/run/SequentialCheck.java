package org.loopnest.examples.run;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.loopnest.data.FileHolder;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.kernel.KernelPath;

/**
 * {@code --verify}: runs the same body again sequentially on the JVM (a {@code cpu} device of one thread, on the run's
 * kernel path) into
 * scratch files beside the outputs ({@link OutputFiles#scratch}), compares every output value by value
 * ({@link OutputComparison}) and deletes the scratch files.
 *
 * <p><b>Threading:</b> stateless; blocks while the reference run runs. <b>Failure:</b> the reference run's exceptions
 * and {@link IOException}s pass through; the scratch files are deleted either way.
 */
public final class SequentialCheck {
    private SequentialCheck() {
    }

    /**
     * {@return one comparison per output, in the order of {@code outs}}
     *
     * @param spec      the run
     * @param outs      the run's outputs, by name
     * @param tolerance the relative difference accepted, 0 for exact equality
     * @param path      the run's kernel path, which the reference run takes too (so that equal code gives equal bits)
     * @throws IOException if a scratch file cannot be made or a file read
     */
    public static List<OutputComparison.Result> compare(RunSpec spec, Map<String, FileHolder> outs, double tolerance,
                                                        KernelPath path) throws IOException {
        List<OutputComparison.Result> results = new ArrayList<>();
        try (OutputFiles reference = OutputFiles.scratch(spec.outputs(), spec.nest());
                CpuDevice jvm = new CpuDevice(1)) {
            spec.loopNest(reference.holders()).kernelPath(path).on(jvm).run();
            for (Map.Entry<String, FileHolder> out : outs.entrySet()) {
                results.add(OutputComparison.compare(out.getKey(), out.getValue(), reference.holders().get(
                        out.getKey()), spec.nest(), tolerance));
            }
        }
        return results;
    }
}
