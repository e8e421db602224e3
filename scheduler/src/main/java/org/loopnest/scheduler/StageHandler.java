package org.loopnest.scheduler;

import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.Sequence;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.error.DeviceLostException;
import org.loopnest.report.Stage;

/**
 * One pipeline stage: a unit of work that its own thread, named for the run, the device and the stage
 * ({@link ThreadNames#stage}), runs for chunk after chunk, in order. It times its
 * work, skips work once the run is stopped, and hands every failure to the run's control; nothing escapes to
 * the ring.
 */
abstract class StageHandler implements EventHandler<ChunkSlot> {
    final Stage stage;
    final PipelineContext context;

    private Sequence progress;

    StageHandler(Stage stage, PipelineContext context) {
        this.stage = stage;
        this.context = context;
    }

    @Override
    public void onStart() {
        Thread.currentThread().setName(ThreadNames.stage(context.control().number(), context.deviceName(), stage));
        context.waitStrategy().waitFor(stage.ordinal() == 0 ? null : Stage.values()[stage.ordinal() - 1]);
    }

    /** Lets the stage release each slot to the next stage as soon as it is done, not at the end of a batch. */
    @Override
    public void setSequenceCallback(Sequence sequenceCallback) {
        this.progress = sequenceCallback;
    }

    @Override
    public final void onEvent(ChunkSlot slot, long sequence, boolean endOfBatch) {
        handle(slot);
        if (progress != null) {
            progress.set(sequence);
            context.waitStrategy().released(stage);
        }
    }

    private void handle(ChunkSlot slot) {
        if (context.control().aborted() || slot.abandoned) {
            skip(slot);
            return;
        }
        long start = System.nanoTime();
        try {
            process(slot);
            if (timed()) {
                context.clock().add(stage, slot.chunk.number(), start, System.nanoTime());
            }
        } catch (Throwable t) {
            if (RunControl.unwrap(t) instanceof DeviceLostException lost) {
                context.lose(lost);
                context.queue().giveBack(slot.chunk.number());
                slot.abandoned = true;
            } else {
                context.control().fail(stage, slot.chunk.number(), context.deviceName(), t);
            }
            skip(slot);
        }
    }

    /** Does this stage's work on the slot's chunk. */
    abstract void process(ChunkSlot slot) throws Exception;

    /** Whether the time spent in {@link #process} is this stage's busy time. */
    boolean timed() {
        return true;
    }

    /** Called instead of {@link #process} once the run is stopped. */
    void skip(ChunkSlot slot) {
    }
}
