package org.loopnest.device.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.error.RunTimeoutException;

/**
 * A run started on one of the cpu device's own threads — by a kernel or a progress listener of a run on it — runs on
 * that thread: with every thread of the device running such a kernel, the nested runs still end (they would wait
 * forever for a free thread otherwise), and their results are right.
 */
class NestedRunsTest {
    private static final int INNER = 8 * 512;

    /** The sum of {@code k + 1} over the inner nest, computed by a nested run on {@code cpu}. */
    private static float nestedSum(CpuDevice cpu, float k) {
        float[] out = new float[INNER];
        assertEquals(8, LoopNest.of(8, 512).out("o", out).kernel(arrays -> {
            FloatView o = arrays.floats("o");
            return it -> o.set(it, k + 1);
        }).splitAt(1).on(cpu).run().chunks());
        float sum = 0;
        for (float v : out) {
            sum += v;
        }
        return sum;
    }

    @Test
    void shouldRunANestedRunStartedByAKernelOnTheKernelsOwnThreadWhenEveryThreadWaitsForOne() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            float[] sums = new float[4];
            AtomicInteger onOwnThread = new AtomicInteger();
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LoopNest.of(4, 1).out("s", sums).kernel(arrays -> {
                FloatView s = arrays.floats("s");
                return it -> {
                    if (cpu.isOwnThread()) {
                        onOwnThread.incrementAndGet();
                    }
                    s.set(it, nestedSum(cpu, it.index(0))); // both threads end up here at once
                };
            }).splitAt(1).on(cpu).run(), "a kernel's nested run on the same device ended");
            assertEquals(4, onOwnThread.get());
            float[] expected = new float[4];
            for (int k = 0; k < 4; k++) {
                expected[k] = (k + 1) * (float) INNER;
            }
            assertArrayEquals(expected, sums);
        }
        assertFalse(new CpuDevice(1).isOwnThread(), "the test's thread is no device's");
    }

    @Test
    void shouldRunANestedRunStartedByAProgressListenerOnTheListenersOwnThread() {
        try (CpuDevice cpu = new CpuDevice(1)) { // the listener runs on the one thread the nested run needs
            float[] inner = new float[3];
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LoopNest.of(8, 256).out("o", new float[8 * 256])
                    .kernel(arrays -> {
                        FloatView o = arrays.floats("o");
                        return it -> o.set(it, 1);
                    }).splitAt(1).on(cpu).onProgress((done, total) -> {
                        if (done <= inner.length) {
                            inner[(int) done - 1] = nestedSum(cpu, done);
                        }
                    }).run(), "a listener's nested run on the same device ended");
            assertArrayEquals(new float[] {2f * INNER, 3f * INNER, 4f * INNER}, inner);
        }
    }

    /**
     * A nested run runs its chunk on the kernel's thread block by block, asking before each whether the run has
     * stopped: one whose timeout expires during its first block runs no other block of the chunk (before issue 22's
     * review it ran the whole chunk in one call).
     */
    @Test
    void shouldStopANestedRunsChunkAtTheNextBlockWhenItsTimeoutExpires() {
        int inner = 64 * 1024; // one chunk of 16 blocks on 2 threads
        long limit = 100;
        AtomicLong ran = new AtomicLong();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LoopNest.of(1, 1).out("s", new float[1])
                    .kernel(arrays -> {
                        FloatView s = arrays.floats("s");
                        return it -> {
                            try {
                                LoopNest.of(1, inner).out("o", new float[inner]).kernel(nested -> {
                                    FloatView o = nested.floats("o");
                                    return at -> {
                                        if (at.index(1) == 0) { // outlast the timeout in the chunk's first block
                                            long end = System.nanoTime() + 20 * limit * 1_000_000;
                                            while (System.nanoTime() < end) {
                                                Thread.onSpinWait();
                                            }
                                        }
                                        ran.incrementAndGet();
                                        o.set(at, 1);
                                    };
                                }).splitAt(1).timeout(Duration.ofMillis(limit)).on(cpu).run();
                            } catch (RuntimeException e) {
                                thrown.set(e);
                            }
                            s.set(it, 1);
                        };
                    }).on(cpu).run(), "the outer run ended");
        }
        assertInstanceOf(RunTimeoutException.class, thrown.get(), String.valueOf(thrown.get()));
        assertEquals(inner / 16, ran.get(), "iterations run: the first block's only");
    }

    /**
     * A cpu that joins a run from a progress listener running on that cpu's thread (the listener of another run) is
     * not a nested run: the joined run's chunks go to the cpu's threads, not inline inside the listener, which holds
     * its run's progress lock (before issue 22's review they ran there).
     */
    @Test
    void shouldFeedACpuJoinedFromAListenerOnItsThreadToItsThreadsNotRunTheChunksInTheListener() throws Exception {
        AtomicReference<Thread> listening = new AtomicReference<>();
        AtomicInteger inListener = new AtomicInteger();
        java.util.concurrent.CountDownLatch joined = new java.util.concurrent.CountDownLatch(1);
        try (CpuDevice a = new CpuDevice(2);
                org.loopnest.device.sim.SimDevice b = new org.loopnest.device.sim.SimDevice(
                        org.loopnest.device.sim.SimConfig.builder().threads(1).build())) {
            org.loopnest.scheduler.Execution other = LoopNest.of(16, 1024).out("o", new float[16 * 1024])
                    .kernel(arrays -> {
                        FloatView o = arrays.floats("o");
                        return it -> {
                            if (it.flat() == 0) { // b holds the first chunk until a has joined
                                awaitQuietly(joined);
                            }
                            if (Thread.currentThread() == listening.get()) {
                                inListener.incrementAndGet();
                            }
                            o.set(it, 1);
                        };
                    }).splitAt(1).buffers(1).on(b).start();
            try {
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> LoopNest.of(1, 1).out("s", new float[1])
                        .kernel(arrays -> {
                            FloatView s = arrays.floats("s");
                            return it -> s.set(it, 1);
                        }).on(a).onProgress((done, total) -> {
                            listening.set(Thread.currentThread());
                            try {
                                other.join(a);
                            } finally {
                                listening.set(null);
                                joined.countDown();
                            }
                        }).run(), "the listener's run ended");
                assertEquals(16L, assertTimeoutPreemptively(Duration.ofSeconds(30), () -> other.await().chunks()));
            } finally {
                joined.countDown();
                other.cancel();
                other.close();
            }
        }
        assertEquals(0, inListener.get(), "iterations of the joined run that ran inside the listener");
    }

    private static void awaitQuietly(java.util.concurrent.CountDownLatch latch) {
        try {
            latch.await(20, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
