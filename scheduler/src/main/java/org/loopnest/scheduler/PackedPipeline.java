package org.loopnest.scheduler;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.dsl.Disruptor;
import com.lmax.disruptor.dsl.ProducerType;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.loopnest.device.Device;
import org.loopnest.index.Chunk;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.report.Stage;

/**
 * The pipeline of one device with memory of its own: a Disruptor ring of {@link ChunkSlot}s with the five stages
 * chained behind each other, and a feeder thread that takes the runs given to it one after the other and, for each,
 * chunk after chunk from the run's {@link ChunkQueue} once the run has a free input buffer. Its six threads start when
 * it is made and serve run after run until {@link #close()}: a run starts no thread. A device that can keep it
 * ({@link Device#keep}) keeps one for its whole life ({@link #of}); for any other device each run makes its own.
 *
 * <p><b>Buffers per direction.</b> A chunk holds one of its run's {@code B_in} input buffers from serialize until its
 * kernel ends (the feeder takes it before publishing the chunk; the kernel's completion gives it back) and one of the
 * {@code B_out} output buffers from its kernel's start until deserialize ends (the kernel stage takes it before
 * launching; the deserialize stage gives it back). So with two of each, copy-in of chunk {@code e+1}, the kernel of
 * {@code e} and copy-out of {@code e−1} run at once, each chunk holding only what it uses.
 *
 * <p><b>Why the two waits cannot deadlock.</b> Each chunk takes its input buffer before its output buffer, and there
 * are only two waits: (1) the kernel stage waiting for an output buffer. Every output buffer taken is held by a chunk
 * whose kernel was already launched; such a chunk needs nothing more to finish — copy-out waits only for its own
 * kernel, deserialize for nothing — and the stages after the kernel process earlier ring sequences without waiting
 * on the kernel stage, so one of those chunks gives its output buffer back. (2) The feeder waiting for an input
 * buffer: every input buffer taken is held by a chunk that is either launched (its kernel ends and gives it back) or
 * waiting to be launched, which reaches the kernel stage (serialize and copy-in wait for nothing but the device) and
 * is launched once (1) ends. No stage waits for the feeder, so a full ring only slows the feeder down. A run that
 * stops (failure, timeout, cancellation, or the last chunk written) stops its pools, which wakes either wait; the
 * stages then skip the run's chunks left in the ring.
 *
 * <p><b>Threading:</b> {@link #submit} from any thread; runs are fed in the order submitted (a run's chunks are all
 * taken before the next run's first), and the stages serve whatever is in the ring.
 */
final class PackedPipeline implements AutoCloseable {
    /** Ring slots: room for every chunk one run can have in flight ({@code B_in + B_out}), twice over. */
    static final int RING_SIZE = Integer.highestOneBit(2 * RunPlan.MAX_BUFFERS) << 1;
    private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long the feeder waits before trying a full ring again. */
    private static final long FULL_RING_PAUSE_NANOS = TimeUnit.MICROSECONDS.toNanos(50);

    private final String device;
    private final List<Thread> threads = new CopyOnWriteArrayList<>();
    private final StageWaitStrategy waits;
    private final Disruptor<ChunkSlot> disruptor;
    private final RingBuffer<ChunkSlot> ring;
    private final BlockingQueue<DeviceRun> toFeed = new LinkedBlockingQueue<>();
    private final Set<DeviceRun> serving = ConcurrentHashMap.newKeySet();
    private final Thread feeder;
    private volatile boolean closed;

    /** Starts the stage threads and the feeder of a pipeline for the device named {@code device}. */
    PackedPipeline(String device) {
        this.device = device;
        ThreadFactory factory = runnable -> { // Disruptor starts the stages in the order they were chained
            int n = threads.size();
            Thread t = new Thread(runnable, n < Stage.values().length ? ThreadNames.stage(device, Stage.values()[n])
                    : ThreadNames.pipelineThread(device, "stage-" + n));
            t.setDaemon(true);
            threads.add(t);
            return t;
        };
        this.waits = new StageWaitStrategy();
        this.disruptor = new Disruptor<>(ChunkSlot::new, RING_SIZE, factory, ProducerType.SINGLE, waits);
        disruptor.setDefaultExceptionHandler(new KeepServing(device)); // before the handlers: they take it
        disruptor.handleEventsWith(new Stages.Serialize(device, waits))
                .then(new Stages.CopyIn(device, waits))
                .then(new Stages.Kernel(device, waits))
                .then(new Stages.CopyOut(device, waits))
                .then(new Stages.Deserialize(device, waits, this::retire));
        this.ring = disruptor.start();
        this.feeder = new Thread(this::feed, ThreadNames.feeder(device));
        feeder.setDaemon(true);
        threads.add(feeder);
        feeder.start();
    }

