package org.loopnest.scheduler;

import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.index.Split;

/**
 * One device's pipeline: a Disruptor ring of {@link ChunkSlot}s with the five stages chained behind each other,
 * and a control thread that takes chunk after chunk from the run's {@link ChunkQueue} once a buffer set is free.
 * Start once, stop once.
 */
final class Pipeline {
    private static final BufferSet STOP = BufferSet.empty();

    private final PipelineContext context;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final Disruptor<ChunkSlot> disruptor;
    private Thread control;

    Pipeline(PipelineContext context) {
        this.context = context;
        ThreadFactory factory = runnable -> { // each stage names its thread when it starts (StageHandler.onStart)
            Thread t = new Thread(runnable, ThreadNames.runThread(context.control().number(), context.deviceName(),
                    "stage-" + threads.size()));
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
        int ringSize = Integer.highestOneBit(context.plan().buffers()) << 1;
        this.disruptor = new Disruptor<>(ChunkSlot::new, ringSize, factory, ProducerType.SINGLE,
                context.waitStrategy());
        disruptor.handleEventsWith(new Stages.Serialize(context))
                .then(new Stages.CopyIn(context))
                .then(new Stages.Kernel(context))
                .then(new Stages.CopyOut(context))
                .then(new Stages.Deserialize(context));
    }

    /** Starts the stages and the control thread. */
    void start() {
        RingBuffer<ChunkSlot> ring = disruptor.start();
        context.control().finished().whenComplete((v, t) -> context.pool().add(STOP));
        control = new Thread(() -> publishAll(ring), ThreadNames.control(context.control().number(),
                context.deviceName()));
        control.setDaemon(true);
        threads.add(control);
        control.start();
    }

    /** Takes chunk after chunk from the run's queue, each once a buffer set is free, until none is left. */
    private void publishAll(RingBuffer<ChunkSlot> ring) {
        Split split = context.layout().split();
        try {
            while (!context.control().aborted() && !context.isLost()) {
                BufferSet free = context.pool().take();
                if (free == STOP || context.control().aborted()) {
                    return;
                }
                long c = context.queue().take();
                if (c < 0) {
                    return;
                }
                if (context.isLost()) {
                    context.queue().giveBack(c);
                    return;
                }
                long sequence = ring.next();
                ring.get(sequence).reset(split.chunk(c), free);
                ring.publish(sequence);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            context.control().fail(org.loopnest.report.Stage.SERIALIZE, -1, context.deviceName(), e);
        }
    }

    /**
     * Stops the control thread and the stages and waits for their threads to end, until {@code deadline}
     * ({@link System#nanoTime()}); the caller's interrupt status must be clear.
     *
     * @return whether every thread ended
     */
    boolean stop(long deadline) {
        context.pool().add(STOP);
        boolean ended = join(control, deadline);
        disruptor.halt();
        for (Thread t : threads) {
            ended &= join(t, deadline);
        }
        return ended;
    }

    private static boolean join(Thread t, long deadline) {
        if (t == null) {
            return true;
        }
        try {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return !t.isAlive();
    }
}
