package org.loopnest.internal.cuda;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * One stream of the {@link StandInDriver}: an ordered single-thread executor. Work issued on it runs in the order
 * issued, after the call that issued it has returned. The first work that fails puts the stream in error (as a GPU
 * fault does): that work and everything issued later is skipped, and every {@link #synchronize()} reports the
 * error, until the stream is destroyed. Its thread starts when the stream is created (as a device's engines run
 * from when it opens), so that a test counting threads sees none started by a run.
 *
 * <p><b>Threading:</b> thread-safe.
 */
final class StandInStream {
    private final long handle;
    private final ThreadPoolExecutor executor;
    private volatile CudaError error;
    private volatile boolean destroyed;

    /**
     * @param handle the stream's handle, also in its thread's name
     */
    StandInStream(long handle) {
        this.handle = handle;
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.NANOSECONDS, new LinkedBlockingQueue<>(), r -> {
            Thread t = new Thread(r, "stand-in-cuda-stream-" + handle);
            t.setDaemon(true);
            return t;
        });
        executor.prestartAllCoreThreads();
    }

    /** {@return whether {@link #destroy()} has been called} */
    boolean destroyed() {
        return destroyed;
    }

    /**
     * Runs {@code work} after everything issued before it, unless the stream is in error by then.
     *
     * @param work what the device does; a {@link CudaError} it throws (or any exception, as
     *             {@code CUDA_ERROR_LAUNCH_FAILED}) puts the stream in error
     * @throws CudaError {@code CUDA_ERROR_INVALID_HANDLE} if the stream is destroyed
     */
    void issue(Runnable work) {
        try {
            executor.execute(() -> run(work));
        } catch (RejectedExecutionException e) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "stream " + handle + " is destroyed");
        }
    }

    private void run(Runnable work) {
        if (error != null) {
            return;
        }
        try {
            work.run();
        } catch (CudaError e) {
            error = e;
        } catch (RuntimeException | Error e) {
            error = StandInDriver.error(CudaError.LAUNCH_FAILED, "stream " + handle + ": " + e);
        }
    }

    /**
     * Waits for everything issued so far, as the driver does: uninterruptibly (the thread's interrupt is kept).
     *
     * @throws CudaError the stream's error, if it is in error
     */
    void synchronize() {
        Future<?> done;
        try {
            done = executor.submit(() -> { });
        } catch (RejectedExecutionException e) {
            throw StandInDriver.error(CudaError.INVALID_HANDLE, "stream " + handle + " is destroyed");
        }
        boolean interrupted = false;
        while (true) { // a native call: an interrupt does not end the wait (it is kept for the caller)
            try {
                done.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                throw new IllegalStateException("stand-in stream " + handle + " barrier failed", e);
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        CudaError failed = error;
        if (failed != null) {
            throw failed;
        }
    }

    /** Stops taking work; what was issued still runs (as {@code cuStreamDestroy} lets it), then the thread ends. */
    void destroy() {
        destroyed = true;
        executor.shutdown();
    }
}
