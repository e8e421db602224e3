package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.error.StageFailedException;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.StandInDriver;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/**
 * Whole runs on {@code cuda:0} over the in-process stand-in driver, without a GPU: the pipeline's buffers in device
 * memory, pinned staging, the three engines overlapping, per-stage times from the events, each fault the driver can
 * raise as the run reports it, and a device closed under a run, each leaving nothing allocated once the device is
 * closed.
 */
class CudaStandInRunTest {
    private static final int T = 8;
    private static final int X = 100;
    private static final long WAIT_SECONDS = 30;
    private final AtomicLong clock = new AtomicLong();
    private final StandInDriver driver = new StandInDriver(StandInDriver.DEFAULT_PROPERTIES,
            () -> clock.addAndGet(1_000_000)); // each event completes at least 1 ms after the one before

    private final float[] a = new float[T * X];
    private final float[] r = new float[T * X];

    private LoopNest nest() {
        for (int k = 0; k < a.length; k++) {
            a[k] = k % 17 - 8;
        }
        return LoopNest.of(T, X).names("t", "x").in("a", a).out("r", r).deviceCode("r = a * 2 + t;")
                .splitAt(1).group(1); // 8 chunks, one per t
    }

    private float[] expected() {
        float[] e = new float[T * X];
        for (int k = 0; k < e.length; k++) {
            e[k] = a[k] * 2 + k / X;
        }
        return e;
    }

    @Test
    void shouldRunEveryChunkThroughTheThreeEnginesAndReportWhatTheirEventsMeasured() {
        RunReport report;
        try (CudaDevice device = StandInCuda.open(driver)) {
            report = nest().on(device).run();
            assertEquals(T, driver.launches(), "one launch per chunk");
            assertTrue(driver.pinnedAllocations() > 0, "the run stages through pinned memory");
        }
        assertArrayEquals(expected(), r);
        assertEquals(T, report.chunks());
        Map<Stage, Duration> measured = report.perDevice().get(0).measured().orElseThrow();
        for (Stage stage : new Stage[] {Stage.COPY_IN, Stage.KERNEL, Stage.COPY_OUT}) {
            assertTrue(measured.get(stage).compareTo(Duration.ofMillis(T)) >= 0,
                    stage + ": " + T + " operations of at least one clock tick each, was " + measured);
        }
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    @Test
    void shouldRunChunksWhoseLaunchGridFoldsIntoTwoDimensions() {
        StandInDriver small = new StandInDriver(new CudaProperties("small", 1L << 30, 2, 7, 5, 32, 32, 4, 65_535),
                System::nanoTime); // a chunk of 300 iterations needs 10 blocks of 32: a grid of 4 × 3
        int n = 300;
        int[] in = new int[2 * n];
        int[] out = new int[2 * n];
        for (int k = 0; k < in.length; k++) {
            in[k] = k;
        }
        try (CudaDevice device = StandInCuda.open(small)) {
            LoopNest.of(2, n).names("t", "x").in("a", in).out("r", out).deviceCode("r = a * 3 + x;").splitAt(1)
                    .on(device).run();
        }
        for (int k = 0; k < out.length; k++) {
            assertEquals(k * 3 + k % n, out[k], "r at k=" + k);
        }
        assertEquals(StandInDriver.nothingLive(), small.live());
    }

    @Test
    void shouldFailTheRunNamingTheDeviceWhenTheGpuRunsOutOfMemory() {
        try (CudaDevice device = StandInCuda.open(driver)) {
            driver.failAllocation(3);
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> nest().on(device).run());
            assertTrue(e.getMessage().startsWith("device cuda:0: cuMemAlloc of 400 bytes failed with "
                    + "CUDA_ERROR_OUT_OF_MEMORY"), e.getMessage());
            assertEquals(0, driver.launches());
            assertEquals(0, device.usedBytes(), "the run gave back what it had allocated");
        }
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    @Test
    void shouldFailTheRunNamingTheChunkWhoseLaunchFailedAndLeaveTheDeviceUsable() {
        try (CudaDevice device = StandInCuda.open(driver)) {
            driver.failLaunch(3);
            StageFailedException e = assertThrows(StageFailedException.class, () -> nest().on(device).run());
            assertEquals(Stage.KERNEL, e.stage());
            assertEquals(2, e.chunk(), "the third launch is chunk 2's");
            assertEquals("cuda:0", e.device());
            DeviceException cause = assertInstanceOf(DeviceException.class, e.getCause());
            assertEquals("device cuda:0: cuLaunchKernel(loopnest_kernel, grid 1x1, block 100) failed with "
                    + "CUDA_ERROR_LAUNCH_FAILED (719)", cause.getMessage());
            nest().on(device).run();
            assertArrayEquals(expected(), r, "a failed launch call leaves the device usable");
        }
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    @Test
    void shouldFailTheRunWhenAStreamFaultsMidRun() {
        try (CudaDevice device = StandInCuda.open(driver)) {
            driver.failStreamWork(5); // copy in 0, copy in 1, kernel 0, kernel 1 or copy in 2, then this
            StageFailedException e = assertThrows(StageFailedException.class, () -> nest().on(device).run());
            DeviceException cause = assertInstanceOf(DeviceException.class, e.getCause());
            assertEquals(CudaError.ILLEGAL_ADDRESS, cause.errorCode());
            assertTrue(cause.getMessage().startsWith("device cuda:0: cuStreamSynchronize after cuMemcpy")
                    || cause.getMessage().startsWith("device cuda:0: cuStreamSynchronize after cuLaunchKernel"),
                    cause.getMessage());
            assertEquals("cuda:0", e.device());
        }
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    @Test
    void shouldFailARunWhoseDeviceIsClosedUnderItAndFreeEverything() throws Exception {
        CountDownLatch firstChunk = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        CudaDevice device = StandInCuda.open(driver);
        LoopNest nest = nest().on(device).onProgress((done, total) -> {
            if (done == 1) {
                firstChunk.countDown();
                await(closed);
            }
        });
        CompletableFuture<RunReport> run = CompletableFuture.supplyAsync(nest::run);
        assertTrue(firstChunk.await(WAIT_SECONDS, TimeUnit.SECONDS), "the run wrote its first chunk");
        device.close();
        closed.countDown();
        ExecutionException e = assertThrows(ExecutionException.class, () -> run.get(WAIT_SECONDS, TimeUnit.SECONDS));
        DeviceException failed = assertInstanceOf(DeviceException.class, e.getCause());
        assertEquals("cuda:0", failed.device());
        assertEquals("device cuda:0 was closed during the run (expected: close a device only after the runs that "
                + "use it have ended)", failed.getMessage());
        assertEquals(StandInDriver.nothingLive(), driver.live());
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
                throw new AssertionError("the device was not closed within " + WAIT_SECONDS + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
