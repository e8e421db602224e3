package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.report.DeviceReports.named;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceLostException;
import org.loopnest.report.RunReport;

/** A device lost mid-run: its chunks run elsewhere and the outputs are complete; with no device left, a clear error. */
class DeviceLossTest {
    private static final int ROWS = 64;
    private static final int COLS = 256;

    /**
     * A simulator of 1 MiB and one kernel thread that is "lost" at its {@code failAt}-th launch, once {@code when}
     * completes (at once by default): that launch and every later operation fail with {@link DeviceLostException}.
     */
    static final class VanishingDevice extends ForwardingDevice {
        final CountDownLatch vanished = new CountDownLatch(1);
        private final int failAt;
        private final CompletableFuture<Void> when;
        private final AtomicInteger launches = new AtomicInteger();
        private volatile boolean gone;

        VanishingDevice(String name, int failAt) {
            this(name, failAt, CompletableFuture.completedFuture(null));
        }

        VanishingDevice(String name, int failAt, CompletableFuture<Void> when) {
            super(new SimDevice(SimConfig.builder().name(name).memory(1 << 20).threads(1).build()));
            this.failAt = failAt;
            this.when = when;
        }

        SimDevice sim() {
            return (SimDevice) inner();
        }

        private <T> CompletableFuture<T> lost() {
            return CompletableFuture.failedFuture(new DeviceLostException(info().name(), "connection closed"));
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            return gone ? lost() : super.copyIn(host, target, bytes);
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            return gone ? lost() : super.copyOut(source, host, bytes);
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            if (launches.incrementAndGet() < failAt) {
                return super.launch(launch);
            }
            return when.thenCompose(v -> {
                gone = true;
                vanished.countDown();
                return lost();
            });
        }
    }

    /**
     * A device whose kernels wait until {@code flaky} has vanished (60 s at most), so that a faster device cannot
     * take every chunk before the flaky one reaches the launch it fails at.
     */
    static final class WaitsForLoss extends ForwardingDevice {
        private final CountDownLatch vanished;

        WaitsForLoss(Device inner, VanishingDevice flaky) {
            this(inner, flaky.vanished);
        }

        /** Waits for {@code vanished} to open, on a thread of its own per launch (not the common pool). */
        WaitsForLoss(Device inner, CountDownLatch vanished) {
            super(inner);
            this.vanished = vanished;
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            return CompletableFuture.runAsync(() -> {
                try {
                    vanished.await(60, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, task -> {
                Thread waiter = new Thread(task, "waits-for-loss");
                waiter.setDaemon(true);
                waiter.start();
            }).thenCompose(ready -> super.launch(launch));
        }
    }

    private static LoopNest plusRow(float[] in, float[] out) {
        return LoopNest.of(ROWS, COLS).in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) + it.index(0));
        }).splitAt(1).timeout(Duration.ofSeconds(60));
    }

    private static float[] input() {
        float[] in = new float[ROWS * COLS];
        for (int k = 0; k < in.length; k++) {
            in[k] = k % 113;
        }
        return in;
    }

    @Test
    void shouldRunTheLostDevicesChunksElsewhereAndWriteEveryOutputOnce() {
        float[] in = input();
        float[] expected = new float[in.length];
        for (int k = 0; k < in.length; k++) {
            expected[k] = in[k] + k / COLS;
        }
        float[] out = new float[in.length];
        try (VanishingDevice flaky = new VanishingDevice("flaky", 3);
             WaitsForLoss cpu = new WaitsForLoss(new CpuDevice(1), flaky)) {
            RunReport report = plusRow(in, out).on(flaky, cpu).run();
            assertArrayEquals(expected, out);
            assertEquals(ROWS, named(report, "flaky").chunks() + named(report, "cpu").chunks());
            assertTrue(named(report, "flaky").chunks() <= 2, report.toString());
            assertTrue(report.notes().stream().anyMatch(n -> n.matches("device flaky lost after \\d+ chunks: "
                    + "connection closed; .*")), report.notes().toString());
            assertEquals(0, flaky.sim().usedBytes());
        }
    }

    @Test
    void shouldFailClearlyWhenEveryDeviceIsLost() {
        try (VanishingDevice one = new VanishingDevice("one", 2); VanishingDevice two = new VanishingDevice("two", 4)) {
            DeviceLostException e = assertThrows(DeviceLostException.class,
                    () -> plusRow(input(), new float[ROWS * COLS]).on(one, two).run());
            assertTrue(e.getMessage().matches("device (one|two) lost: connection closed; it was the last device of "
                    + "the run, so the run stops"), e.getMessage());
            assertEquals(0, one.sim().usedBytes() + two.sim().usedBytes());
        }
    }

    @Test
    void shouldLeaveOutADeviceLostWhileTheRunIsSetUp() {
        float[] in = input();
        float[] out = new float[in.length];
        try (CpuDevice cpu = new CpuDevice(1); VanishingDevice gone = new VanishingDevice("gone", 1)) {
            gone.launch(null);
            RunReport report = LoopNest.of(ROWS, COLS).in("a", in).in("c", new float[COLS], "i1").out("b", out)
                    .kernel(arrays -> {
                        FloatView a = arrays.floats("a");
                        FloatView b = arrays.floats("b");
                        return it -> b.set(it, a.get(it) + it.index(0));
                    }).splitAt(1).on(gone, cpu).run();
            assertEquals(0, named(report, "gone").chunks());
            assertEquals(in[COLS + 1] + 1, out[COLS + 1]);
            assertEquals(0, gone.sim().usedBytes());
        }
    }
}
