package org.loopnest.scheduler;

import java.util.concurrent.atomic.AtomicBoolean;
import org.loopnest.index.Chunk;
import org.loopnest.internal.scheduler.KernelRates;
import org.loopnest.internal.scheduler.Replan;
import org.loopnest.internal.scheduler.Replanning;

/**
 * Re-plans a run once, when the kernel of its first chunk (chunk 0) has been timed on a device with memory of its
 * own: records the measured rate for later plans and lets {@link Replan} decide whether the outer iterations not
 * taken yet are cut into smaller chunks. (On a host-addressable device several chunks share the threads, so a
 * chunk's time is not the kernel's rate: it does not re-plan.)
 *
 * <p><b>Threading:</b> thread-safe; the first call for chunk 0 decides, every later call does nothing.
 */
final class RunReplan {
    private final Replanning inputs;
    private final ChunkQueue queue;
    private final RunControl control;
    private final AtomicBoolean decided = new AtomicBoolean();
    private volatile String note;

    RunReplan(Replanning inputs, ChunkQueue queue, RunControl control) {
        this.inputs = inputs;
        this.queue = queue;
        this.control = control;
    }

    /**
     * Told of each chunk's kernel time on a device with memory of its own; acts on chunk 0's.
     *
     * @param chunk the chunk
     * @param nanos its kernel's time, from launch to completion
     */
    void kernelTimed(Chunk chunk, long nanos) {
        if (chunk.number() != 0 || nanos <= 0 || chunk.iterations() == 0 || !decided.compareAndSet(false, true)) {
            return;
        }
        KernelRates.recordKernel(inputs.device(), inputs.body(), chunk.iterations(), nanos);
        queue.regroup(nextOuter -> {
            Replan.Decision decision = Replan.decide(inputs.planned(), chunk.iterations(), nanos, nextOuter);
            note = "after the first chunk: " + decision.reason();
            return decision.keep() ? 0 : decision.group();
        }, control::regrouped);
    }

    /** {@return what the re-plan decided, for the report, or {@code null} if it has not run} */
    String note() {
        return note;
    }
}
