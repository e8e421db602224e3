package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceTimes;
import org.loopnest.device.HostStaging;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.internal.cuda.CudaBuffer;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.PinnedStaging;
import org.loopnest.internal.cuda.StandInDriver;

/**
 * The CUDA device's host side over the in-process stand-in driver, without a GPU: memory and its budget, pinned
 * staging, the three engines and their events, the driver's failures as the device reports them, and a close that
 * leaves nothing allocated. (Launches run whole nests: the scheduler's tests run them over the stand-in.)
 */
class CudaDeviceStandInTest {
    private final AtomicLong clock = new AtomicLong();
    private final StandInDriver driver = new StandInDriver(StandInDriver.DEFAULT_PROPERTIES,
            () -> clock.addAndGet(1_000_000)); // every event completes 1 ms after the one before
    private CudaDevice device;

    @AfterEach
    void close() {
        if (device != null) {
            device.close();
        }
        assertEquals(StandInDriver.nothingLive(), driver.live(), "left allocated after close");
    }

    private static ByteBuffer pattern(ByteBuffer host, int n) {
        for (int i = 0; i < n; i++) {
            host.put(i, (byte) (i * 31 + 7));
        }
        return host;
    }

    @Test
    void shouldDescribeTheStandInGpu() {
        device = StandInCuda.open(driver);
        assertEquals("cuda:0", device.info().name());
        assertEquals((1L << 30) - (256L << 20), device.info().memoryBytes());
        assertEquals(4, device.info().computeUnits());
        assertFalse(device.info().hostAddressable());
        assertEquals("compute_90", device.architecture());
        assertTrue(device.info().description().endsWith(", driver: in-process stand-in (no GPU)"),
                device.info().description());
        assertEquals("memory 1, pinned 0, streams 3, events 6, modules 0, contexts 1", driver.live(),
                "one placeholder buffer, and a stream and two events per engine");
    }

    @Test
    void shouldCopyBytesBothWaysThroughPinnedStaging() {
        device = StandInCuda.open(driver);
        int n = 1 << 16;
        try (HostStaging pinned = device.allocateStaging(n); DeviceBuffer buffer = device.allocate(n)) {
            assertInstanceOf(PinnedStaging.class, pinned);
            assertEquals(n, device.usedBytes());
            device.copyIn(pattern(pinned.buffer(), n), buffer, n).join();
            ByteBuffer back = ByteBuffer.allocateDirect(n);
            device.copyOut(buffer, back, n).join();
            assertEquals(pinned.buffer().duplicate().clear(), back);
        }
        assertEquals(0, device.usedBytes());
    }

    @Test
    void shouldTimeEveryCopyByTheEventsAroundItOnItsEngine() {
        device = StandInCuda.open(driver);
        try (HostStaging host = device.allocateStaging(64); DeviceBuffer buffer = device.allocate(64)) {
            for (int i = 0; i < 3; i++) {
                device.copyIn(host.buffer(), buffer, 64).join();
            }
            device.copyOut(buffer, host.buffer(), 64).join();
            device.copyOut(buffer, host.buffer(), 64).join();
        }
        assertEquals(new DeviceTimes(Duration.ofMillis(3), Duration.ZERO, Duration.ofMillis(2)),
                device.measuredTimes().orElseThrow());
    }

    @Test
    void shouldReportTheGpuOutOfMemoryNamingTheDeviceAndGiveTheBudgetBack() {
        device = StandInCuda.open(driver);
        driver.failAllocation(1);
        DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> device.allocate(4096));
        assertEquals("device cuda:0: cuMemAlloc of 4096 bytes failed with CUDA_ERROR_OUT_OF_MEMORY; "
                + ((1L << 30) - 256) + " bytes are free on the GPU (other processes or resident data may be using"
                + " its memory)", e.getMessage());
        assertEquals(0, device.usedBytes());
        device.allocate(4096).close();
    }

    @Test
    void shouldLeaveNothingAllocatedWhenOpeningFails() {
        driver.failAllocation(1); // the placeholder buffer, after the context, streams and events
        DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> StandInCuda.open(driver));
        assertTrue(e.getMessage().startsWith("device cuda:0: cuMemAlloc of 256 bytes failed"), e.getMessage());
    }

    @Test
    void shouldFailEveryCopyOfAnEngineWhoseStreamFaultedWhileTheOthersGoOn() {
        device = StandInCuda.open(driver);
        try (HostStaging host = device.allocateStaging(64); DeviceBuffer buffer = device.allocate(64)) {
            driver.failStreamWork(1);
            for (int attempt = 0; attempt < 2; attempt++) {
                CompletionException e = assertThrows(CompletionException.class,
                        () -> device.copyIn(host.buffer(), buffer, 64).join());
                DeviceException cause = assertInstanceOf(DeviceException.class, e.getCause());
                assertEquals("device cuda:0: cuStreamSynchronize after cuMemcpyHtoDAsync of 64 bytes failed with "
                        + "CUDA_ERROR_ILLEGAL_ADDRESS (700)", cause.getMessage());
                assertEquals(CudaError.ILLEGAL_ADDRESS, cause.errorCode());
            }
            device.copyOut(buffer, host.buffer(), 64).join();
        }
    }

    @Test
    void shouldFreeEverythingWhenClosedWithCopiesInFlight() {
        device = StandInCuda.open(driver);
        int n = 1 << 16;
        List<CompletableFuture<Void>> copies = new ArrayList<>();
        List<DeviceBuffer> buffers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            HostStaging host = device.allocateStaging(n);
            DeviceBuffer buffer = device.allocate(n);
            buffers.add(buffer);
            for (int k = 0; k < 8; k++) {
                copies.add(device.copyIn(host.buffer(), buffer, n));
                copies.add(device.copyOut(buffer, host.buffer(), n));
            }
        }
        device.close();
        for (CompletableFuture<Void> copy : copies) {
            Throwable t = copy.handle((v, failure) -> failure).join();
            assertTrue(t == null || t instanceof IllegalStateException
                    && t.getMessage().startsWith("device cuda:0 was closed before cuMemcpy"), String.valueOf(t));
        }
        assertTrue(buffers.stream().allMatch(b -> ((CudaBuffer) b).isClosed()), "the device frees what is open");
        assertThrows(IllegalStateException.class, () -> device.allocate(1));
    }
}
