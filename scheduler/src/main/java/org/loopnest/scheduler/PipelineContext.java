package org.loopnest.scheduler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.internal.serializer.ChunkLayout;
import org.loopnest.internal.serializer.ChunkPacker;

/**
 * What the stages of one device's pipeline share: the plan, the device, the packer, the pools of free input and
 * output buffers ({@code B_in} and {@code B_out}), the resident buffer, the run's control and clock, and counters.
 * Owns the buffers: {@link #close()} frees every one, whether or not it is back in its pool.
 */
final class PipelineContext implements AutoCloseable {
    private final RunPlan plan;
    private final Device device;
    private final RunControl control;
    private final StageClock clock;
    private final ChunkQueue queue;
    private final ChunkPacker packer;
    private final boolean direct;
    private final BufferPool inputs = new BufferPool("input");
    private final BufferPool outputs = new BufferPool("output");
    private final List<ChunkBuffer> allBuffers = new ArrayList<>();
    private final LongAdder bytesIn = new LongAdder();
    private final LongAdder bytesOut = new LongAdder();
    private final LongAdder chunksDone = new LongAdder();
    private final StageWaitStrategy waitStrategy = new StageWaitStrategy();
    private DeviceBuffer resident;
    private volatile org.loopnest.error.DeviceLostException lost;

    /**
     * @param runClock the run's clock; this device's stages add to a clock of their own that adds to it
     * @param queue    the chunks the run's devices share
     * @param timeline where this device's stages record their slices, or {@code null}
     */
    PipelineContext(RunPlan plan, Device device, RunControl control, StageClock runClock, ChunkQueue queue,
                    org.loopnest.internal.trace.Timeline timeline) {
        this.plan = plan;
        this.device = device;
        this.control = control;
        this.clock = new StageClock(runClock, timeline, device.info().name());
        this.queue = queue;
        this.packer = new ChunkPacker(plan.layout());
        this.direct = device.info().hostAddressable();
    }

    /**
     * Tells the device about the run (a compiled device compiles the kernel), allocates the {@code B_in} input and
     * {@code B_out} output buffers and sends the resident data; on failure the caller closes this context, which frees
     * what was taken.
     */
    void allocate() {
        try {
            allocateOrThrow();
        } catch (java.util.concurrent.CompletionException e) {
            Throwable cause = RunControl.unwrap(e);
            throw cause instanceof org.loopnest.error.LoopNestException known ? known
                    : new org.loopnest.error.LoopNestException("device " + deviceName() + ": setting up the run "
                    + "failed: " + cause, cause);
        }
    }

    private void allocateOrThrow() {
        ChunkLayout layout = plan.layout();
        device.beginRun(new org.loopnest.device.RunSpec(layout.split(), plan.bindings(), plan.kernel(),
                plan.kernelSource()));
        fill(inputs, plan.inputBuffers(), layout.inputBytes());
        fill(outputs, plan.outputBuffers(), layout.outputBytes());
        if (!direct && layout.residentBytes() > 0) {
            resident = device.allocate(layout.residentBytes());
            try (org.loopnest.device.HostStaging staging = device.allocateStaging(layout.residentBytes())) {
                packer.packResident(staging.buffer());
                control.await(device.copyIn(staging.buffer(), resident, layout.residentBytes()));
            }
            bytesIn.add(layout.residentBytes());
        }
    }

    private void fill(BufferPool pool, int count, long bytes) {
        for (int b = 0; b < count; b++) {
            ChunkBuffer buffer = direct ? ChunkBuffer.empty() : ChunkBuffer.allocate(device, Math.max(1, bytes));
            allBuffers.add(buffer);
            pool.give(buffer);
        }
    }

    /** How stages of this pipeline wait for each other. */
    StageWaitStrategy waitStrategy() {
        return waitStrategy;
    }

    RunPlan plan() {
        return plan;
    }

    Device device() {
        return device;
    }

    String deviceName() {
        return device.info().name();
    }

    RunControl control() {
        return control;
    }

    /** This device's clock (which adds to the run's). */
    StageClock clock() {
        return clock;
    }

    /**
     * Records that the device is gone (the first time) and tells the run, which fails only when every device is
     * lost. This device takes no more chunks; the caller gives back the chunk it was working on.
     */
    synchronized void lose(org.loopnest.error.DeviceLostException cause) {
        if (lost == null) {
            lost = cause;
            control.deviceLost(cause);
        }
    }

    /** Whether the device was lost during the run. */
    boolean isLost() {
        return lost != null;
    }

    /** Why the device was lost, or {@code null}. */
    org.loopnest.error.DeviceLostException lostCause() {
        return lost;
    }

    ChunkQueue queue() {
        return queue;
    }

    ChunkPacker packer() {
        return packer;
    }

    ChunkLayout layout() {
        return plan.layout();
    }

    /** Whether kernels read the user's arrays in place (no serialization, no copies). */
    boolean direct() {
        return direct;
    }

    /** The free input buffers: taken when a chunk is published, given back when its kernel ends. */
    BufferPool inputs() {
        return inputs;
    }

    /** The free output buffers: taken when a chunk's kernel starts, given back when it is deserialized. */
    BufferPool outputs() {
        return outputs;
    }

    /** Wakes whatever waits for a free buffer of either direction, for good: the run has ended. */
    void stopPools() {
        inputs.stop();
        outputs.stop();
    }

    DeviceBuffer resident() {
        return resident;
    }

    LongAdder bytesIn() {
        return bytesIn;
    }

    LongAdder bytesOut() {
        return bytesOut;
    }

    LongAdder chunksDone() {
        return chunksDone;
    }

    /** Frees every buffer, all of them even if some fail to close; then throws the first failure. */
    @Override
    public void close() {
        java.util.List<AutoCloseable> all = new ArrayList<>(allBuffers);
        if (resident != null) {
            all.add(0, resident);
        }
        allBuffers.clear();
        inputs.clear();
        outputs.clear();
        resident = null;
        ChunkBuffer.closeAll(all.toArray(AutoCloseable[]::new));
    }
}
