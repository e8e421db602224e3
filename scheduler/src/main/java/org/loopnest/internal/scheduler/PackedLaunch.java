package org.loopnest.internal.scheduler;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.loopnest.data.ArrayBinding;
import org.loopnest.internal.data.ElementCopier;
import org.loopnest.data.Role;
import org.loopnest.internal.data.UnsetOutputs;
import org.loopnest.internal.data.Views;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.KernelSource;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;
import org.loopnest.index.Iteration;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.kernel.ViewTable;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.Placement;

/**
 * The launch of one chunk whose arrays are packed in device buffers laid out as {@link ChunkLayout} says. A Java
 * device runs the Java body over views of the buffers' host memory; a compiled device runs its kernel over the
 * buffers themselves. Used by the pipeline, and by worker nodes that run chunks for a remote coordinator.
 * Immutable; {@link #run} may be called concurrently for disjoint blocks.
 */
public final class PackedLaunch implements Launch {
    private final ChunkLayout layout;
    private final Map<String, ArrayBinding> arrays;
    private final Kernel kernel;
    private final KernelSource kernelSource;
    private final Chunk chunk;
    private final DeviceBuffer input;
    private final DeviceBuffer output;
    private final DeviceBuffer resident;
    private final BooleanSupplier cancelled;

    /**
     * @param layout    where each array sits in the buffers
     * @param arrays    the run's arrays by name (their element types and roles; no data is read through them)
     * @param kernel    the body
     * @param kernelSource the generated kernel for a compiled device, or {@code null} for the Java body only
     * @param chunk     the chunk
     * @param input     the chunk's packed inputs
     * @param output    the chunk's outputs
     * @param resident  the resident inputs, or {@code null} if there are none
     * @param cancelled whether the run was stopped
     */
    public PackedLaunch(ChunkLayout layout, Map<String, ArrayBinding> arrays, Kernel kernel,
                        KernelSource kernelSource, Chunk chunk, DeviceBuffer input, DeviceBuffer output, DeviceBuffer resident, BooleanSupplier cancelled) {
        this.layout = layout;
        this.arrays = arrays;
        this.kernel = kernel;
        this.kernelSource = kernelSource;
        this.chunk = chunk;
        this.input = input;
        this.output = output;
        this.resident = resident;
        this.cancelled = cancelled;
    }

    private Object view(ArrayBinding binding) {
        Placement p = layout.placement(binding.name());
        DeviceBuffer memory = p.resident() ? resident : binding.role() == Role.IN ? input : output;
        ByteBuffer bytes = memory.hostView();
        return Views.over(binding, ElementCopier.typed(bytes, binding.type()), layout.addressing(p, chunk));
    }

    @Override
    public KernelSource kernelSource() {
        return kernelSource;
    }

    @Override
    public Chunk chunk() {
        return chunk;
    }

    /**
     * Runs the body over the block piece by piece; for a Java body first clearing each piece's output elements in the
     * output buffer, which holds an earlier chunk's results (see {@link UnsetOutputs}). A kernel-language body assigns
     * every output itself ({@link Kernel#runBlock(org.loopnest.kernel.BoundArrays, org.loopnest.index.Split, Chunk,
     * long, long, java.util.function.Consumer)} skips the prelude for it).
     */
    @Override
    public void run(long from, long to) {
        kernel.runBlock(new ViewTable(arrays, this::view), layout.split(), chunk, from, to, this::clearOutputs);
    }

    private void clearOutputs(Iteration piece) {
        long from = piece.local();
        long to = from + piece.remaining();
        for (Placement p : layout.outputs()) {
            UnsetOutputs.clear(ElementCopier.typed(output.hostView(), p.binding().type()), layout.addressing(p, chunk),
                    layout.split().cursor(chunk, from, to));
        }
    }

    @Override
    public boolean cancelled() {
        return cancelled.getAsBoolean();
    }

    @Override
    public DeviceBuffer input() {
        return input;
    }

    @Override
    public DeviceBuffer output() {
        return output;
    }

    @Override
    public DeviceBuffer resident() {
        return resident;
    }
}
