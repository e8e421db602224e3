package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.Role;
import org.loopnest.device.RunSpec;
import org.loopnest.index.Chunk;
import org.loopnest.index.Split;
import org.loopnest.internal.data.ElementCopier;
import org.loopnest.internal.data.Views;
import org.loopnest.internal.kernel.Kernel;
import org.loopnest.internal.kernel.ViewTable;
import org.loopnest.internal.lang.Program;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.Placement;

/**
 * What a generated kernel's PTX computes, for the {@link StandInDriver}, which cannot run PTX: the run's
 * kernel-language body compiled for the JVM ({@link Kernel#ofProgram}), over views of the chunk buffers laid out as
 * the run's {@link ChunkLayout} says, as a Java device runs a packed chunk. The Java body of a kernel that has both
 * is never run: the GPU would run the device code.
 *
 * <p><b>Threading:</b> immutable; {@link #run} may be called from several threads at once.
 */
final class JvmKernel {
    private final ChunkLayout layout;
    private final Map<String, ArrayBinding> arrays = new LinkedHashMap<>();
    private final Kernel kernel;

    /**
     * @param run the run the kernel was generated for
     * @throws CudaError {@code CUDA_ERROR_INVALID_PTX} if the run has no kernel-language body
     */
    JvmKernel(RunSpec run) {
        Program program = run.kernel().program().orElseThrow(() -> StandInDriver.error(CudaError.INVALID_PTX,
                "the run described for this PTX has no kernel-language body"));
        this.layout = ChunkLayout.of(run.split(), run.bindings());
        this.kernel = Kernel.ofProgram(program);
        for (ArrayBinding b : run.bindings()) {
            arrays.put(b.name(), b);
        }
    }

    /**
     * Runs the first {@code threads} iterations of the chunk that starts at outer iteration {@code firstOuter} (the
     * generated kernel's threads at or past {@code count} return at once, so at most {@code count}).
     *
     * @param input    the chunk's inputs (device memory)
     * @param output   the chunk's outputs
     * @param resident the resident inputs
     * @param firstOuter the kernel's {@code ln_first_outer}
     * @param count    the kernel's {@code ln_count}
     * @param threads  threads launched
     * @throws CudaError {@code CUDA_ERROR_ILLEGAL_ADDRESS} for an access outside a buffer,
     *     {@code CUDA_ERROR_LAUNCH_FAILED} if the arguments name no chunk of the run or the body fails
     */
    void run(ByteBuffer input, ByteBuffer output, ByteBuffer resident, long firstOuter, long count, long threads) {
        Chunk chunk = chunk(firstOuter, count);
        long n = Math.min(count, threads);
        ViewTable views = new ViewTable(arrays, b -> view(b, chunk, input, output, resident));
        try {
            kernel.runBlock(views, layout.split(), chunk, 0, n, piece -> { });
        } catch (IndexOutOfBoundsException e) {
            throw StandInDriver.error(CudaError.ILLEGAL_ADDRESS, "the kernel read or wrote outside a buffer: " + e);
        } catch (RuntimeException e) {
            throw StandInDriver.error(CudaError.LAUNCH_FAILED, "the kernel failed: " + e);
        }
    }

    private Chunk chunk(long firstOuter, long count) {
        Split split = layout.split();
        long number = firstOuter / split.group();
        if (firstOuter < 0 || firstOuter % split.group() != 0 || number >= split.chunkCount()
                || split.chunk(number).iterations() != count) {
            throw StandInDriver.error(CudaError.LAUNCH_FAILED, "ln_first_outer = " + firstOuter + ", ln_count = "
                    + count + " name no chunk of split " + split);
        }
        return split.chunk(number);
    }

    private Object view(ArrayBinding binding, Chunk chunk, ByteBuffer input, ByteBuffer output, ByteBuffer resident) {
        Placement p = layout.placement(binding.name());
        ByteBuffer memory = p.resident() ? resident : binding.role() == Role.IN ? input : output;
        return Views.over(binding, ElementCopier.typed(memory, binding.type()), layout.addressing(p, chunk));
    }
}
