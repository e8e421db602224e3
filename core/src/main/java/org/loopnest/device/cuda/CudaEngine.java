package org.loopnest.device.cuda;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * One engine of a {@link CudaDevice}, like a GPU's copy and compute engines: a CUDA stream and the one daemon
 * thread that issues work to it. Each operation is issued on the stream and waited for
 * ({@code cuStreamSynchronize}) before the next one starts, so operations of one engine run in the order
 * submitted while the device's three engines (host to device, kernel, device to host) overlap.
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
    private final CUstream stream = new CUstream();
    private final ExecutorService thread;
    private volatile Thread worker;
    private boolean streamDestroyed;

    /**
     * Creates the stream (non-blocking with respect to the legacy default stream) in {@code context}, and the
     * thread, named {@code threadName}, that is started with the first operation.
     *
     * @throws org.loopnest.error.DeviceException if the stream cannot be created
     */
    CudaEngine(CudaContext context, String threadName) {
        this.context = context;
        this.threadName = threadName;
        context.makeCurrent();
        context.check(JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING), "cuStreamCreate");
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

    /** Destroys the stream, once; call after {@link #shutdown()} with the context current. */
    synchronized void destroyStream() {
        if (!streamDestroyed) {
            streamDestroyed = true;
            context.check(JCudaDriver.cuStreamDestroy(stream), "cuStreamDestroy (" + threadName + ")");
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
                context.check(work.issue(stream), operation);
                context.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize after " + operation);
                result.complete(null);
            } catch (Throwable t) {
                result.completeExceptionally(t);
            }
        }
    }
}
