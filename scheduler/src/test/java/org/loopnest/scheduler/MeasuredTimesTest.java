package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.report.DeviceReports.named;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.internal.device.DeviceClock;
import org.loopnest.device.DeviceTimes;
import org.loopnest.device.Launch;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;
import org.loopnest.testing.TinyJson;

/** The report carries what each measuring device's own clock counted during the run, and nothing from before. */
class MeasuredTimesTest {

    /** A simulator whose "clock" counts 1 µs per copy and 1 ms per kernel, having counted 1 s before any run. */
    static final class CountingDevice extends ForwardingDevice {
        private final DeviceClock clock = new DeviceClock();

        CountingDevice() {
            super(new SimDevice(SimConfig.builder().name("counting").memory(1 << 20).threads(1).build()));
            clock.record(Stage.KERNEL, 1_000_000_000L);
            clock.record(Stage.COPY_IN, 1_000_000_000L);
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            return super.copyIn(host, target, bytes).thenRun(() -> clock.record(Stage.COPY_IN, 1_000));
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            return super.copyOut(source, host, bytes).thenRun(() -> clock.record(Stage.COPY_OUT, 1_000));
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            return super.launch(launch).thenRun(() -> clock.record(Stage.KERNEL, 1_000_000));
        }

        @Override
        public Optional<DeviceTimes> measuredTimes() {
            return Optional.of(clock.times());
        }
    }

    private static LoopNest doubling(float[] in, float[] out) {
        return LoopNest.of(in.length / 16, 16).in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) * 2);
        }).splitAt(1).group(1);
    }

    @Test
    void shouldReportTheDeviceClockDuringTheRunOnly() {
        float[] in = new float[16 * 10];
        float[] out = new float[in.length];
        try (CountingDevice device = new CountingDevice()) {
            RunReport report = doubling(in, out).on(device).run();
            assertEquals(10, report.chunks());
            assertEquals(Optional.of(Map.of(Stage.COPY_IN, Duration.ofNanos(10_000),
                    Stage.KERNEL, Duration.ofMillis(10), Stage.COPY_OUT, Duration.ofNanos(10_000))),
                    named(report, "counting").measured());
            assertTrue(report.toString().contains(
                    "measured    counting by its own clock: copy-in 0.0 ms, kernel 10.0 ms, copy-out 0.0 ms"),
                    report.toString());
            Map<?, ?> json = (Map<?, ?>) TinyJson.parse(report.toJson());
            Map<?, ?> measured = (Map<?, ?>) ((Map<?, ?>) json.get("measuredNanosPerDevice")).get("counting");
            assertEquals(10_000_000L, ((Number) measured.get("kernel")).longValue());
        }
    }

    @Test
    void shouldReportNothingMeasuredForDevicesWithoutAClock() {
        float[] in = new float[16 * 4];
        try (CpuDevice cpu = new CpuDevice(1)) {
            RunReport report = doubling(in, new float[in.length]).on(cpu).run();
            assertEquals(Optional.empty(), named(report, "cpu").measured());
            assertTrue(!report.toString().contains("measured "), report.toString());
        }
    }
}
