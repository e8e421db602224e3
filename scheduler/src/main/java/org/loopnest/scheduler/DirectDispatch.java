package org.loopnest.scheduler;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.loopnest.device.Launch;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.index.Chunk;
import org.loopnest.report.Stage;

/**
 * Runs one run's chunks on a host-addressable device (the cpu) with no thread of its own: there is nothing to
 * serialize or copy, so the only stages are the kernel and its completion. It launches up to {@code B_in} chunks at
 * once on the device's threads; each launch's completion records the chunk (clock, progress) and launches the next.
 *
 * <p><b>Threading:</b> {@link #start()} once, from the run's thread; after that the device's threads (completions)
 * and the thread that gives a chunk back drive it. At most one thread launches at a time ({@link #pump()} hands the
 * work to the thread already launching instead of recursing, so a launch that completes at once cannot deepen the
 * stack). The dispatch holds its {@link DeviceRun} while it may take chunks, and each chunk until it is recorded.
 *
 * <p><b>Nested runs.</b> A run started on one of its cpu device's own threads (from a kernel or a progress listener of
 * another run on it) runs its chunks on that thread, inside {@link #start()} (a chunk given back later by a lost device
 * on the thread giving it back): the device's threads may all be running kernels that wait for such runs, so none
 * would be free to run it ({@link CpuDevice}). A cpu joining a run ({@code Execution.join}) is never nested.
 */
final class DirectDispatch {
    private final DeviceRun run;
    private final int limit;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger pumps = new AtomicInteger();
    /** Started on one of the device's own threads (a nested run): its chunks run there, not on the device's pool. */
    private final boolean nested;
    private boolean fed; // only the pumping thread reads and writes it; pumps orders the threads

    /**
     * @param run the run on a host-addressable device, allocated
     * @param atStart whether the run is being started ({@link RunPlan#start()}): only then is a call on one of the
     *     device's threads a nested run; a device joining a run (from a progress listener, say) feeds its pool
     */
    DirectDispatch(DeviceRun run, boolean atStart) {
        this.run = run;
        this.limit = run.plan().inputBuffers();
        this.nested = atStart && run.device() instanceof CpuDevice cpu && cpu.isOwnThread();
    }

    /**
     * Launches the first chunks; returns at once. The device keeps the run ({@link DirectRuns}) until it ends, so that
     * closing the device fails it at once (a device closed already fails it here).
     */
    void start() {
        try {
            DirectRuns.of(run.device()).ifPresent(runs -> runs.add(run));
        } catch (IllegalStateException closed) { // closed since the run checked it: it launches nothing
            run.control().abortIfRunning(JoinCheck.closedDuringRun(run.deviceName()));
        }
        run.hold(); // released when no more chunk will be taken
        pump();
    }

    /** Launches chunks while fewer than the limit are in flight and the queue has one; one thread at a time. */
    private void pump() {
        if (pumps.getAndIncrement() != 0) {
            return; // the thread pumping now will loop once more
        }
        int missed = 1;
        do {
            while (!fed && inFlight.get() < limit) {
                Chunk chunk = run.stopped() ? null : run.queue().poll(this::pump);
                if (chunk == ChunkQueue.NONE_NOW) {
                    break;
                }
                if (chunk == null) {
                    fed = true;
                    run.release();
                    break;
                }
                launch(chunk);
            }
            missed = pumps.addAndGet(-missed);
        } while (missed != 0);
    }

    private void launch(Chunk chunk) {
        inFlight.incrementAndGet();
        run.hold();
        long start = System.nanoTime();
        CompletableFuture<Void> launched;
        Launch launch = null;
        try {
            launch = run.launch(chunk, null, null);
            // a nested run's chunks all run on the thread that launches them, even one given back by a lost device
            // (launched from that device's thread): the pool's threads may all be blocked waiting for the run
            launched = nested ? runHere((CpuDevice) run.device(), launch) : run.device().launch(launch);
        } catch (Throwable e) { // an Error too: the chunk's hold must still be given back
            launched = CompletableFuture.failedFuture(e);
        }
        Launch made = launch;
        run.control().track(launched).whenComplete((v, t) -> completed(chunk, start, t, made));
    }

    /**
     * Records the chunk (or its failure), gives its hold back and launches the next. Runs as a dependent of the
     * launch's future, which would swallow what it threw: so nothing is let out, the hold is given back whatever
     * happens, and whatever is thrown here — an Error too: an assertion in a listener, a fault in a mapped file that
     * HotSpot delivers late — fails the run (a fault named by the chunk's files, {@link ChunkLaunch#explain}).
     */
    private void completed(Chunk chunk, long start, Throwable failure, Launch made) {
        try {
            if (failure != null) {
                run.failed(Stage.KERNEL, chunk, explained(made, failure));
            } else if (!run.control().aborted()) {
                run.kernelRan(chunk, start, System.nanoTime());
                run.chunksDone().increment();
                run.control().chunkDone(); // tells the progress listener
            }
        } catch (Throwable listenerFailed) {
            failQuietly(Stage.DESERIALIZE, chunk, explained(made, listenerFailed));
        } finally {
            try {
                inFlight.decrementAndGet();
            } finally {
                try {
                    run.release();
                } finally {
                    try {
                        pump();
                    } catch (Throwable pumpFailed) {
                        failQuietly(Stage.KERNEL, chunk, explained(made, pumpFailed));
                    }
                }
            }
        }
    }

    /**
     * Runs a nested run's chunk on the calling thread (one of the device's own, or that of a device giving the chunk
     * back), not on the device's pool, which may have no thread free: they may all be running kernels that wait for
     * nested runs; block by block, none started once the run has
     * stopped (cancelled, timed out); completed when it has run.
     */
    private static CompletableFuture<Void> runHere(CpuDevice cpu, Launch launch) {
        cpu.runHere(launch);
        return CompletableFuture.completedFuture(null);
    }

    /** {@code thrown} as the fault of a mapped file it may be, naming the chunk's files; else itself. */
    private static Throwable explained(Launch made, Throwable thrown) {
        return made instanceof ChunkLaunch files ? files.explain(RunControl.unwrap(thrown)) : thrown;
    }

    /** Fails the run; never lets a throwable out, even one thrown meanwhile. */
    private void failQuietly(Stage stage, Chunk chunk, Throwable thrown) {
        try {
            run.failed(stage, chunk, thrown);
        } catch (Throwable again) {
            run.control().abort(new org.loopnest.error.StageFailedException(stage, chunk.number(), run.deviceName(),
                    null, thrown));
        }
    }
}
