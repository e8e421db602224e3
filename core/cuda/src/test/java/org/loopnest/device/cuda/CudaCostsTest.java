package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceTimes;
import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.StandInDriver;

/**
 * {@link CudaDevice#costs()} over the stand-in driver: measured through the driver once per device name and
 * description, left out of the device's measured times, absent when the calibration cannot allocate or the device is
 * closed. Each test names its stand-in GPU apart, so that another test's calibration (kept for the process) does not
 * answer for it.
 */
class CudaCostsTest {
    /** Reads of the stand-in's clock: one per event that completes, so every copy reads it. */
    private final AtomicLong reads = new AtomicLong();
    private StandInDriver driver;
    private CudaDevice device;

    private CudaDevice open(String model) {
        driver = new StandInDriver(new CudaProperties(model, 1L << 30, 4, 9, 0, 1024, 1024, Integer.MAX_VALUE,
                65_535), () -> {
                    reads.incrementAndGet();
                    return System.nanoTime();
                });
        device = StandInCuda.open(driver);
        return device;
    }

    @AfterEach
    void close() {
        if (device != null) {
            device.close();
            assertEquals(StandInDriver.nothingLive(), driver.live(), "left allocated after close");
        }
    }

    @Test
    void shouldMeasureTheCostsThroughTheDriverOnceAndLeaveThemOutOfTheMeasuredTimes() {
        open("stand-in GPU for costs, once");
        Optional<DeviceCosts> first = device.costs();
        DeviceCosts costs = first.orElseThrow();
        assertTrue(costs.copyInBytesPerSecond() > 0 && Double.isFinite(costs.copyInBytesPerSecond()), costs.toString());
        assertTrue(costs.copyOutBytesPerSecond() > 0 && Double.isFinite(costs.copyOutBytesPerSecond()),
                costs.toString());
        assertTrue(costs.perChunk().compareTo(Duration.ZERO) > 0, costs + " (expected: the copy engines' round trip)");
        assertFalse(costs.kernelRateKnown());
        assertTrue(costs.source().startsWith("measured (copies each way, "), costs.source());
        assertTrue(reads.get() > 0, "the calibration's copies went through the driver's streams and events");
        assertEquals(DeviceTimes.ZERO, device.measuredTimes().orElseThrow(), "not a run's work");
        assertEquals(0, device.usedBytes(), "the calibration's buffers are freed");
        long after = reads.get();
        assertSame(first, device.costs(), "kept");
        assertEquals(after, reads.get(), "the second call copies nothing");
    }

    @Test
    void shouldDescribeNoCostsWhenTheCalibrationCannotAllocate() {
        open("stand-in GPU for costs, full");
        driver.failAllocation(1);
        assertEquals(Optional.empty(), device.costs());
        assertEquals(0, device.usedBytes());
    }

    @Test
    void shouldDescribeNoCostsOnceClosed() {
        open("stand-in GPU for costs, closed").close();
        assertEquals(Optional.empty(), device.costs());
    }
}
