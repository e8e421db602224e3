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
 * and a control thread that takes chunk after chunk from the run's {@link ChunkQueue} once an input buffer is free.
 * Start once, stop once.
 *
 * <p><b>Buffers per direction.</b> A chunk holds one of the {@code B_in} input buffers from serialize until its
 * kernel ends (the control thread takes it before publishing the chunk; the kernel's completion gives it back) and
 * one of the {@code B_out} output buffers from its kernel's start until deserialize ends (the kernel stage takes it
 * before launching; the deserialize stage gives it back). So with two of each, copy-in of chunk {@code e+1}, the
 * kernel of {@code e} and copy-out of {@code e−1} run at once, each chunk holding only what it uses.
 *
 * <p><b>Why the two waits cannot deadlock.</b> Each chunk takes its input buffer before its output buffer, and
 * there are only two waits: (1) the kernel stage waiting for an output buffer. Every output buffer taken is held by a
 * chunk whose kernel was already launched; such a chunk needs nothing more to finish — copy-out waits only for its
 * own kernel, deserialize for nothing — and the stages after the kernel process earlier ring sequences without
 * waiting on the kernel stage, so one of those chunks gives its output buffer back. (2) The control thread waiting
 * for an input buffer: every input buffer taken is held by a chunk that is either launched (its kernel ends and
 * gives it back) or waiting to be launched, which reaches the kernel stage (serialize and copy-in wait for nothing
 * but the device) and is launched once (1) ends. The ring has room for every chunk that can be in flight,
 * {@code B_in + B_out}, so publishing never waits on the ring while a stage waits on a buffer. A run that stops
 * (failure, timeout, cancellation, or the last chunk written) stops both pools, which wakes either wait.
 */
final class Pipeline {
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
        int ringSize = Integer.highestOneBit(context.plan().inputBuffers() + context.plan().outputBuffers()) << 1;
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
        context.control().finished().whenComplete((v, t) -> context.stopPools());
        control = new Thread(() -> publishAll(ring), ThreadNames.control(context.control().number(),
                context.deviceName()));
        control.setDaemon(true);
        threads.add(control);
        control.start();
    }

    /** Takes chunk after chunk from the run's queue, each once an input buffer is free, until none is left. */
    private void publishAll(RingBuffer<ChunkSlot> ring) {
        Split split = context.layout().split();
        try {
            while (!context.control().aborted() && !context.isLost()) {
                ChunkBuffer free = context.inputs().take();
                if (context.control().aborted()) {
                    return;
                }
                long c = context.queue().take();
                if (c < 0) {
                    context.inputs().give(free);
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
        } catch (RunControl.Aborted stopped) {
            // the run ended while this thread waited for an input buffer
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
        context.stopPools();
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
