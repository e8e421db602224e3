package org.loopnest.internal.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceException;

class ChunkCalibrationTest {
    @Test
    void shouldMeasureTheRoundTripOfEveryEngineAsked() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build())) {
            ChunkCalibration.EngineCosts all = ChunkCalibration.measure(sim, true, true).orElseThrow();
            for (Duration d : new Duration[] {all.copyIn(), all.kernel(), all.copyOut()}) {
                assertTrue(d.compareTo(Duration.ZERO) > 0, all.toString());
            }
            assertEquals(0, sim.usedBytes(), "the calibration's buffer is freed");
            ChunkCalibration.EngineCosts copies = ChunkCalibration.measure(sim, true, false).orElseThrow();
            assertNull(copies.kernel(), copies.toString());
        }
        try (CpuDevice cpu = new CpuDevice(1)) {
            ChunkCalibration.EngineCosts kernel = ChunkCalibration.measure(cpu, false, true).orElseThrow();
            assertNull(kernel.copyIn());
            assertNull(kernel.copyOut());
            assertEquals(kernel.kernel(), kernel.dearest());
        }
    }

    @Test
    void shouldTimeOneEngineOnTheCallingThreadAndSeveralOnThreadsOfTheirOwn() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("asked").threads(1).build())) {
            Set<String> askedFrom = ConcurrentHashMap.newKeySet();
            ForwardingDevice watched = new ForwardingDevice(sim) {
                @Override
                public CompletableFuture<Void> launch(Launch launch) {
                    askedFrom.add(Thread.currentThread().getName());
                    return super.launch(launch);
                }

                @Override
                public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
                    askedFrom.add(Thread.currentThread().getName());
                    return super.copyIn(host, target, bytes);
                }
            };
            ChunkCalibration.measure(watched, false, true).orElseThrow();
            assertEquals(Set.of(Thread.currentThread().getName()), askedFrom, "no thread of its own for one engine");
            askedFrom.clear();
            ChunkCalibration.measure(watched, true, true).orElseThrow();
            assertEquals(Set.of("loopnest-asked-calibration-0", "loopnest-asked-calibration-1"), askedFrom,
                    "copy-in and kernel each asked from a thread of its own");
        }
    }

    @Test
    void shouldGiveNothingForADeviceWhoseLaunchFails() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build())) {
            ForwardingDevice failing = new ForwardingDevice(sim) {
                @Override
                public CompletableFuture<Void> launch(Launch launch) {
                    return CompletableFuture.failedFuture(new DeviceException("sim", "launch refused for the test"));
                }
            };
            assertEquals(Optional.empty(), ChunkCalibration.measure(failing, true, true));
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldGiveNothingForADeviceWithTooLittleMemory() {
        try (SimDevice tiny = new SimDevice(SimConfig.builder().memory(ChunkCalibration.COPY_BYTES - 1).build())) {
            assertEquals(Optional.empty(), ChunkCalibration.measure(tiny, true, true));
        }
    }

    @Test
    void shouldMeasureOncePerKey() {
        AtomicInteger measured = new AtomicInteger();
        Optional<ChunkCalibration.EngineCosts> one = Optional.of(new ChunkCalibration.EngineCosts(null,
                Duration.ofNanos(5), null));
        String key = "chunk-calibration-test-once";
        assertFalse(ChunkCalibration.isCached(key));
        assertEquals(one, ChunkCalibration.cached(key, () -> {
            measured.incrementAndGet();
            return one;
        }));
        assertEquals(one, ChunkCalibration.cached(key, () -> {
            measured.incrementAndGet();
            return Optional.empty();
        }));
        assertEquals(1, measured.get());
        assertTrue(ChunkCalibration.isCached(key));
    }

    @Test
    void shouldTakeAConfiguredCopyCostOffTheCopiesOnly() {
        ChunkCalibration.EngineCosts c = new ChunkCalibration.EngineCosts(Duration.ofNanos(300), Duration.ofNanos(50),
                Duration.ofNanos(80));
        assertEquals(new ChunkCalibration.EngineCosts(Duration.ofNanos(200), Duration.ofNanos(50), Duration.ZERO),
                c.lessCopyCost(Duration.ofNanos(100)));
        assertEquals(Duration.ofNanos(300), c.dearest());
        assertEquals(Duration.ZERO, new ChunkCalibration.EngineCosts(null, null, null).dearest());
    }
}
