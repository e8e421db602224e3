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
    private final java.util.Set<CompletableFuture<Void>> pending = java.util.concurrent.ConcurrentHashMap.newKeySet();
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
     * @return completed when it has run; exceptionally with what it threw, or if the engine is (or gets) closed
     *     before it ran
     */
    public CompletableFuture<Void> submit(Runnable operation) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        pending.add(done);
        try {
            executor.execute(() -> {
                try {
                    if (!done.isDone()) {
                        operation.run();
                        done.complete(null);
                    }
                } catch (Throwable t) {
                    done.completeExceptionally(t);
                } finally {
                    pending.remove(done);
                }
            });
        } catch (RejectedExecutionException closed) {
            pending.remove(done);
            done.completeExceptionally(new IllegalStateException("device engine is closed", closed));
        }
        return done;
    }

    /**
     * Stops the thread (interrupting an operation in progress), waits up to 10 s for it to end, and fails every
     * operation that never ran.
     */
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
        for (CompletableFuture<Void> never : pending) {
            never.completeExceptionally(new IllegalStateException("device closed before the operation ran"));
        }
        pending.clear();
    }
}
