package org.loopnest.internal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceMemoryException;

class CostCalibrationTest {
    /** Counts copies; optionally refuses to allocate. */
    private static final class Counting extends ForwardingDevice {
        final AtomicInteger copies = new AtomicInteger();
        private final boolean refuse;

        Counting(Device inner, boolean refuse) {
            super(inner);
            this.refuse = refuse;
        }

        @Override
        public DeviceBuffer allocate(long bytes) {
            if (refuse) {
                throw new DeviceMemoryException("no memory for the test", bytes, 0);
            }
            return super.allocate(bytes);
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            copies.incrementAndGet();
            return super.copyIn(host, target, bytes);
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            copies.incrementAndGet();
            return super.copyOut(source, host, bytes);
        }
    }

    @Test
    void shouldMeasureBothDirectionsAndLeaveTheKernelRateUnknown() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("calibrated").threads(1).build())) {
            Counting device = new Counting(sim, false);
            DeviceCosts costs = CostCalibration.measure(device).orElseThrow();
            assertTrue(device.copies.get() >= 4 * CostCalibration.ROUNDS + 2,
                    device.copies + " copies (expected: two sizes, two directions, and round trips on both copy "
                            + "engines)");
            assertTrue(costs.copyInBytesPerSecond() > 0 && costs.copyOutBytesPerSecond() > 0, costs.toString());
            assertFalse(costs.kernelRateKnown());
            assertTrue(costs.source().startsWith("measured (copies each way, "), costs.source());
            assertEquals(0, sim.usedBytes(), "the calibration's buffer is freed");
        }
    }

    @Test
    void shouldMeasureADeviceOncePerProcess() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("calibrated-once").threads(1).build())) {
            Counting device = new Counting(sim, false);
            Optional<DeviceCosts> first = CostCalibration.cached(device);
            int copies = device.copies.get();
            assertSame(first, CostCalibration.cached(device));
            assertEquals(copies, device.copies.get(), "the second call copies nothing");
        }
    }

    @Test
    void shouldGiveNothingForADeviceThatCannotAllocate() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("full").threads(1).build())) {
            assertEquals(Optional.empty(), CostCalibration.measure(new Counting(sim, true)));
        }
    }
}
