package org.loopnest.scheduler;

import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.loopnest.error.DeviceLostException;
import org.loopnest.error.KernelCompileException;
import org.loopnest.error.LoopNestException;
import org.loopnest.error.StageFailedException;
import org.loopnest.internal.kernel.IterationFailure;
import org.loopnest.report.Stage;

/**
 * The shared state of one run: chunks done (and the progress listener told of them), the first failure, the abort
 * signal every wait also listens to, and the device operations still in flight. Thread-safe.
 */
final class RunControl {
    private static final AtomicLong RUNS = new AtomicLong();

    private final long number = RUNS.incrementAndGet();
    private volatile long total;
    private final AtomicLong done = new AtomicLong();
    private final AtomicReference<LoopNestException> failure = new AtomicReference<>();
    private final CompletableFuture<Void> abortSignal = new CompletableFuture<>();
    private final CompletableFuture<Void> finished = new CompletableFuture<>();
    private final Queue<CompletableFuture<?>> inFlight = new ConcurrentLinkedQueue<>();

    /** Devices that may still take chunks: those the run started with and those that joined, less those lost. */
    private final AtomicLong devicesLeft;
    /** The last device lost, or {@code null}: what the run fails with if the devices that are left all leave. */
    private volatile DeviceLostException lastLoss;
    private volatile long lastWrittenNanos;
    private final ProgressListener progress;
    /** Held while a chunk is counted and the listener told, so that calls never overlap and come in order. */
    private final Object progressLock = new Object();
    /**
     * Held (briefly, never while the listener runs) while a chunk is counted and while a cancellation or timeout
     * decides whether the run is still going, so that a finished run is never failed afterwards.
     */
    private final Object decisionLock = new Object();
    /** Set under {@link #decisionLock} when a cancellation or timeout has won against the last chunk. */
    private boolean stopping;

    /**
     * The control of a run of {@code total} chunks on {@code devices} devices.
     *
     * @param progress told of each chunk written (see {@link #chunkDone()}), or {@code null}
     */
    RunControl(long total, int devices, ProgressListener progress) {
        this.total = total;
        this.devicesLeft = new AtomicLong(devices);
        this.progress = progress;
        if (total == 0) {
            finished.complete(null);
        }
    }

    /** Completes normally when every chunk is written, exceptionally on the first failure. */
    /**
     * When the last chunk's outputs were written ({@link System#nanoTime()}), before the progress listener was told
     * of it; 0 until then.
     */
    long lastWrittenNanos() {
        return lastWrittenNanos;
    }

    CompletableFuture<Void> finished() {
        return finished;
    }

    long total() {
        return total;
    }

    /**
     * The run's chunks were cut anew (a re-plan): from now on it has {@code newTotal}, at least as many as before.
     * Counted under the progress lock, so the listener sees the new total from its next call on.
     *
     * @throws IllegalArgumentException if {@code newTotal} is below the current total
     */
    void regrouped(long newTotal) {
        synchronized (progressLock) {
            if (newTotal < total) {
                throw new IllegalArgumentException("chunks = " + newTotal + " (expected: at least " + total + ")");
            }
            total = newTotal;
        }
    }

    /** The run's number, in the order runs start in this JVM: its threads' names carry it. */
    long number() {
        return number;
    }

    long done() {
        return done.get();
    }

    boolean aborted() {
        return failure.get() != null;
    }

    LoopNestException failure() {
        return failure.get();
    }

    /**
     * Records one written chunk, tells the progress listener, and returns how many are written. Counting and telling
     * happen under one lock, whichever device's thread calls: the listener's calls never overlap and see
     * {@code 1, 2, …, total} in order. The run finishes only after the listener has been told of the last chunk, so
     * a listener that throws then still fails it.
     *
     * @throws RuntimeException what the listener threw (the chunk is counted all the same)
     */
    long chunkDone() {
        long writtenAt = System.nanoTime();
        long n;
        boolean last;
        synchronized (progressLock) {
            synchronized (decisionLock) {
                n = done.incrementAndGet();
                last = n == total && !stopping; // a cancellation decided before this chunk wins: the run fails
            }
            if (last) {
                lastWrittenNanos = writtenAt; // before the listener: the wall time ends with the last output
            }
            if (progress != null) {
                progress.chunkDone(n, total);
            }
        }
        if (last) {
            finished.complete(null);
        }
        return n;
    }

