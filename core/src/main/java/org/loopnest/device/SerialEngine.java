package org.loopnest.device;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * One daemon thread, named {@code loopnest-<name>}, that runs a device's operations of one kind (copies in,
 * kernels, copies out) one after the other, in the order submitted. Devices use one per engine so that the
 * engines overlap each other. {@link #close()} stops the thread and waits for it to end.
 */
public final class SerialEngine implements AutoCloseable {
    private final ExecutorService executor;
    private volatile Thread thread;

    /** An engine whose thread is named {@code loopnest-<name>}. */
    public SerialEngine(String name) {
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "loopnest-" + name);
            t.setDaemon(true);
            thread = t;
            return t;
        });
    }

    /**
     * Runs {@code operation} on the engine's thread after everything submitted before it.
     *
     * @return completed when it has run; exceptionally with what it threw, or if the engine is closed
     */
    public CompletableFuture<Void> submit(Runnable operation) {
        try {
            return CompletableFuture.runAsync(operation, executor);
        } catch (RejectedExecutionException closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("device engine is closed", closed));
        }
    }

    /** Stops the thread (interrupting an operation in progress) and waits up to 10 s for it to end. */
    @Override
    public void close() {
        executor.shutdownNow();
        try {
            executor.awaitTermination(10, TimeUnit.SECONDS);
            Thread t = thread;
            if (t != null) {
                t.join(TimeUnit.SECONDS.toMillis(10));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
