package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.index.Chunk;

class SimDeviceTest {

    @Test
    void shouldRefuseAllocationsBeyondItsBudgetAndGiveMemoryBack() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1000).build())) {
            DeviceBuffer a = sim.allocate(600);
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> sim.allocate(600));
            assertEquals("device sim: an allocation of 600 bytes exceeds the 400 bytes left of its 1000-byte budget",
                    e.getMessage());
            assertEquals(600, e.neededBytes());
            assertEquals(400, e.offeredBytes());
            a.close();
            a.close();
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldCopyBytesBothWays() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).bandwidth(1L << 30).build())) {
            ByteBuffer host = ByteBuffer.allocateDirect(64);
            for (int i = 0; i < 64; i++) {
                host.put(i, (byte) i);
            }
            try (DeviceBuffer device = sim.allocate(64)) {
                sim.copyIn(host, device, 64).join();
                ByteBuffer back = ByteBuffer.allocateDirect(64);
                sim.copyOut(device, back, 64).join();
                assertEquals(host, back);
            }
        }
    }

    @Test
    void shouldRejectBadSettingsNamingThem() {
        assertEquals("sim memory = 0 bytes (expected: > 0)", assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder().memory(0).build()).getMessage());
        assertEquals("sim bandwidth = -1 bytes/s (expected: >= 0)", assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder().bandwidth(-1).build()).getMessage());
        assertEquals("sim threads = 0 (expected: >= 1)", assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder().threads(0).build()).getMessage());
    }

    @Test
    void shouldFailTheLaunchFutureWithTheKernelsException() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            Launch failing = new Launch() {
                @Override
                public Chunk chunk() {
                    return new Chunk(0, 0, 1, 0, 10_000);
                }

                @Override
                public void run(long from, long to) {
                    if (from <= 5000 && 5000 < to) {
                        throw new ArithmeticException("boom");
                    }
                }

                @Override
                public boolean cancelled() {
                    return false;
                }
            };
            CompletionException e = assertThrows(CompletionException.class, () -> sim.launch(failing).join());
            assertTrue(e.getCause() instanceof ArithmeticException);
        }
    }
}
