package org.loopnest.device.cuda;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.DriverApi;
import org.loopnest.internal.device.DeviceClock;
import org.loopnest.report.Stage;

/**
 * One engine of a {@link CudaDevice}, like a GPU's copy and compute engines: a CUDA stream and the one daemon
 * thread that issues work to it. Each operation is issued on the stream between two CUDA events and waited for
 * ({@code cuStreamSynchronize}) before the next one starts, so operations of one engine run in the order
 * submitted while the device's three engines (host to device, kernel, device to host) overlap. The time between
 * the events ({@code cuEventElapsedTime}, the GPU's own clock) is added to the engine's stage in a
 * {@link DeviceClock}.
 *
 * <p><b>Threading:</b> {@link #submit} may be called from any thread. <b>Failure:</b> a failed call completes the
 * operation's future exceptionally with a {@link org.loopnest.error.DeviceException}; operations still queued
 * when the engine shuts down fail with an {@link IllegalStateException}.
 */
final class CudaEngine {
    /** Work for the stream: issues asynchronous calls on it (throwing the driver's {@link CudaError}). */
    interface StreamWork {
        /**
         * Issues the work.
         *
         * @param stream the engine's stream
         */
        void issue(long stream);
    }

    private final CudaContext context;
    private final String threadName;
    private final Stage stage;
    private final DeviceClock clock;
    private final DriverApi driver;
    private final long stream;
    private final long started;
    private final long finished;
    private final ExecutorService thread;
    private volatile Thread worker;
    private boolean streamDestroyed;

    /**
     * Creates the stream (non-blocking with respect to the legacy default stream) and its two timing events in
     * {@code context}, and the thread, named {@code threadName}, that is started with the first operation.
     *
     * @param stage the stage whose measured time this engine's operations add to {@code clock}
     * @throws org.loopnest.error.DeviceException if the stream or an event cannot be created (nothing is left
     *     allocated)
     */
    CudaEngine(CudaContext context, String threadName, Stage stage, DeviceClock clock) {
        this.context = context;
        this.threadName = threadName;
        this.stage = stage;
        this.clock = clock;
        this.driver = context.driver();
        context.makeCurrent();
        long[] made = create(context);
        this.stream = made[0];
        this.started = made[1];
        this.finished = made[2];
        this.thread = org.loopnest.internal.device.SingleThread.started(threadName, t -> worker = t);
    }

    /** The stream and the two events, or nothing left allocated if one cannot be made. */
    private static long[] create(CudaContext context) {
        DriverApi driver = context.driver();
        long stream = context.handle("cuStreamCreate", driver::createStream);
        long started = 0;
        try {
            started = context.handle("cuEventCreate", driver::createEvent);
            return new long[] {stream, started, context.handle("cuEventCreate", driver::createEvent)};
        } catch (RuntimeException e) {
            long event = started;
            if (event != 0) {
                destroyQuietly(() -> driver.destroyEvent(event), e);
            }
            destroyQuietly(() -> driver.destroyStream(stream), e);
            throw e;
        }
    }

    private static void destroyQuietly(Runnable destroy, RuntimeException failure) {
        try {
            destroy.run();
        } catch (CudaError e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Runs {@code work} on the stream and waits for it, on the engine's thread.
     *
     * @param operation the driver call, for failures, e.g. {@code cuMemcpyHtoDAsync}
     * @return completed when the stream has finished the work, exceptionally if a call failed
     */
    CompletableFuture<Void> submit(String operation, StreamWork work) {
        Operation op = new Operation(operation, work);
        try {
            thread.execute(op);
        } catch (RejectedExecutionException e) {
            op.result.completeExceptionally(new IllegalStateException("device " + context.name()
                    + " is closed: " + operation + " was not run", e));
        }
        return op.result;
    }

    /** Stops taking operations and fails those not started yet; the one running (if any) finishes. */
    void shutdown() {
        List<Runnable> waiting = thread.shutdownNow();
        for (Runnable r : waiting) {
            if (r instanceof Operation op) {
                op.result.completeExceptionally(new IllegalStateException("device " + context.name()
                        + " was closed before " + op.operation + " ran"));
            }
        }
    }

    /** Waits until the thread has ended or {@code deadline} ({@link System#nanoTime()}) has passed. */
    boolean awaitTermination(long deadline) throws InterruptedException {
        boolean ended = thread.awaitTermination(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        Thread t = worker;
        if (t != null) {
            t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            ended &= !t.isAlive();
        }
        return ended;
    }

    /**
     * Destroys the events and the stream, once; call after {@link #shutdown()} with the context current.
     *
     * @throws org.loopnest.error.DeviceException for the first call that failed (all are tried)
     */
    synchronized void destroyStream() {
        if (!streamDestroyed) {
            streamDestroyed = true;
            RuntimeException a = attempt("cuEventDestroy (" + threadName + ")", () -> driver.destroyEvent(started));
            RuntimeException b = attempt("cuEventDestroy (" + threadName + ")", () -> driver.destroyEvent(finished));
            context.call("cuStreamDestroy (" + threadName + ")", () -> driver.destroyStream(stream));
            if (a != null) {
                throw a;
            }
            if (b != null) {
                throw b;
            }
        }
    }

    private RuntimeException attempt(String operation, Runnable call) {
        try {
            context.call(operation, call);
            return null;
        } catch (RuntimeException e) {
            return e;
        }
    }

    /** One submitted operation and its future. */
    private final class Operation implements Runnable {
        final String operation;
        final StreamWork work;
        final CompletableFuture<Void> result = new CompletableFuture<>();

        Operation(String operation, StreamWork work) {
            this.operation = operation;
            this.work = work;
        }

        @Override
        public void run() {
            if (result.isDone()) {
                return;
            }
            try {
                context.makeCurrent();
                context.call("cuEventRecord before " + operation, () -> driver.record(started, stream));
                context.call(operation, () -> work.issue(stream));
                context.call("cuEventRecord after " + operation, () -> driver.record(finished, stream));
                context.call("cuStreamSynchronize after " + operation, () -> driver.synchronize(stream));
                recordTime();
                result.complete(null);
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }

        /** Adds the time between the events to the stage; a driver that cannot say costs only the time. */
        private void recordTime() {
            try {
                float millis = driver.elapsedMillis(started, finished);
                if (millis >= 0) {
                    clock.record(stage, Math.round(millis * 1e6));
                }
            } catch (CudaError e) {
                // cuEventElapsedTime may refuse (e.g. events without timing); the operation itself succeeded
            }
        }
    }
}
