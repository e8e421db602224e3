package org.loopnest.internal.cuda;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * One stream of the {@link StandInDriver}: an ordered single-thread executor. Work issued on it runs in the order
 * issued, after the call that issued it has returned. The first work that fails puts the stream in error (as a GPU
 * fault does): that work and everything issued later is skipped, and every {@link #synchronize()} reports the
 * error, until the stream is destroyed.
 *
 * <p><b>Threading:</b> thread-safe.
 */
final class StandInStream {
    private final long handle;
    private final ExecutorService executor;
    private volatile CudaError error;
    private volatile boolean destroyed;

    /**
     * @param handle the stream's handle, also in its thread's name
     */
    StandInStream(long handle) {
        this.handle = handle;
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "stand-in-cuda-stream-" + handle);
            t.setDaemon(true);
            return t;
        });
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
     */
    void issue(Runnable work) {
        executor.execute(() -> {
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
        });
    }

    /**
     * Waits for everything issued so far, as the driver does: uninterruptibly (the thread's interrupt is kept).
     *
     * @throws CudaError the stream's error, if it is in error
     */
    void synchronize() {
        Future<?> done = executor.submit(() -> { });
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
