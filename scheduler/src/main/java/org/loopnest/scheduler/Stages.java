package org.loopnest.scheduler;

import org.loopnest.internal.scheduler.PackedLaunch;
import org.loopnest.report.Stage;

/** The five stage handlers, each a few lines over {@link StageHandler}. */
final class Stages {
    private Stages() {
    }

    /** Packs the chunk's inputs into the host input buffer. */
    static final class Serialize extends StageHandler {
        Serialize(PipelineContext context) {
            super(Stage.SERIALIZE, context);
        }

        @Override
        void process(ChunkSlot slot) {
            if (!context.direct()) {
                context.packer().pack(slot.chunk, slot.in.host);
            }
        }
    }

    /** Copies the packed inputs to the device and waits for the copy. */
    static final class CopyIn extends StageHandler {
        CopyIn(PipelineContext context) {
            super(Stage.COPY_IN, context);
        }

        @Override
        void process(ChunkSlot slot) {
            long bytes = context.layout().inputBytes(slot.chunk);
            if (!context.direct() && bytes > 0) {
                context.control().await(context.device().copyIn(slot.in.host, slot.in.device, bytes));
                context.bytesIn().add(bytes);
            }
        }
    }

    /**
     * Takes an output buffer (waiting while none is free), then launches the kernel without waiting: the copy-out
     * stage waits, so the next launch can start at once. The kernel's completion gives the chunk's input buffer
     * back, so the next chunk's copy-in can start while this chunk's outputs are still being copied out.
     */
    static final class Kernel extends StageHandler {
        Kernel(PipelineContext context) {
            super(Stage.KERNEL, context);
        }

        @Override
        void process(ChunkSlot slot) throws InterruptedException {
            slot.out = context.outputs().take();
            slot.kernelStart = System.nanoTime();
            org.loopnest.device.Launch launch = context.direct() ? new ChunkLaunch(context, slot.chunk)
                    : new PackedLaunch(context.layout(), context.plan().arrays(), context.plan().kernel(),
                            context.plan().kernelSource(), slot.chunk, slot.in.device, slot.out.device,
                            context.resident(), context.control()::aborted);
            java.util.concurrent.CompletableFuture<Void> launched = context.device().launch(launch);
            ChunkBuffer input = slot.in;
            slot.in = null; // from here the kernel's completion owns it
            slot.kernel = context.control().track(launched.whenComplete((v, t) -> {
                slot.kernelEnd = System.nanoTime();
                context.inputs().give(input);
            }));
        }

        @Override
        boolean timed() {
            return false;
        }
    }

    /** Waits for the chunk's kernel, then copies its outputs back and waits for the copy. */
    static final class CopyOut extends StageHandler {
        CopyOut(PipelineContext context) {
            super(Stage.COPY_OUT, context);
        }

        @Override
        void process(ChunkSlot slot) {
            try {
                context.control().await(slot.kernel);
            } catch (RuntimeException kernelFailed) {
                if (RunControl.unwrap(kernelFailed) instanceof org.loopnest.error.DeviceLostException) {
                    throw kernelFailed;
                }
                context.control().fail(Stage.KERNEL, slot.chunk.number(), context.deviceName(), kernelFailed);
                throw new RunControl.Aborted();
            }
            context.clock().add(Stage.KERNEL, slot.chunk.number(), slot.kernelStart, slot.kernelEnd);
            long start = System.nanoTime();
            long bytes = context.layout().outputBytes(slot.chunk);
            if (!context.direct() && bytes > 0) {
                context.control().await(context.device().copyOut(slot.out.device, slot.out.host, bytes));
                context.bytesOut().add(bytes);
            }
            context.clock().add(Stage.COPY_OUT, slot.chunk.number(), start, System.nanoTime());
        }

        @Override
        boolean timed() {
            return false;
        }
    }

    /**
     * Unpacks the outputs into the user's arrays, gives the output buffer back for the next chunk, reports progress.
     * A skipped chunk gives back whatever buffers it still holds.
     */
    static final class Deserialize extends StageHandler {
        Deserialize(PipelineContext context) {
            super(Stage.DESERIALIZE, context);
        }

        @Override
        void process(ChunkSlot slot) {
            long start = System.nanoTime();
            if (!context.direct()) {
                context.packer().unpack(slot.chunk, slot.out.host);
            }
            release(slot);
            context.clock().add(Stage.DESERIALIZE, slot.chunk.number(), start, System.nanoTime());
            context.chunksDone().increment();
            context.control().chunkDone(); // tells the progress listener
        }

        /** Only unpacking counts as this stage's busy time, not the user's progress listener. */
        @Override
        boolean timed() {
            return false;
        }

        @Override
        void skip(ChunkSlot slot) {
            release(slot);
        }

        private void release(ChunkSlot slot) {
            if (slot.in != null) {
                context.inputs().give(slot.in);
                slot.in = null;
            }
            if (slot.out != null) {
                context.outputs().give(slot.out);
                slot.out = null;
            }
        }
    }
}
