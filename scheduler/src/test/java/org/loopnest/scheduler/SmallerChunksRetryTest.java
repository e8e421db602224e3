package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.report.RunReport;

/** A device that offers more memory than it can allocate: the run retries once with smaller chunks. */
class SmallerChunksRetryTest {

    /** A simulator whose allocations above {@code largest} bytes fail, although its budget says they fit. */
    static final class OverpromisingDevice extends ForwardingDevice {
        private final long largest;
        int failures;

        OverpromisingDevice(long largest) {
            super(new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build()));
            this.largest = largest;
        }

        SimDevice sim() {
            return (SimDevice) inner();
        }

        @Override
        public DeviceBuffer allocate(long bytes) {
            if (bytes > largest) {
                failures++;
                throw new DeviceMemoryException("device sim: out of memory for " + bytes + " bytes", bytes, largest);
            }
            return super.allocate(bytes);
        }
    }

    private static LoopNest doubling(float[] in, float[] out) {
        return LoopNest.of(8, 16, 32).in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) * 2);
        });
    }

    @Test
    void shouldRetryOnceWithHalfTheChunkAndSayWhyInTheReport() {
        float[] in = new float[8 * 16 * 32];
        float[] out = new float[in.length];
        float[] expected = new float[in.length];
        for (int k = 0; k < in.length; k++) {
            in[k] = k;
            expected[k] = 2 * k;
        }
        try (OverpromisingDevice device = new OverpromisingDevice(2 * 16 * 32 * Float.BYTES)) {
            RunReport report = doubling(in, out).splitAt(1).group(4).on(device).run();
            assertEquals(1, device.failures);
            assertEquals(2, report.group());
            assertTrue(report.splitReason().contains("allocation failed (device sim: out of memory for 8192 bytes), "
                    + "so retried once with smaller chunks: d=1, r=2"), report.splitReason());
            assertArrayEquals(expected, out);
            assertEquals(0, device.sim().usedBytes());
        }
    }

    @Test
    void shouldFailWithTheSecondAllocationErrorWhenHalfTheChunkDoesNotFitEither() {
        float[] in = new float[8 * 16 * 32];
        try (OverpromisingDevice device = new OverpromisingDevice(100)) {
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class,
                    () -> doubling(in, new float[in.length]).splitAt(1).on(device).run());
            assertEquals(2, device.failures);
            assertTrue(e.getMessage().startsWith("device sim: out of memory for 1024 bytes"), e.getMessage());
            assertEquals(0, device.sim().usedBytes());
        }
    }
}
