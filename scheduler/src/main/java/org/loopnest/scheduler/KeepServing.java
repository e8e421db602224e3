package org.loopnest.scheduler;

import com.lmax.disruptor.ExceptionHandler;

/**
 * What a device pipeline's ring does with an exception that escaped a stage (stages hand every failure of their own to
 * the chunk's run, so this is a bug or an {@code Error}): logs it and goes on, instead of Disruptor's default of
 * ending the stage's thread, which would stop the device's pipeline for every later run.
 */
final class KeepServing implements ExceptionHandler<ChunkSlot> {
    private final String device;

    KeepServing(String device) {
        this.device = device;
    }

    @Override
    public void handleEventException(Throwable thrown, long sequence, ChunkSlot slot) {
        System.getLogger(PackedPipeline.class.getName()).log(System.Logger.Level.ERROR, "device " + device
                + ": a pipeline stage let an exception escape at ring sequence " + sequence + "; the stage goes on",
                thrown);
        if (slot != null && slot.run != null) {
            slot.run.control().fail(org.loopnest.report.Stage.DESERIALIZE, slot.chunk == null ? -1
                    : slot.chunk.number(), device, thrown);
        }
    }

    @Override
    public void handleOnStartException(Throwable thrown) {
        System.getLogger(PackedPipeline.class.getName()).log(System.Logger.Level.ERROR, "device " + device
                + ": a pipeline stage failed to start", thrown);
    }

    @Override
    public void handleOnShutdownException(Throwable thrown) {
        System.getLogger(PackedPipeline.class.getName()).log(System.Logger.Level.ERROR, "device " + device
                + ": a pipeline stage failed to stop", thrown);
    }
}