    /**
     * The pipeline {@code device} keeps, made now if it has none yet.
     *
     * @return the device's pipeline, or empty if the device keeps none: the caller then makes one and closes it
     * @throws IllegalStateException if the device is closed
     */
    static java.util.Optional<PackedPipeline> of(Device device) {
        return device.keep(PackedPipeline.class, () -> new PackedPipeline(device.info().name()));
    }

    /**
     * Queues {@code run} (allocated) behind the runs already given; the pipeline holds it until its last chunk is
     * through.
     *
     * @throws IllegalStateException if this pipeline is closed
     */
    void submit(DeviceRun run) {
        synchronized (this) {
            if (closed) {
                throw new IllegalStateException("device " + device + " is closed");
            }
            run.hold(); // the feeder's, released when it has taken the run's last chunk
            serving.add(run);
        }
        toFeed.add(run);
    }

    /**
     * Takes {@code run} back if the feeder has not started on it (it waits behind another run): its feeder's hold is
     * given back at once, so that a run cancelled, timed out or finished elsewhere meanwhile is not held until the
     * runs before it end. Does nothing once the feeder has taken it.
     */
    void withdraw(DeviceRun run) {
        if (toFeed.remove(run)) {
            retire(run);
        }
    }

    /** Gives back a hold on {@code run}; the last one ends the pipeline's service of it. */
    private void retire(DeviceRun run) {
        run.release(() -> serving.remove(run));
    }

    private void feed() {
        while (!closed) {
            DeviceRun run;
            try {
                run = toFeed.take();
            } catch (InterruptedException e) {
                return; // closed
            }
            try {
                publishAll(run);
            } catch (Throwable t) { // an Error too: the feeder serves every later run of the device
                run.control().fail(Stage.SERIALIZE, -1, device, t);
            } finally {
                retire(run);
            }
        }
    }

    /** Takes chunk after chunk from the run's queue, each once an input buffer is free, until none is left. */
    private void publishAll(DeviceRun run) {
        BufferPool inputs = run.buffers().inputs();
        try {
            while (!run.stopped()) {
                ChunkBuffer free = inputs.take();
                Chunk chunk = run.control().aborted() ? null : run.queue().take();
                if (chunk == null || run.isLost()) {
                    inputs.give(free);
                    if (chunk != null) {
                        run.queue().giveBack(chunk);
                    }
                    return;
                }
                long sequence = next(run);
                if (sequence < 0) {
                    inputs.give(free);
                    run.queue().giveBack(chunk);
                    return;
                }
                run.hold(); // the chunk's, released by the deserialize stage
                ring.get(sequence).reset(run, chunk, free);
                ring.publish(sequence);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closed: the loop in feed() ends
        } catch (RunControl.Aborted stopped) {
            // the run ended while this thread waited for an input buffer
        } catch (RuntimeException e) {
            run.control().fail(Stage.SERIALIZE, -1, device, e);
        }
    }

    /** The next free ring sequence, waiting while the ring is full; -1 if the run stopped or the pipeline closed. */
    private long next(DeviceRun run) {
        while (true) {
            try {
                return ring.tryNext();
            } catch (InsufficientCapacityException full) {
                if (closed || run.stopped()) {
                    return -1;
                }
                LockSupport.parkNanos(FULL_RING_PAUSE_NANOS);
            }
        }
    }

    /**
     * Stops the pipeline: fails the runs it still serves (the device is closing under them), stops the feeder and
     * the stages, interrupting what they wait for (a device call, a progress listener), and waits (up to 10 s) for
     * their threads to end. Idempotent.
     *
     * @throws IllegalStateException if a thread was still running after the wait (its runs' buffers stay held)
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        for (DeviceRun run : serving) {
            run.control().abortIfRunning(JoinCheck.closedDuringRun(device));
            run.stopPools();
        }
        disruptor.halt();
        waits.wakeAll();
        for (Thread t : threads) {
            t.interrupt(); // wakes a stage or the feeder waiting in a device call or a progress listener
        }
        long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
        boolean ended = true;
        for (Thread t : threads) {
            ended &= join(t, deadline);
        }
        if (!ended) {
            throw new IllegalStateException("device " + device + ": a pipeline thread was still running 10 s after "
                    + "the pipeline was closed");
        }
        for (DeviceRun run : serving) {
            run.detach(); // no thread of this pipeline is left to give their holds back
        }
        for (DeviceRun run : toFeed) {
            run.detach();
        }
    }

    private static boolean join(Thread t, long deadline) {
        boolean interrupted = Thread.interrupted();
        try {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        } catch (InterruptedException e) {
            interrupted = true;
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
        return !t.isAlive();
    }

    @Override
    public String toString() {
        return "pipeline of " + device + (closed ? " (closed)" : "");
    }
}
