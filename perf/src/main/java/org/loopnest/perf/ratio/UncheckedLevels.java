package org.loopnest.perf.ratio;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;

/**
 * A compiled device that runs every kernel with its column levels unchecked: {@code ln_level} reduced to
 * {@code return k;} in the OpenCL and CUDA text, everything else delegated to the device it wraps. A probe for
 * {@link LevelCheckCost} only: the runtime has no such switch. Closing it leaves the wrapped device open.
 */
final class UncheckedLevels extends BorrowedDevice {
    private static final String CHECK = "    if (k >= 0 && k < levels) {\n        return k;\n    }\n";
    /** @param device the compiled device that runs the kernels */
    UncheckedLevels(Device device) {
        super(device);
    }

    /** {@return {@code kernel} with {@code ln_level}'s body reduced to {@code return k;}} */
    static KernelSource unchecked(KernelSource kernel) {
        Map<KernelTarget, String> sources = new EnumMap<>(KernelTarget.class);
        for (KernelTarget target : KernelTarget.values()) {
            String text = kernel.source(target);
            int at = text.indexOf(CHECK);
            int end = text.indexOf("    return 0;\n}\n", at);
            if (at < 0 || end < 0) {
                throw new IllegalStateException("no ln_level check in the " + target + " kernel");
            }
            sources.put(target, text.substring(0, at) + "    return k;\n}\n" + text.substring(end
                    + "    return 0;\n}\n".length()));
        }
        return new KernelSource(kernel.entryPoint(), sources, kernel.usesDouble());
    }






    @Override
    public boolean runsCompiledKernels() {
        return true;
    }

    @Override
    public void prepare(KernelSource kernel) {
        inner.prepare(unchecked(kernel));
    }

    /** Builds the run's kernel unchecked, as {@link #prepare} does. */
    @Override
    public void beginRun(org.loopnest.device.RunSpec run) {
        prepare(run.kernelSource());
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        KernelSource source = unchecked(launch.kernelSource());
        return inner.launch(new Launch() {
            @Override
            public Chunk chunk() {
                return launch.chunk();
            }

            @Override
            public void run(long from, long to) {
                launch.run(from, to);
            }

            @Override
            public boolean cancelled() {
                return launch.cancelled();
            }

            @Override
            public DeviceBuffer input() {
                return launch.input();
            }

            @Override
            public DeviceBuffer output() {
                return launch.output();
            }

            @Override
            public DeviceBuffer resident() {
                return launch.resident();
            }

            @Override
            public KernelSource kernelSource() {
                return source;
            }
        });
    }





}
