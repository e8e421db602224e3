package org.loopnest.scheduler;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.FileHolder;
import org.loopnest.internal.data.FileOutputs;
import org.loopnest.internal.data.FileWindow;
import org.loopnest.data.Role;
import org.loopnest.internal.data.UnsetOutputs;
import org.loopnest.internal.data.Views;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;
import org.loopnest.index.Iteration;
import org.loopnest.index.Split;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.kernel.ViewTable;

/**
 * The launch of one chunk on a host-addressable device: binds the kernel's arrays straight to the user's holders
 * (a file-backed array through the chunk's mapped window of the file, {@link FileWindow}) and runs blocks of
 * iterations on the device's threads. (Devices with memory of their own get a
 * {@link PackedLaunch}.)
 */
final class ChunkLaunch implements Launch {
    private final RunPlan plan;
    private final Chunk chunk;
    private final java.util.function.BooleanSupplier cancelled;
    private final FileOutputs files;
    private final Map<String, FileWindow> windows = new ConcurrentHashMap<>(2);

    /**
     * @param files where the run's file-backed arrays are
     * @param cancelled whether the run has stopped: blocks not yet started are skipped
     */
    ChunkLaunch(RunPlan plan, Chunk chunk, FileOutputs files, java.util.function.BooleanSupplier cancelled) {
        this.plan = plan;
        this.files = files;
        this.chunk = chunk;
        this.cancelled = cancelled;
    }

    @Override
    public Chunk chunk() {
        return chunk;
    }

    /**
     * Runs the body over the block, for a Java body clearing its output elements in the user's arrays first
     * ({@link UnsetOutputs}); a kernel-language body assigns every output itself ({@link Kernel#runBlock(
     * org.loopnest.kernel.BoundArrays, Split, Chunk, long, long, java.util.function.Consumer)} skips the prelude).
     */
    @Override
    public void run(long from, long to) {
        plan.kernel().runBlock(new ViewTable(plan.arrays(), this::view),
                plan.layout().split(), chunk, from, to, this::clearOutputs);
    }

    /** The view straight into the user's holder; for a file, into the chunk's mapped window of it. */
    private Object view(ArrayBinding binding) {
        if (binding.holder() instanceof FileHolder file) {
            FileWindow w = window(binding);
            return Views.over(binding, w.typed(), w.addressing(binding, file));
        }
        return Views.direct(binding);
    }

    /** The chunk's window of a file-backed array, mapped by the first block that needs it and shared by the rest. */
    private FileWindow window(ArrayBinding binding) {
        return windows.computeIfAbsent(binding.name(), n -> FileWindow.of(binding, plan.layout().split(), chunk, files));
    }

    private void clearOutputs(Iteration piece) {
        long from = piece.local();
        long to = from + piece.remaining();
        Split split = plan.layout().split();
        for (ArrayBinding binding : plan.arrays().values()) {
            if (binding.role() != Role.OUT) {
                continue;
            }
            if (binding.holder() instanceof FileHolder file) {
                FileWindow w = window(binding);
                UnsetOutputs.clear(w.typed(), w.addressing(binding, file), split.cursor(chunk, from, to));
            } else {
                UnsetOutputs.clear(binding, split.cursor(chunk, from, to));
            }
        }
    }

    @Override
    public boolean cancelled() {
        return cancelled.getAsBoolean();
    }
}
