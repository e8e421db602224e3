package org.loopnest.internal.device;

import org.loopnest.device.Launch;
import org.loopnest.internal.data.MappedFaults;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.RecursiveAction;
import java.util.concurrent.TimeUnit;

/**
 * Runs launches on a fork/join pool of Java threads, splitting each chunk into blocks so that all threads stay
 * busy and a slow block can be stolen around. Used by the CPU-backed devices. Threads are daemons named
 * {@code loopnest-<device>-worker-N} ({@link ThreadNames#worker}), all started by the constructor and kept until
 * {@link #close()} stops them: a launch never starts a thread.
 */
public final class BlockExecutor implements AutoCloseable {
    /** The fewest iterations worth a separate block. */
    public static final long MIN_BLOCK = 1024;
    private static final int BLOCKS_PER_THREAD = 8;
    /** How long an idle thread stays: for the device's whole life in practice. */
    private static final long KEEP_ALIVE_DAYS = 365;

    private final ForkJoinPool pool;
    private final int threads;
    private final java.util.List<Thread> started = new java.util.concurrent.CopyOnWriteArrayList<>();
    private final java.util.Set<CompletableFuture<Void>> unfinished = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
    /** The launch each thread last ran a block of: the one a fault its thread left pending belongs to. */
    private final java.util.Map<Thread, Running> lastRun = new java.util.concurrent.ConcurrentHashMap<>();

    /**
     * A pool of {@code threads} threads named after {@code device}, the name of the device it runs kernels for.
     *
     * @param device the device's name, for the threads' names
     * @param threads the pool's size
     */
    public BlockExecutor(String device, int threads) {
        this.threads = threads;
        // never more threads than asked (a blocked join waits rather than adding one), none retired while idle
        this.pool = new ForkJoinPool(threads, p -> {
            ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
            t.setName(ThreadNames.worker(device, made.getAndIncrement()));
            t.setDaemon(true);
            started.removeIf(old -> old.getState() == Thread.State.TERMINATED); // threads the pool retired
            started.add(t);
            return t;
        }, (thread, thrown) -> threadDied(thread, thrown), false, 0, threads, 1, atMost -> true, KEEP_ALIVE_DAYS,
                TimeUnit.DAYS);
        startAll();
    }

