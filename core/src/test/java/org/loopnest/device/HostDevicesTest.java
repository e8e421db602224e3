package org.loopnest.device;

import org.loopnest.internal.device.MemoryBudget;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.Chunk;

/** The CPU and simulated devices keep the Device contract at its edges. */
class HostDevicesTest {

    @Test
    void shouldFailTheFutureOfACopyThatDoesNotFitRatherThanThrow() {
        try (CpuDevice cpu = new CpuDevice(1); DeviceBuffer small = cpu.allocate(8)) {
            CompletableFuture<Void> copy = cpu.copyIn(ByteBuffer.allocateDirect(16), small, 16);
            assertInstanceOf(RuntimeException.class, assertThrows(CompletionException.class, copy::join).getCause());
        }
    }

    @Test
    void shouldSayWhetherItIsClosed() {
        CpuDevice cpu = new CpuDevice(1);
        SimDevice sim = new SimDevice();
        assertFalse(cpu.isClosed());
        assertFalse(sim.isClosed());
        cpu.close();
        sim.close();
        assertTrue(cpu.isClosed());
        assertTrue(sim.isClosed());
    }

    @Test
    void shouldRefuseToAllocateAfterClose() {
        CpuDevice cpu = new CpuDevice(1);
        cpu.close();
        assertEquals("device cpu is closed", assertThrows(IllegalStateException.class, () -> cpu.allocate(8))
                .getMessage());
        SimDevice sim = new SimDevice(SimConfig.builder().name("s").build());
        sim.close();
        assertEquals("device s is closed", assertThrows(IllegalStateException.class, () -> sim.allocate(8))
                .getMessage());
    }

    @Test
    void shouldNotSpendSimulatedKernelTimeOnACancelledLaunch() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).kernelRate(100).build())) {
            Launch cancelled = new Launch() {
                @Override
                public Chunk chunk() {
                    return new Chunk(0, 0, 1, 0, 2000); // 20 s at 100 iterations per second
                }

                @Override
                public void run(long from, long to) {
                    throw new AssertionError("a cancelled launch runs no block");
                }

                @Override
                public boolean cancelled() {
                    return true;
                }
            };
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> sim.launch(cancelled).join());
        }
    }

    @Test
    void shouldRefuseNegativeReservationsAndAnAbsurdLatency() {
        MemoryBudget budget = new MemoryBudget("b", 100, 100);
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class, () -> budget.reserve(-50));
        assertEquals("device b: allocation of -50 bytes (expected: 0 or more)", negative.getMessage());
        assertEquals(0, budget.used());
        IllegalArgumentException latency = assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder().latency(Duration.ofDays(365_000)).build());
        assertTrue(latency.getMessage().startsWith("sim latency = PT8760000H (expected: >= 0 and at most a day)"),
                latency.getMessage());
    }
}
