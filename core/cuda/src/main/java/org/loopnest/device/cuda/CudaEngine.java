package org.loopnest.device.cuda;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;
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
    /** Work for the stream: issues asynchronous calls on it and returns the {@code CUresult} of the last. */
    interface StreamWork {
        int issue(CUstream stream);
    }

    private final CudaContext context;
    private final String threadName;
    private final Stage stage;
    private final DeviceClock clock;
    private final CUstream stream = new CUstream();
    private final CUevent started = new CUevent();
    private final CUevent finished = new CUevent();
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
        context.makeCurrent();
        context.check(JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
        int created = JCudaDriver.cuEventCreate(started, CUevent_flags.CU_EVENT_DEFAULT);
        if (created == CUresult.CUDA_SUCCESS) {
            created = JCudaDriver.cuEventCreate(finished, CUevent_flags.CU_EVENT_DEFAULT);
            if (created != CUresult.CUDA_SUCCESS) {
                JCudaDriver.cuEventDestroy(started);
            }
        }
        if (created != CUresult.CUDA_SUCCESS) {
            JCudaDriver.cuStreamDestroy(stream);
            context.check(created, "cuEventCreate");
        }
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            worker = t;
            return t;
        });
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
            int a = JCudaDriver.cuEventDestroy(started);
            int b = JCudaDriver.cuEventDestroy(finished);
            context.check(JCudaDriver.cuStreamDestroy(stream), "cuStreamDestroy (" + threadName + ")");
            context.check(a, "cuEventDestroy (" + threadName + ")");
            context.check(b, "cuEventDestroy (" + threadName + ")");
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
                context.check(JCudaDriver.cuEventRecord(started, stream), "cuEventRecord before " + operation);
                context.check(work.issue(stream), operation);
                context.check(JCudaDriver.cuEventRecord(finished, stream), "cuEventRecord after " + operation);
                context.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize after " + operation);
                float[] millis = new float[1];
                if (JCudaDriver.cuEventElapsedTime(millis, started, finished) == CUresult.CUDA_SUCCESS
                        && millis[0] >= 0) {
                    clock.record(stage, Math.round(millis[0] * 1e6));
                }
                result.complete(null);
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }
    }
}