    /**
     * Starts every thread now, so that launches never start one: {@code threads} tasks that each wait (up to 10 s)
     * until all of them run at once, which the pool can only do on {@code threads} threads.
     */
    private void startAll() {
        java.util.concurrent.CountDownLatch running = new java.util.concurrent.CountDownLatch(threads);
        java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        for (int t = 0; t < threads; t++) {
            pool.execute(() -> {
                running.countDown();
                try {
                    released.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        try {
            running.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            released.countDown();
        }
    }

    /** The number of threads started so far, all of them once the constructor has returned. */
    int started() {
        return made.get();
    }

    /** {@return the number of threads} */
    public int threads() {
        return threads;
    }

    /**
     * Runs every iteration of the launch; the future fails with the first block's failure, and completes only once
     * no block of the launch is running any more (blocks not yet started are skipped after a failure). Whatever a
     * block throws fails it, an {@link Error} too, and so does a fault in mapped memory that the block left pending
     * ({@link MappedFaults}): nothing a launch throws reaches the pool's threads.
     *
     * @param launch the chunk's launch
     * @return completed when every block has run, exceptionally with the first failure
     */
    public CompletableFuture<Void> execute(Launch launch) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        long n = launch.chunk().iterations();
        long grain = grain(n);
        unfinished.add(done);
        done.whenComplete((v, t) -> unfinished.remove(done));
        Running running = new Running(done, lastRun);
        try {
            pool.execute(() -> runLaunch(launch, n, grain, running));
        } catch (RuntimeException rejected) {
            done.completeExceptionally(rejected);
        }
        return done;
    }

    /** The iterations of one block of a chunk of {@code n}: enough blocks to keep every thread busy, none tiny. */
    private long grain(long n) {
        return Math.max(MIN_BLOCK, (n + (long) threads * BLOCKS_PER_THREAD - 1) / ((long) threads * BLOCKS_PER_THREAD));
    }

    /**
     * Runs every iteration of the launch on the calling thread, in blocks of the size {@link #execute} gives them, and
     * asks {@link Launch#cancelled()} before each: a run stopped mid-chunk (cancelled, timed out) starts no more of its
     * blocks. For a launch whose caller may not wait for the pool (a run nested in a kernel of this pool's, whose
     * threads may all be waiting for it).
     *
     * @param launch the chunk's launch
     * @throws RuntimeException what a block threw, an {@link Error} too, or a fault in mapped memory it left pending
     */
    public void runHere(Launch launch) {
        long n = launch.chunk().iterations();
        long grain = grain(n);
        for (long from = 0; from < n && !launch.cancelled(); from += grain) {
            launch.run(from, Math.min(n, from + grain));
            MappedFaults.surface(launch); // a fault in mapped memory, thrown late: here, with the block
        }
    }

    /**
     * On a pool thread: runs the launch's blocks and completes its future, letting nothing escape into the pool. A
     * throwable that comes out of the completion itself (a fault HotSpot delivers late, in whatever code the thread
     * runs next: {@code org.loopnest.internal.data.MappedFaults}) fails the future if it is not complete yet, and
     * otherwise runs the dependents the completion left unrun (and is kept as suppressed by the failure a dependent
     * threw, if any); it never reaches the pool, where it would print a stack trace, end the thread and leave the
     * launch's waiters parked.
     */
    private static void runLaunch(Launch launch, long n, long grain, Running running) {
        CompletableFuture<Void> done = running.done;
        Throwable failed = null;
        try {
            new Blocks(launch, 0, n, grain, new java.util.concurrent.atomic.AtomicBoolean(), running).invoke();
        } catch (Throwable t) {
            failed = t;
        }
        Throwable died = running.finish(); // a thread that ran a block and then died fails the launch now
        Throwable first = failed != null ? failed : died;
        try {
            if (first != null) {
                done.completeExceptionally(first);
            } else {
                done.complete(null);
            }
        } catch (Throwable late) {
            if (!done.completeExceptionally(late)) { // fires the dependents left unrun whether or not it completes
                if (first != null && first != late) {
                    first.addSuppressed(late); // seen by whoever reads the launch's failure
                } else if (first == null) {
                    warn("a launch that had completed threw " + late + " (writes to a mapped file may have been "
                            + "lost)");
                }
            }
        }
    }

    private static void warn(String message) {
        System.getLogger(BlockExecutor.class.getName()).log(System.Logger.Level.WARNING, message);
    }

    /**
     * What ends a pool thread that a throwable reached in the pool's own code, past every guard of a launch: a fault in
     * mapped memory that HotSpot delivered late, after the block that caused it ended ({@link MappedFaults}). The pool
     * starts a thread in its place. Only the launch that the thread last ran a block of is concerned: it fails with the
     * throwable once its other blocks have ended (its future never completes while a block of it still runs); launches
     * of other runs go on. If that launch had already completed, the fault is logged (as a warning, without a stack
     * trace), as nothing is left to fail.
     */
    void threadDied(Thread thread, Throwable thrown) {
        IllegalStateException died = new IllegalStateException("kernel thread " + thread.getName() + " ended: "
                + thrown, thrown);
        Running last = lastRun.remove(thread);
        if (last == null || !last.fail(died)) {
            warn(died.getMessage() + " (after its launches had completed: writes to a mapped file may have been lost)");
        }
    }

    /**
     * One launch while its blocks run: its future, and the failure a thread that ran one of its blocks died with.
     * Thread-safe.
     */
    private static final class Running {
        private final CompletableFuture<Void> done;
        private final java.util.Map<Thread, Running> lastRun;
        private Throwable died;
        private boolean finished;

        Running(CompletableFuture<Void> done, java.util.Map<Thread, Running> lastRun) {
            this.done = done;
            this.lastRun = lastRun;
        }

        /** Notes that the calling thread runs a block of this launch. */
        void ranOnThisThread() {
            Thread self = Thread.currentThread();
            if (lastRun.get(self) != this) {
                lastRun.put(self, this);
            }
        }

        /** {@return whether {@code thrown} will fail the launch: false if its blocks had all ended already} */
        synchronized boolean fail(Throwable thrown) {
            if (finished) {
                return false;
            }
            if (died == null) {
                died = thrown;
            }
            return true;
        }

        /** Marks every block ended; {@return the failure of a thread that died meanwhile, or {@code null}} */
        synchronized Throwable finish() {
            finished = true;
            return died;
        }
    }

    /** {@return whether the calling thread is one of this executor's threads} */
    public boolean isOwnThread() {
        return Thread.currentThread() instanceof ForkJoinWorkerThread worker && worker.getPool() == pool;
    }

    /** Whether {@link #close()} has begun: no launch starts any more. */
    boolean isClosing() {
        return pool.isShutdown();
    }

    /**
     * Stops the threads and waits (up to 10 s) until every one of them has ended; launches that never ran fail
     * with {@link IllegalStateException}.
     */
    @Override
    public void close() {
        pool.shutdownNow();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        try {
            pool.awaitTermination(10, TimeUnit.SECONDS);
            for (Thread t : started) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        for (CompletableFuture<Void> never : List.copyOf(unfinished)) {
            never.completeExceptionally(new IllegalStateException("device closed before the launch ran"));
        }
    }

    /** Stops taking launches and interrupts the threads without waiting for them (for the JVM's exit). */
    public void stopNow() {
        pool.shutdownNow();
    }

    /**
     * What a block threw, as it threw it: a join rethrows an exception thrown on another worker as a new one of the
     * same class with the original as its cause (and, for a class without a {@code (Throwable)} constructor, no
     * message), which would lose the kernel's message.
     */
    static Throwable thrownInBlock(Throwable joined) {
        Throwable cause = joined.getCause();
        return cause != null && cause.getClass() == joined.getClass() ? cause : joined;
    }

    private static final class Blocks extends RecursiveAction {
        private final Launch launch;
        private final long from;
        private final long to;
        private final long grain;

        private final java.util.concurrent.atomic.AtomicBoolean failed;
        private final Running running;

        Blocks(Launch launch, long from, long to, long grain, java.util.concurrent.atomic.AtomicBoolean failed,
               Running running) {
            this.launch = launch;
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.failed = failed;
            this.running = running;
        }

        /** Runs the left half here and the right half forked, and always waits for both before returning. */
        @Override
        protected void compute() {
            if (to - from <= grain) {
                if (!launch.cancelled() && !failed.get()) {
                    try {
                        running.ranOnThisThread();
                        launch.run(from, to);
                        MappedFaults.surface(this); // a fault in mapped memory, thrown late: here, not in the pool
                    } catch (RuntimeException | Error e) {
                        failed.set(true);
                        throw e;
                    }
                }
                return;
            }
            long mid = from + (to - from) / 2;
            Blocks right = new Blocks(launch, mid, to, grain, failed, running);
            right.fork();
            Throwable first = null;
            try {
                new Blocks(launch, from, mid, grain, failed, running).compute();
            } catch (RuntimeException | Error e) {
                first = e;
            }
            try {
                right.join();
            } catch (RuntimeException | Error e) {
                if (first == null) {
                    first = thrownInBlock(e);
                }
            }
            if (first instanceof RuntimeException r) {
                throw r;
            }
            if (first instanceof Error err) {
                throw err;
            }
        }
    }
}