    /** One device of the run is gone; when none is left the run fails with {@code cause}. */
    void deviceLost(DeviceLostException cause) {
        lastLoss = cause;
        if (devicesLeft.decrementAndGet() == 0) {
            abort(lastDevice(cause));
        }
    }

    /**
     * Counts one more device taking the run's chunks ({@link Execution#join}), unless the run has ended or has no
     * device left: atomic with {@link #deviceLost}, so a device never joins a run that its last device's loss has
     * stopped, and a run never stops for the loss of its last device while a joined one is counted.
     *
     * @return whether the device is counted; {@code false} if the run has ended or is ending
     */
    boolean deviceJoined() {
        while (true) {
            long left = devicesLeft.get();
            if (left == 0 || finished.isDone()) {
                return false;
            }
            if (devicesLeft.compareAndSet(left, left + 1)) {
                return true;
            }
        }
    }

    /**
     * A device counted by {@link #deviceJoined} could not be set up and takes no chunk: it is no longer counted. If it
     * was the last one (every other device was lost meanwhile), the run fails with the last loss.
     */
    void deviceLeft() {
        if (devicesLeft.decrementAndGet() == 0) {
            DeviceLostException last = lastLoss;
            abort(last != null ? lastDevice(last)
                    : new LoopNestException("no device is left to run the chunks, so the run stops"));
        }
    }

    private static DeviceLostException lastDevice(DeviceLostException cause) {
        return new DeviceLostException(cause.device(), cause.reason() + "; it was the last device of the run, so the "
                + "run stops");
    }

    /**
     * Stops the run with {@code cause} (a cancellation or a timeout) unless every chunk is already written: a run
     * that has finished stays a success.
     */
    void abortIfRunning(LoopNestException cause) {
        synchronized (decisionLock) { // decided against chunkDone, so a finished run is never then failed
            if (done.get() >= total) {
                return;
            }
            stopping = true;
        }
        abort(cause); // outside the lock: the run's end wakes the queue, whose lock is taken before this one
    }

    /** Stops the run with {@code cause} unless it is already stopped; the first cause wins. */
    void abort(LoopNestException cause) {
        if (failure.compareAndSet(null, cause)) {
            abortSignal.complete(null);
            finished.completeExceptionally(cause);
        }
    }

    /** Records a stage's failure on a chunk; a failure caused by the abort itself is ignored. */
    void fail(Stage stage, long chunk, String device, Throwable thrown) {
        Throwable cause = unwrap(thrown);
        if (cause instanceof Aborted) {
            return;
        }
        if (cause instanceof KernelCompileException compile) {
            abort(compile); // the body did not compile (for this layout): no iteration and no chunk is at fault
        } else if (cause instanceof IterationFailure kernel) {
            abort(new StageFailedException(Stage.KERNEL, chunk, device, kernel.indices(), kernel.getCause()));
        } else {
            abort(new StageFailedException(stage, chunk, device, null, cause));
        }
    }

    /** Waits for a device operation, or throws {@link Aborted} as soon as the run is stopped. */
    <T> T await(CompletableFuture<T> operation) {
        inFlight.add(operation);
        try {
            CompletableFuture.anyOf(operation, abortSignal).join();
            if (!operation.isDone()) {
                throw new Aborted();
            }
            return operation.join();
        } finally {
            if (operation.isDone()) {
                inFlight.remove(operation);
            }
        }
    }

    /** Registers a device operation that nobody waits for yet (a launched kernel). */
    <T> CompletableFuture<T> track(CompletableFuture<T> operation) {
        inFlight.add(operation);
        operation.whenComplete((v, t) -> inFlight.remove(operation));
        return operation;
    }

    /**
     * Waits until {@code deadline} ({@link System#nanoTime()}) for device operations still running (after an abort),
     * ignoring their result; the caller's interrupt status must be clear.
     *
     * @return whether none is left running
     */
    boolean drain(long deadline) {
        for (CompletableFuture<?> op : inFlight.toArray(new CompletableFuture<?>[0])) {
            try {
                op.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            } catch (TimeoutException e) {
                return false;
            } catch (ExecutionException | java.util.concurrent.CancellationException ignored) {
                // only completion matters here; the run's failure is already recorded
            }
        }
        return true;
    }

    static Throwable unwrap(Throwable t) {
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** Thrown inside a stage when the run was stopped while it waited. */
    static final class Aborted extends RuntimeException {
        Aborted() {
            super("run stopped", null, false, false);
        }
    }
}
