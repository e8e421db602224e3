package org.loopnest.scheduler;

import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import org.loopnest.report.Stage;

/**
 * The five stage handlers of a device's pipeline, each a few lines over {@link StageHandler}. A handler keeps only
 * what every run shares (the device's name and the pipeline's wait strategy); what a chunk's run needs comes with the
 * slot ({@link ChunkSlot#run}).
 */
final class Stages {
    private Stages() {
    }

    /** Packs the chunk's inputs into the host input buffer. */
    static final class Serialize extends StageHandler {
        Serialize(String device, StageWaitStrategy waits) {
            super(Stage.SERIALIZE, device, waits);
        }

        @Override
        void process(ChunkSlot slot) {
            slot.run.packer().pack(slot.chunk, slot.in.host);
        }
    }

    /** Copies the packed inputs to the device and waits for the copy. */
    static final class CopyIn extends StageHandler {
        CopyIn(String device, StageWaitStrategy waits) {
            super(Stage.COPY_IN, device, waits);
        }

        @Override
        void process(ChunkSlot slot) {
            DeviceRun run = slot.run;
            long bytes = run.layout().inputBytes(slot.chunk);
            if (bytes > 0) {
                run.control().await(run.device().copyIn(slot.in.host, slot.in.device, bytes));
                run.bytesIn().add(bytes);
            }
        }
    }

    /**
     * Takes an output buffer (waiting while none is free), then launches the kernel without waiting: the copy-out
     * stage waits, so the next launch can start at once. The kernel's completion gives the chunk's input buffer
     * back, so the next chunk's copy-in can start while this chunk's outputs are still being copied out.
     */
    static final class Kernel extends StageHandler {
        Kernel(String device, StageWaitStrategy waits) {
            super(Stage.KERNEL, device, waits);
        }

        @Override
        void process(ChunkSlot slot) throws InterruptedException {
            DeviceRun run = slot.run;
            slot.out = run.buffers().outputs().take();
            if (run.checksLevels()) { // the error words start at zero for every launch
                run.control().await(run.device().copyIn(LevelErrors.zeros(), slot.out.device,
                        run.layout().levelErrorBytes()));
            }
            slot.kernelStart = System.nanoTime();
            CompletableFuture<Void> launched = run.device().launch(run.launch(slot.chunk, slot.in, slot.out));
            ChunkBuffer input = slot.in;
            slot.in = null; // from here the kernel's completion owns it
            slot.kernel = run.control().track(launched.handle((v, t) -> {
                long end = System.nanoTime();
                run.buffers().inputs().give(input);
                if (t != null) {
                    throw t instanceof java.util.concurrent.CompletionException c ? c
                            : new java.util.concurrent.CompletionException(t);
                }
                return end;
            }));
        }

        @Override
        boolean timed() {
            return false;
        }
    }

    /** Waits for the chunk's kernel, then copies its outputs back and waits for the copy. */
    static final class CopyOut extends StageHandler {
        CopyOut(String device, StageWaitStrategy waits) {
            super(Stage.COPY_OUT, device, waits);
        }

        @Override
        void process(ChunkSlot slot) {
            DeviceRun run = slot.run;
            long kernelEnd;
            try {
                kernelEnd = run.control().await(slot.kernel);
            } catch (RuntimeException kernelFailed) { // the kernel's failure, not this stage's
                slot.abandoned |= run.failed(Stage.KERNEL, slot.chunk, kernelFailed);
                throw new RunControl.Aborted();
            }
            run.kernelRan(slot.chunk, slot.kernelStart, kernelEnd);
            long start = System.nanoTime();
            long bytes = run.layout().outputBytes(slot.chunk);
            if (bytes > 0) {
                run.control().await(run.device().copyOut(slot.out.device, slot.out.host, bytes));
                run.bytesOut().add(bytes);
            }
            if (run.checksLevels()) {
                LevelErrors.check(slot.out.host, run.plan().kernel().program().orElseThrow());
            }
            run.clock().add(Stage.COPY_OUT, slot.chunk.number(), start, System.nanoTime());
        }

        @Override
        boolean timed() {
            return false;
        }
    }

    /**
     * Unpacks the outputs into the user's arrays, gives the output buffer back for the next chunk, reports progress.
     * A skipped chunk gives back whatever buffers it still holds. Either way the chunk's hold on its run ends here.
     */
    static final class Deserialize extends StageHandler {
        private final Consumer<DeviceRun> retire;

        /** @param retire told of each chunk's run once the chunk is through (it releases the chunk's hold) */
        Deserialize(String device, StageWaitStrategy waits, Consumer<DeviceRun> retire) {
            super(Stage.DESERIALIZE, device, waits);
            this.retire = retire;
        }

        @Override
        void process(ChunkSlot slot) {
            DeviceRun run = slot.run;
            long start = System.nanoTime();
            run.packer().unpack(slot.chunk, slot.out.host);
            release(slot);
            run.clock().add(Stage.DESERIALIZE, slot.chunk.number(), start, System.nanoTime());
            run.chunksDone().increment();
            run.control().chunkDone(); // tells the progress listener
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

        @Override
        void finish(ChunkSlot slot) {
            DeviceRun run = slot.run;
            slot.clear();
            retire.accept(run);
        }

        private static void release(ChunkSlot slot) {
            RunBuffers buffers = slot.run.buffers();
            if (slot.in != null) {
                buffers.inputs().give(slot.in);
                slot.in = null;
            }
            if (slot.out != null) {
                buffers.outputs().give(slot.out);
                slot.out = null;
            }
        }
    }
}
