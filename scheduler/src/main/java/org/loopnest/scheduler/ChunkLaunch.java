package org.loopnest.scheduler;

import java.nio.ByteBuffer;
import java.util.function.Function;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementCopier;
import org.loopnest.data.Views;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.Launch;
import org.loopnest.index.Chunk;
import org.loopnest.index.Iteration;
import org.loopnest.kernel.ViewTable;
import org.loopnest.serializer.Placement;

/**
 * The launch of one chunk: binds the kernel's arrays either to the user's holders (host-addressable devices) or
 * to the chunk's packed regions in device memory, and runs blocks of iterations on the device's threads.
 */
final class ChunkLaunch implements Launch {
    private final PipelineContext context;
    private final Chunk chunk;
    private final BufferSet buffers;
    private final Function<ArrayBinding, Object> viewMaker;

    ChunkLaunch(PipelineContext context, Chunk chunk, BufferSet buffers) {
        this.context = context;
        this.chunk = chunk;
        this.buffers = buffers;
        this.viewMaker = context.direct() ? Views::direct : binding -> packedView(binding, buffers);
    }

    private Object packedView(ArrayBinding binding, BufferSet buffers) {
        Placement p = context.layout().placement(binding.name());
        DeviceBuffer memory = p.resident() ? context.resident()
                : binding.role() == org.loopnest.data.Role.IN ? buffers.deviceIn : buffers.deviceOut;
        ByteBuffer bytes = memory.hostView();
        return Views.over(binding, ElementCopier.typed(bytes, binding.type()), context.layout().addressing(p, chunk));
    }

    @Override
    public Chunk chunk() {
        return chunk;
    }

    @Override
    public void run(long from, long to) {
        Iteration cursor = context.layout().split().cursor(chunk, from, to);
        context.plan().kernel().runBlock(new ViewTable(context.plan().arrays(), viewMaker), cursor);
    }

    @Override
    public DeviceBuffer input() {
        return buffers.deviceIn;
    }

    @Override
    public DeviceBuffer output() {
        return buffers.deviceOut;
    }

    @Override
    public DeviceBuffer resident() {
        return context.resident();
    }

    @Override
    public boolean cancelled() {
        return context.control().aborted();
    }
}
