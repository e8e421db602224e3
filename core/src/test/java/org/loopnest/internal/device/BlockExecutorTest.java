package org.loopnest.internal.device;

import org.loopnest.device.Launch;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.Test;
import org.loopnest.index.Chunk;

/** A launch's future says when its blocks are done — after a failure too — and none is left pending at close. */
class BlockExecutorTest {

    private static Launch launch(long iterations, BiConsumer<Long, Long> body) {
        return new Launch() {
            @Override
            public Chunk chunk() {
                return new Chunk(0, 0, 1, 0, iterations);
            }

            @Override
            public void run(long from, long to) {
                body.accept(from, to);
            }

            @Override
            public boolean cancelled() {
                return false;
            }
        };
    }

    private static void awaitQuietly(CountDownLatch latch) { // for blocks that may be interrupted
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void shouldFailALaunchStillQueuedWhenTheExecutorCloses() throws Exception {
        BlockExecutor executor = new BlockExecutor("test", 1);
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CompletableFuture<Void> busy = executor.execute(launch(1, (from, to) -> {
            started.countDown();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (release.getCount() > 0 && System.nanoTime() < deadline) {
                Thread.onSpinWait(); // ignores close's interrupt, like a long native call
            }
        }));
        assertTrue(started.await(20, TimeUnit.SECONDS));
        CompletableFuture<Void> queued = executor.execute(launch(1, (from, to) -> { }));
        Thread closing = new Thread(executor::close, "test-close");
        closing.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (closing.getState() != Thread.State.TIMED_WAITING && closing.isAlive()
                && System.nanoTime() < deadline) {
            Thread.onSpinWait(); // until close has stopped the pool and waits for the busy launch
        }
        release.countDown();
        closing.join(TimeUnit.SECONDS.toMillis(30));
        busy.handle((v, t) -> null).get(30, TimeUnit.SECONDS);
        ExecutionException never = assertThrows(ExecutionException.class, () -> queued.get(30, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, never.getCause());
    }

    @Test
    void shouldCompleteAFailedLaunchOnlyOnceItsOtherBlocksHaveEnded() throws Exception {
        AtomicInteger running = new AtomicInteger();
        AtomicInteger runningWhenDone = new AtomicInteger(-1);
        CountDownLatch gate = new CountDownLatch(1);
        try (BlockExecutor executor = new BlockExecutor("test", 4)) {
            CompletableFuture<Void> launch = executor.execute(launch(64 * 1024, (from, to) -> {
                running.incrementAndGet();
                try {
                    if (from == 0) {
                        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                        while (running.get() < 2 && System.nanoTime() < deadline) {
                            Thread.onSpinWait(); // until another block runs beside this one
                        }
                        throw new IllegalStateException("boom");
                    }
                    awaitQuietly(gate);
                } finally {
                    running.decrementAndGet();
                }
            }));
            // completes once the callback has run: joining the launch itself could return before it (a race)
            CompletableFuture<Void> observed = launch.whenComplete((v, t) -> runningWhenDone.set(running.get()));
            assertThrows(TimeoutException.class, () -> launch.get(300, TimeUnit.MILLISECONDS),
                    "the launch completed while blocks were still running");
            gate.countDown();
            CompletionException failed = assertThrows(CompletionException.class, observed::join);
            assertEquals("boom", failed.getCause().getMessage());
            assertEquals(0, runningWhenDone.get(), "blocks running when the failed launch completed");
            assertFalse(launch.isCancelled());
        }
    }

    @Test
    void shouldKeepTheMessageOfWhatABlockOnAnotherThreadThrew() {
        long n = 64 * BlockExecutor.MIN_BLOCK;
        try (BlockExecutor executor = new BlockExecutor("test", 2)) {
            for (int round = 0; round < 10; round++) {
                CountDownLatch lastBlockRan = new CountDownLatch(1);
                // the first block waits until the last one has thrown, so the last one ran on the other thread
                CompletableFuture<Void> failed = executor.execute(launch(n, (from, to) -> {
                    if (from == 0) {
                        awaitQuietly(lastBlockRan);
                    }
                    if (to == n) {
                        lastBlockRan.countDown();
                        throw new ArithmeticException("bad point at " + from);
                    }
                }));
                CompletionException e = assertThrows(CompletionException.class, failed::join);
                ArithmeticException cause = assertInstanceOf(ArithmeticException.class, e.getCause());
                assertTrue(String.valueOf(cause.getMessage()).startsWith("bad point at "), "round " + round + ": "
                        + cause.getMessage());
            }
        }
    }

    @Test
    void shouldTakeTheOriginalOutOfAJoinsCopyOnly() {
        ArithmeticException original = new ArithmeticException("boom");
        ArithmeticException copy = new ArithmeticException();
        copy.initCause(original);
        assertEquals(original, BlockExecutor.thrownInBlock(copy));
        IllegalStateException wrapper = new IllegalStateException("wraps", original);
        assertEquals(wrapper, BlockExecutor.thrownInBlock(wrapper));
        assertEquals(original, BlockExecutor.thrownInBlock(original));
    }

    /**
     * A throwable that ends a pool thread outside every launch (a fault in mapped memory delivered late) fails only the
     * launch that thread last ran a block of, and only once that launch's other blocks have ended; another run's
     * launch on the same pool goes on.
     */
    @Test
    void shouldFailOnlyTheLaunchTheDeadThreadRanAndOnlyOnceItsBlocksHaveEnded() throws Exception {
        CountDownLatch running = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        java.util.Map<String, Thread> ranOn = new java.util.concurrent.ConcurrentHashMap<>();
        try (BlockExecutor executor = new BlockExecutor("test", 2)) {
            CompletableFuture<Void> faulty = executor.execute(launch(1, (from, to) -> {
                ranOn.put("faulty", Thread.currentThread());
                running.countDown();
                awaitQuietly(release);
            }));
            CompletableFuture<Void> other = executor.execute(launch(1, (from, to) -> {
                running.countDown();
                awaitQuietly(release);
            }));
            try {
                assertTrue(running.await(20, TimeUnit.SECONDS));
                InternalError late = new InternalError("a fault occurred in a recent unsafe memory access operation");
                executor.threadDied(ranOn.get("faulty"), late); // what the pool calls
                assertFalse(faulty.isDone(), "a launch whose block still runs is not complete");
                assertFalse(other.isDone(), "another run's launch is not failed");
            } finally {
                release.countDown();
            }
            ExecutionException e = assertThrows(ExecutionException.class, () -> faulty.get(20, TimeUnit.SECONDS));
            assertEquals("kernel thread " + ranOn.get("faulty").getName() + " ended: java.lang.InternalError: a fault "
                    + "occurred in a recent unsafe memory access operation", e.getCause().getMessage());
            assertInstanceOf(InternalError.class, e.getCause().getCause());
            other.get(20, TimeUnit.SECONDS); // completes normally
        }
    }
}
