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
        long grain = Math.max(MIN_BLOCK, (n + threads * BLOCKS_PER_THREAD - 1) / (threads * BLOCKS_PER_THREAD));
        unfinished.add(done);
        done.whenComplete((v, t) -> unfinished.remove(done));
        try {
            pool.execute(() -> runLaunch(launch, n, grain, done));
        } catch (RuntimeException rejected) {
            done.completeExceptionally(rejected);
        }
        return done;
    }

    /**
     * On a pool thread: runs the launch's blocks and completes {@code done}, letting nothing escape into the pool. A
     * throwable that comes out of the completion itself (a fault HotSpot delivers late, in whatever code the thread
     * runs next: {@code org.loopnest.internal.data.MappedFaults}) fails {@code done} if it is not complete yet, and
     * otherwise runs the dependents the completion left unrun; it never reaches the pool, where it would print a stack
     * trace, end the thread and leave the launch's waiters parked.
     */
    private static void runLaunch(Launch launch, long n, long grain, CompletableFuture<Void> done) {
        try {
            new Blocks(launch, 0, n, grain, new java.util.concurrent.atomic.AtomicBoolean()).invoke();
        } catch (Throwable t) {
            done.completeExceptionally(t);
            return;
        }
        try {
            done.complete(null);
        } catch (Throwable late) {
            done.completeExceptionally(late); // fires the dependents left unrun whether or not it completes done
        }
    }

    /**
     * What ends a pool thread that a throwable reached in the pool's own code, past every guard of a launch: a fault in
     * mapped memory that HotSpot delivered late, after the launch that caused it seemed to end ({@link MappedFaults}).
     * The pool starts a thread in its place; every launch not finished yet fails with the throwable, so that its run
     * stops at once rather than wait for a block the dead thread will never finish, and nothing is printed.
     */
    void threadDied(Thread thread, Throwable thrown) {
        IllegalStateException died = new IllegalStateException("kernel thread " + thread.getName() + " ended: "
                + thrown, thrown);
        for (CompletableFuture<Void> launch : List.copyOf(unfinished)) {
            launch.completeExceptionally(died);
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

        Blocks(Launch launch, long from, long to, long grain, java.util.concurrent.atomic.AtomicBoolean failed) {
            this.launch = launch;
            this.from = from;
            this.to = to;
            this.grain = grain;
            this.failed = failed;
        }

        /** Runs the left half here and the right half forked, and always waits for both before returning. */
        @Override
        protected void compute() {
            if (to - from <= grain) {
                if (!launch.cancelled() && !failed.get()) {
                    try {
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
            Blocks right = new Blocks(launch, mid, to, grain, failed);
            right.fork();
            Throwable first = null;
            try {
                new Blocks(launch, from, mid, grain, failed).compute();
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
