package org.loopnest.perf.ratio;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.Launch;

/**
 * A device, borrowed, that runs one operation at a time: each copy in, kernel launch and copy out is handed to the
 * device only once every operation asked for before it (of whatever kind) has completed, so none of the device's
 * copies and kernels overlap — a GPU without concurrent copy and execution, on the real device. The serial baseline
 * of {@code KIND-speedup-over-serial} ({@link CompiledDeviceThroughput}); for the simulated device the same is
 * {@link org.loopnest.device.sim.SimConfig.Engines#SHARED}.
 *
 * <p><b>Threading:</b> thread-safe; operations are handed to the device from one thread of this wrapper's own
 * (never from a device's completion thread, where a driver may refuse calls), in the order they were asked for.
 * Everything else (allocation, staging memory, kernels' compilation, costs, measured times) goes straight to the
 * device. <b>Ownership:</b> {@link #close()} stops that thread and leaves the device open: its opener closes it.
 * <b>Failure:</b> an operation that fails fails its own future only; the next one still runs.
 */
final class OneAtATimeDevice extends BorrowedDevice {
    private final ExecutorService issuer;
    /** Hands a task to {@link #issuer}, or runs it here once the issuer is shut down (it then fails its operation). */
    private final Executor handOff;
    private volatile boolean closed;
    private final Object lock = new Object();
    private CompletableFuture<Void> last = CompletableFuture.completedFuture(null);

    /**
     * @param inner the device, open, and closed by its owner after this wrapper
     */
    OneAtATimeDevice(Device inner) {
        super(inner);
        this.issuer = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "loopnest-perf-" + inner.info().name() + "-one-at-a-time");
            t.setDaemon(true);
            return t;
        });
        this.handOff = task -> {
            try {
                issuer.execute(task);
            } catch (RejectedExecutionException shutDown) {
                task.run();
            }
        };
    }




    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        return afterTheLast(() -> inner.copyIn(host, target, bytes));
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        return afterTheLast(() -> inner.copyOut(source, host, bytes));
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        return afterTheLast(() -> inner.launch(launch));
    }






    @Override
    public boolean isClosed() {
        return closed || inner.isClosed();
    }

    /**
     * Stops the wrapper's thread once it has handed on or failed what it holds (waiting up to 10 s for it); operations
     * not yet handed to the device, and any asked for later, fail with {@link IllegalStateException}.
     */
    @Override
    public void close() {
        closed = true;
        issuer.shutdown();
        try {
            issuer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Hands {@code operation} to the device once the operation asked for before it has completed. */
    private CompletableFuture<Void> afterTheLast(Supplier<CompletableFuture<Void>> operation) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        CompletableFuture<Void> previous;
        synchronized (lock) {
            previous = last;
            last = done;
        }
        previous.whenCompleteAsync((ignored, failure) -> issue(operation, done), handOff);
        return done;
    }

    private void issue(Supplier<CompletableFuture<Void>> operation, CompletableFuture<Void> done) {
        if (closed) {
            done.completeExceptionally(new IllegalStateException("device " + inner.info().name()
                    + " (one operation at a time) is closed"));
            return;
        }
        try {
            operation.get().whenComplete((ignored, failure) -> {
                if (failure == null) {
                    done.complete(null);
                } else {
                    done.completeExceptionally(failure);
                }
            });
        } catch (RuntimeException | Error failure) {
            done.completeExceptionally(failure);
        }
    }
}
