package org.loopnest.scheduler;

import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.Sequence;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.report.Stage;

/**
 * One stage of a device's pipeline: a unit of work that its own thread, named for the device and the stage
 * ({@link ThreadNames#stage}), runs for chunk after chunk, in order, whichever run each chunk belongs to (the slot
 * says). It times its work, skips the chunks of a stopped run, and hands every failure to the chunk's
 * {@link DeviceRun#failed}; nothing escapes to the ring.
 */
abstract class StageHandler implements EventHandler<ChunkSlot> {
    final Stage stage;
    private final String device;
    private final StageWaitStrategy waits;
    private Sequence progress;

    StageHandler(Stage stage, String device, StageWaitStrategy waits) {
        this.stage = stage;
        this.device = device;
        this.waits = waits;
    }

    @Override
    public void onStart() {
        Thread.currentThread().setName(ThreadNames.stage(device, stage));
        waits.waitFor(stage.ordinal() == 0 ? null : Stage.values()[stage.ordinal() - 1]);
    }

    /** Lets the stage release each slot to the next stage as soon as it is done, not at the end of a batch. */
    @Override
    public void setSequenceCallback(Sequence sequenceCallback) {
        this.progress = sequenceCallback;
    }

    @Override
    public final void onEvent(ChunkSlot slot, long sequence, boolean endOfBatch) {
        try {
            handle(slot);
        } finally {
            finish(slot);
        }
        if (progress != null) {
            progress.set(sequence);
            waits.released(stage);
        }
    }

    private void handle(ChunkSlot slot) {
        DeviceRun run = slot.run;
        if (run.control().aborted() || slot.abandoned) {
            skip(slot);
            return;
        }
        long start = System.nanoTime();
        try {
            process(slot);
            if (timed()) {
                run.clock().add(stage, slot.chunk.number(), start, System.nanoTime());
            }
        } catch (Throwable t) {
            slot.abandoned |= run.failed(stage, slot.chunk, t);
            skip(slot);
        }
    }

    /** Does this stage's work on the slot's chunk. */
    abstract void process(ChunkSlot slot) throws Exception;

    /** Whether the time spent in {@link #process} is this stage's busy time. */
    boolean timed() {
        return true;
    }

    /** Called instead of {@link #process} once the run is stopped or the chunk abandoned. */
    void skip(ChunkSlot slot) {
    }

    /** Called after {@link #process} or {@link #skip}, whatever happened. */
    void finish(ChunkSlot slot) {
    }
}
