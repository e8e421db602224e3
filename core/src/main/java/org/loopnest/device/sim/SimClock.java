package org.loopnest.device.sim;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.loopnest.internal.device.ThreadNames;

/**
 * The clock of a {@link SimDevice} with a kernel speed cap: one daemon thread, started with the device, that ends
 * each capped kernel when its simulated time has passed, so that no run starts a thread for it.
 *
 * <p><b>Threading:</b> thread-safe. <b>Failure:</b> {@link #close()} fails every kernel still waiting.
 */
final class SimClock implements AutoCloseable {
    private final String device;
    private final ScheduledThreadPoolExecutor timer;
    private final Set<CompletableFuture<Void>> waiting = ConcurrentHashMap.newKeySet();
    private volatile Thread thread;

    SimClock(String device) {
        this.device = device;
        this.timer = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, ThreadNames.clock(device));
            t.setDaemon(true);
            thread = t;
            return t;
        });
        timer.setRemoveOnCancelPolicy(true);
        timer.prestartCoreThread();
    }

    /**
     * {@return completed at {@code deadline} ({@link System#nanoTime()}), at once if it has passed}
     *
     * @param deadline when the kernel's simulated time ends
     */
    CompletableFuture<Void> at(long deadline) {
        long wait = deadline - System.nanoTime();
        if (wait <= 0) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> done = new CompletableFuture<>();
        waiting.add(done);
        done.whenComplete((v, t) -> waiting.remove(done));
        try {
            timer.schedule(() -> done.complete(null), wait, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closed) {
            done.completeExceptionally(closedWhileWaiting());
        }
        return done;
    }

    private IllegalStateException closedWhileWaiting() {
        return new IllegalStateException("device " + device + " closed while a kernel ran");
    }

    /**
     * Stops the thread, fails every kernel still waiting for its time and waits (up to 10 s) for the thread to end.
     * Idempotent.
     */
    @Override
    public void close() {
        timer.shutdownNow();
        for (CompletableFuture<Void> kernel : Set.copyOf(waiting)) {
            kernel.completeExceptionally(closedWhileWaiting());
        }
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            timer.awaitTermination(10, TimeUnit.SECONDS);
            Thread t = thread;
            if (t != null) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
