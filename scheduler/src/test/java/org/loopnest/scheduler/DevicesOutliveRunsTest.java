package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceException;
import org.loopnest.error.LoopNestException;
import org.loopnest.error.StageFailedException;

/**
 * A device's threads start before its first run and serve every run until it closes: runs start none, a failed run
 * leaves the device usable, and closing a device under a run fails that run instead of hanging it.
 */
class DevicesOutliveRunsTest {
    private static final int RUNS = 100;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private static LoopNest plusOne(float[] a, float[] b) {
        return LoopNest.of(8, 64).in("a", a).out("b", b).kernel(arrays -> {
            FloatView in = arrays.floats("a");
            FloatView out = arrays.floats("b");
            return it -> out.set(it, in.get(it) + 1);
        }).splitAt(1);
    }

    private static float[] ramp(int n) {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    /**
     * Plans a nest on {@code device} (which starts its pipeline, if it has one), then runs {@link #RUNS} nests on it,
     * each planned afresh, and returns the threads started by those runs.
     */
    private static long threadsStartedBy(Device device) {
        float[] a = ramp(8 * 64);
        float[] b = new float[8 * 64];
        plusOne(a, b).on(device).plan();
        long before = THREADS.getTotalStartedThreadCount();
        for (int run = 0; run < RUNS; run++) {
            assertEquals(8, plusOne(a, b).on(device).run().chunks());
        }
        long started = THREADS.getTotalStartedThreadCount() - before;
        assertEquals(a[8 * 64 - 1] + 1, b[8 * 64 - 1]);
        return started;
    }

    @Test
    void shouldStartNoThreadInAHundredRunsOnAnOpenedSimDevice() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("outlives").memory(1 << 20).threads(2).build())) {
            assertEquals(0, threadsStartedBy(sim), "threads started by " + RUNS + " runs on one opened device");
        }
    }

    @Test
    void shouldStartNoThreadInAHundredRunsOnASimDeviceWhoseKernelsAreCapped() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("capped").memory(1 << 20).threads(2)
                .kernelRate(100_000_000).build())) {
            assertEquals(0, threadsStartedBy(sim), "threads started by " + RUNS + " runs on one opened device");
        }
    }

    @Test
    void shouldStartNoThreadInAHundredRunsOnTheSharedCpuDevice() {
        CpuDevice.shared();
        float[] a = ramp(8 * 64);
        float[] b = new float[8 * 64];
        long before = THREADS.getTotalStartedThreadCount();
        for (int run = 0; run < RUNS; run++) {
            assertEquals(8, plusOne(a, b).run().chunks()); // no device given: the shared one
        }
        assertEquals(0, THREADS.getTotalStartedThreadCount() - before, "threads started by " + RUNS + " runs");
        assertEquals(a[5] + 1, b[5]);
    }

    @Test
    void shouldStartNoThreadInAHundredRunsOnAnOpenedCpuDevice() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertEquals(0, threadsStartedBy(cpu), "threads started by " + RUNS + " runs on one opened device");
        }
    }

    @Test
    void shouldLeaveTheSharedCpuDeviceUsableAfterARunFails() {
        float[] a = ramp(8 * 64);
        float[] b = new float[8 * 64];
        StageFailedException failed = assertThrows(StageFailedException.class, () -> LoopNest.of(8, 64).in("a", a)
                .out("b", b).kernel(arrays -> {
                    FloatView in = arrays.floats("a");
                    FloatView out = arrays.floats("b");
                    return it -> {
                        if (it.index(0) == 3 && it.index(1) == 7) {
                            throw new ArithmeticException("bad point");
                        }
                        out.set(it, in.get(it));
                    };
                }).splitAt(1).run());
        assertTrue(failed.getMessage().contains("bad point"), failed.getMessage());
        assertFalse(CpuDevice.shared().isClosed());
        assertEquals(8, plusOne(a, b).run().chunks());
        for (int i = 0; i < a.length; i++) {
            assertEquals(a[i] + 1, b[i], "element " + i + " after the failed run");
        }
    }

    @Test
    void shouldLeaveASimDeviceUsableAfterARunFails() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("after-failure").memory(1 << 20).build())) {
            float[] a = ramp(8 * 64);
            float[] b = new float[8 * 64];
            assertThrows(StageFailedException.class, () -> plusOne(a, b).on(sim)
                    .onProgress((done, total) -> {
                        throw new IllegalStateException("listener gave up");
                    }).run());
            assertEquals(8, plusOne(a, b).on(sim).run().chunks());
            assertEquals(a[100] + 1, b[100]);
        }
    }

    @Test
    void shouldFailARunWhoseDeviceIsClosedUnderItNamingTheDevice() throws InterruptedException {
        CountDownLatch kernelWaits = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        SimDevice sim = new SimDevice(SimConfig.builder().name("closing").memory(1 << 20).build());
        Execution run = holdingAt(8, 64, 2, kernelWaits, release).on(sim).start(); // the third chunk's kernel
        try {
            assertTrue(kernelWaits.await(20, TimeUnit.SECONDS), "the third chunk's kernel started");
            Thread closer = new Thread(sim::close, "test-closer");
            closer.start();
            closer.join(TimeUnit.SECONDS.toMillis(20));
            assertFalse(closer.isAlive(), "closing the device under a run returned");
        } finally {
            release.countDown();
        }
        LoopNestException e = assertThrows(LoopNestException.class, run::await);
        assertEquals(DeviceException.class, e.getClass());
        assertEquals("device closing was closed during the run (expected: close a device only after the runs "
                + "that use it have ended)", e.getMessage());
    }

    @Test
    void shouldFailARunWhoseCpuDeviceIsClosedUnderItAtOnceNamingTheDevice() throws InterruptedException {
        CountDownLatch kernelWaits = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        CpuDevice cpu = new CpuDevice(2);
        Execution run = holdingAt(64, 4096, 2, kernelWaits, release).on(cpu).start(); // the third chunk's kernel
        long took;
        try {
            assertTrue(kernelWaits.await(20, TimeUnit.SECONDS), "the third chunk's kernel started");
            Thread closer = new Thread(cpu::close, "test-closer");
            long start = System.nanoTime();
            closer.start();
            closer.join(TimeUnit.SECONDS.toMillis(20));
            took = System.nanoTime() - start;
            assertFalse(closer.isAlive(), "closing the device under a run returned");
        } finally {
            release.countDown();
        }
        LoopNestException e = assertThrows(LoopNestException.class, run::await);
        assertEquals(DeviceException.class, e.getClass(), String.valueOf(e));
        assertEquals("device cpu was closed during the run (expected: close a device only after the runs that use "
                + "it have ended)", e.getMessage());
        assertTrue(took < TimeUnit.SECONDS.toNanos(5), "close took " + took / 1_000_000 + " ms");
        assertTrue(run.chunksDone() < 64, run.chunksDone() + " chunks written: the run went on after the close");
    }

    /**
     * A copy of a ramp split at 1 whose kernel, at the first iteration of chunk {@code held}, counts {@code holds}
     * down and waits for {@code release} (or an interrupt).
     */
    private static LoopNest holdingAt(int outer, int inner, int held, CountDownLatch holds, CountDownLatch release) {
        return LoopNest.of(outer, inner).in("a", ramp(outer * inner)).out("b", new float[outer * inner])
                .kernel(arrays -> {
                    FloatView in = arrays.floats("a");
                    FloatView out = arrays.floats("b");
                    return it -> {
                        if (it.index(0) == held && it.index(1) == 0) {
                            holds.countDown();
                            awaitQuietly(release);
                        }
                        out.set(it, in.get(it));
                    };
                }).splitAt(1);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A device that keeps nothing ({@link Device#keep}'s default): each run makes a pipeline and stops it. */
    private static final class KeepsNothing extends ForwardingDevice {
        KeepsNothing(Device inner) {
            super(inner);
        }
    }

    @Test
    void shouldGiveEachRunOnADeviceThatKeepsNothingAPipelineOfItsOwnAndStopIt() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("keeps-nothing").memory(1 << 20).build());
             Device wrapped = new KeepsNothing(sim)) {
            float[] a = ramp(8 * 64);
            float[] b = new float[8 * 64];
            assertTrue(wrapped.keep(PackedPipeline.class, () -> {
                throw new AssertionError("not called");
            }).isEmpty());
            for (int run = 0; run < 3; run++) {
                assertEquals(8, plusOne(a, b).on(wrapped).run().chunks());
                assertEquals(List.of(), PipelineThreadNamesTest.liveThreadsOf("keeps-nothing").stream()
                        .filter(n -> n.contains("-pipeline-")).toList(), "pipeline threads after run " + run);
            }
            assertEquals(a[9] + 1, b[9]);
        }
    }

    @Test
    void shouldKeepOnePipelinePerDeviceUntilItCloses() {
        PackedPipeline kept;
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("keeps-one").memory(1 << 20).build())) {
            kept = PackedPipeline.of(sim).orElseThrow();
            assertSame(kept, PackedPipeline.of(sim).orElseThrow());
        }
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> kept.submit(null));
        assertEquals("device keeps-one is closed", closed.getMessage());
    }

    @Test
    void shouldFailNotHangWhenAProgressListenerThrowsAnErrorOnTheCpusLastChunk() {
        float[] a = ramp(8 * 64);
        StageFailedException e = assertTimeoutPreemptively(java.time.Duration.ofSeconds(20), () ->
                assertThrows(StageFailedException.class, () -> plusOne(a, new float[a.length])
                        .onProgress((done, total) -> {
                            if (done == total) {
                                throw new AssertionError("listener's own assertion");
                            }
                        }).run()));
        assertTrue(e.getCause() instanceof AssertionError, String.valueOf(e.getCause()));
        assertEquals(8, plusOne(a, new float[a.length]).run().chunks(), "the shared cpu device serves the next run");
    }

    @Test
    void shouldEndARunCancelledWhileItWaitsBehindAnotherRunOnTheSameDeviceAtOnce() throws Exception {
        CountDownLatch firstHolds = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("queued").memory(1 << 20).build())) {
            Execution first = holdingAt(8, 64, 1, firstHolds, release).on(sim).start(); // held on its second chunk
            try {
                assertTrue(firstHolds.await(20, TimeUnit.SECONDS), "the first run holds the device");
                Execution second = plusOne(ramp(8 * 64), new float[8 * 64]).on(sim).start(); // waits behind it
                second.cancel();
                assertTimeoutPreemptively(java.time.Duration.ofSeconds(10), () ->
                        assertThrows(org.loopnest.error.RunCancelledException.class, second::await),
                        "a queued run ends at once when cancelled, not after the run before it");
            } finally {
                release.countDown();
            }
            assertEquals(8, first.await().chunks());
            assertEquals(8, plusOne(ramp(8 * 64), new float[8 * 64]).on(sim).run().chunks(),
                    "the cancelled run's buffers were freed: the device serves the next run");
        }
    }
}
