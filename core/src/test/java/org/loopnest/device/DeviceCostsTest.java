package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

class DeviceCostsTest {
    @Test
    void shouldDescribeTheSimulatedLinkAndKernelRateAsConfigured() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().bandwidth(2_000_000).latency(Duration.ofMillis(3))
                .kernelRate(5000).threads(1).build())) {
            DeviceCosts costs = sim.costs().orElseThrow();
            assertEquals(2e6, costs.copyInBytesPerSecond());
            assertEquals(2e6, costs.copyOutBytesPerSecond());
            assertEquals(Duration.ofMillis(3), costs.copyLatency());
            assertEquals(5000, costs.kernelIterationsPerSecond());
            assertTrue(costs.kernelRateKnown());
            assertTrue(costs.source().startsWith("configured (sim), ") && costs.source().endsWith(" µs per chunk "
                    + "calibrated once per process"), costs.source());
            assertTrue(costs.perChunk().compareTo(Duration.ofMillis(3)) < 0, costs.perChunk()
                    + " (expected: the engines' round trips less the configured 3 ms latency)");
        }
    }

    @Test
    void shouldLeaveTheKernelRateUnknownOnASimWithoutOne() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build())) {
            assertFalse(sim.costs().orElseThrow().kernelRateKnown());
        }
    }

    @Test
    void shouldDescribeNothingByDefault() {
        Device plain = new ForwardingDevice(new CpuDevice(1)) { }; // forwards everything but costs()
        try (plain) {
            assertTrue(plain.costs().isEmpty(), "a device that describes nothing keeps the fixed rule");
        }
    }

    @Test
    void shouldMeasureTheCpusLaunchRoundTripOnceAndCopyNothing() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            DeviceCosts costs = cpu.costs().orElseThrow();
            assertTrue(Double.isInfinite(costs.copyInBytesPerSecond()) && Double.isInfinite(
                    costs.copyOutBytesPerSecond()), costs + " (expected: no copies on a host-addressable device)");
            assertTrue(costs.perChunk().compareTo(Duration.ZERO) > 0, costs.toString());
            assertFalse(costs.kernelRateKnown());
            assertTrue(costs.source().startsWith("calibrated (cpu: "), costs.source());
            assertEquals(costs, cpu.costs().orElseThrow(), "kept for the process");
        }
        CpuDevice closed = new CpuDevice(1);
        closed.close();
        assertTrue(closed.costs().isEmpty(), "a closed device measures nothing");
    }

    @Test
    void shouldRefuseAZeroBandwidthNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DeviceCosts(
                Duration.ZERO, Duration.ZERO, 0, 1, 0, "x"));
        assertEquals("copyInBytesPerSecond = 0.0 (expected: > 0, or infinity for no copy)", e.getMessage());
    }

    @Test
    void shouldRefuseANegativeKernelRateNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new DeviceCosts(
                Duration.ZERO, Duration.ZERO, 1, 1, -1, "x"));
        assertEquals("kernelIterationsPerSecond = -1.0 (expected: finite, >= 0; 0 = unknown)", e.getMessage());
    }

    @Test
    void shouldReplaceOnlyTheKernelRate() {
        DeviceCosts costs = new DeviceCosts(Duration.ofNanos(5), Duration.ZERO, 1, 2, 0, "configured");
        assertEquals(new DeviceCosts(Duration.ofNanos(5), Duration.ZERO, 1, 2, 7, "first chunk"),
                costs.withKernelRate(7, "first chunk"));
    }
}
