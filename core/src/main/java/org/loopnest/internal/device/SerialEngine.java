package org.loopnest.internal.device;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread, started with the engine and named as its device says ({@link ThreadNames#engine}), that runs a device's operations of one
 * kind (copies in, kernels, copies out) one after the other, in the order submitted. Devices use one per engine so
 * that the engines overlap each other. {@link #close()} stops the thread and waits for it to end.
 */
public final class SerialEngine implements AutoCloseable {
    private final ExecutorService executor;
    /** Operations submitted and not started yet. */
    private final java.util.Set<CompletableFuture<Void>> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.time.Duration closeWait;
    private volatile Thread thread;

    /**
     * An engine whose thread is named {@code threadName}; {@link #close()} waits up to 10 s for it.
     *
     * @param threadName the thread's name
     */
    public SerialEngine(String threadName) {
        this(threadName, java.time.Duration.ofSeconds(10));
    }

    /**
     * An engine whose thread is named {@code threadName}; {@link #close()} waits up to {@code closeWait} for it.
     *
     * @param threadName the thread's name
     * @param closeWait how long {@link #close()} waits for the thread
     * @throws IllegalArgumentException if {@code closeWait} is negative
     */
    public SerialEngine(String threadName, java.time.Duration closeWait) {
        if (closeWait.isNegative()) {
            throw new IllegalArgumentException("closeWait = " + closeWait + " (expected: 0 or more)");
        }
        this.closeWait = closeWait;
        this.executor = SingleThread.started(threadName, t -> thread = t);
    }

    /**
     * Runs {@code operation} on the engine's thread after everything submitted before it.
     *
     * @param operation what to run
     * @return completed when it has run; exceptionally with what it threw, or if the engine is (or gets) closed
     *     before it ran
     */
    public CompletableFuture<Void> submit(Runnable operation) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        pending.add(done);
        try {
            executor.execute(() -> {
                if (!pending.remove(done) || done.isDone()) {
                    return; // failed by close(), or cancelled, before it started
                }
                try {
                    operation.run();
                    done.complete(null);
                } catch (Throwable t) {
                    done.completeExceptionally(t);
                }
            });
        } catch (RejectedExecutionException closed) {
            pending.remove(done);
            done.completeExceptionally(new IllegalStateException("device engine is closed", closed));
        }
        return done;
    }

    /**
     * Stops the thread (interrupting an operation in progress), waits up to the close wait for it to end, and fails
     * every operation that never ran. {@link #stopped()} then says whether the thread ended in time.
     */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            long deadline = System.nanoTime() + closeWait.toNanos();
            executor.awaitTermination(closeWait.toNanos(), TimeUnit.NANOSECONDS);
            Thread t = thread;
            if (t != null) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (CompletableFuture<Void> never : pending) {
            if (pending.remove(never)) {
                never.completeExceptionally(new IllegalStateException("device closed before the operation ran"));
            }
        }
    }

    /**
     * {@return whether the engine's thread has ended (or never started): after {@link #close()}, false if it outlived
     * the wait}
     */
    public boolean stopped() {
        Thread t = thread;
        return t == null || !t.isAlive();
    }
}
