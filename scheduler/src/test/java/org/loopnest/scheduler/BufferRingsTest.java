package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.report.DeviceReports.named;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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

/**
 * Input and output buffers in rings of their own: a chunk holds an input buffer until its kernel ends and an output
 * buffer from its kernel's start, so copy-in, kernel and copy-out of three chunks overlap with two of each, and a
 * device lost while a chunk holds only one of them loses no chunk and leaks no memory.
 */
class BufferRingsTest {
    private static final int ROWS = 8;
    private static final int COLS = 64;
    /** Runs each wait on a thread of its own, so that waits never queue behind each other. */
    private static final Executor OWN_THREAD = task -> {
        Thread t = new Thread(task, "buffer-rings-test-wait");
        t.setDaemon(true);
        t.start();
    };

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

    private static float[] expected(float[] in) {
        float[] expected = new float[in.length];
        for (int k = 0; k < in.length; k++) {
            expected[k] = in[k] + k / COLS;
        }
        return expected;
    }

    private static SimDevice sim(String name) {
        return new SimDevice(SimConfig.builder().name(name).memory(1 << 20).threads(1).build());
    }

    /**
     * A simulator whose first copy-out and second kernel finish only once the third copy-in has started (30 s at
     * most): with one ring of buffer sets of two, the third chunk would wait for the first one's copy-out.
     */
    static final class ThreeAtOnce extends ForwardingDevice {
        private final AtomicInteger copyIns = new AtomicInteger();
        private final AtomicInteger copyOuts = new AtomicInteger();
        private final AtomicInteger launches = new AtomicInteger();
        private final CountDownLatch thirdCopyIn = new CountDownLatch(1);
        private final AtomicBoolean copyOutSawIt = new AtomicBoolean();
        private final AtomicBoolean kernelSawIt = new AtomicBoolean();

        ThreeAtOnce() {
            super(BufferRingsTest.sim("sim"));
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            if (copyIns.incrementAndGet() == 3) {
                thirdCopyIn.countDown();
            }
            return super.copyIn(host, target, bytes);
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            return copyOuts.incrementAndGet() == 1 ? afterThirdCopyIn(copyOutSawIt)
                    .thenCompose(v -> super.copyOut(source, host, bytes)) : super.copyOut(source, host, bytes);
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            return launches.incrementAndGet() == 2 ? afterThirdCopyIn(kernelSawIt)
                    .thenCompose(v -> super.launch(launch)) : super.launch(launch);
        }

        private CompletableFuture<Void> afterThirdCopyIn(AtomicBoolean saw) {
            return CompletableFuture.runAsync(() -> {
                try {
                    saw.set(thirdCopyIn.await(30, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }, OWN_THREAD);
        }
    }

    @Test
    void shouldCopyInTheThirdChunkWhileTheSecondsKernelRunsAndTheFirstIsCopiedOut() {
        float[] in = input();
        float[] out = new float[in.length];
        try (ThreeAtOnce device = new ThreeAtOnce()) {
            RunReport report = plusRow(in, out).on(device).run(); // default: two input and two output buffers
            assertTrue(device.copyOutSawIt.get(), "copy-out of chunk 0 was still running when chunk 2's copy-in began");
            assertTrue(device.kernelSawIt.get(),
                    "the kernel of chunk 1 was still running when chunk 2's copy-in began");
            assertArrayEquals(expected(in), out);
            assertEquals(2, report.inputBuffers());
            assertEquals(2, report.outputBuffers());
        }
    }

    /** A simulator lost at its first copy-in or its first copy-out: that and every later operation fails. */
    static final class LostAt extends ForwardingDevice {
        private final boolean atCopyOut;
        private final CountDownLatch vanished = new CountDownLatch(1);
        private volatile boolean gone;

        LostAt(String name, boolean atCopyOut) {
            super(BufferRingsTest.sim(name));
            this.atCopyOut = atCopyOut;
        }

        SimDevice sim() {
            return (SimDevice) inner();
        }

        private CompletableFuture<Void> lost() {
            gone = true;
            vanished.countDown();
            return CompletableFuture.failedFuture(new DeviceLostException(info().name(), "connection closed"));
        }

        @Override
        public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
            return gone || !atCopyOut ? lost() : super.copyIn(host, target, bytes);
        }

        @Override
        public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
            return lost();
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            return gone ? lost() : super.launch(launch);
        }
    }

    /** Lost at its first copy-in: its chunks hold input buffers and no output buffer yet (no kernel has started). */
    @Test
    void shouldLoseNoChunkWhenADeviceIsLostHoldingInputButNoOutputBuffers() {
        assertNoChunkLost(false, 2, 1);
    }

    /**
     * Lost at its first copy-out: that chunk holds its output buffer only (its
     * input went back when its kernel ended).
     */
    @Test
    void shouldLoseNoChunkWhenADeviceIsLostHoldingAnOutputButNoInputBuffer() {
        assertNoChunkLost(true, 1, 2);
    }

    private static void assertNoChunkLost(boolean atCopyOut, int inputBuffers, int outputBuffers) {
        float[] in = input();
        float[] out = new float[in.length];
        try (LostAt flaky = new LostAt("flaky", atCopyOut);
             DeviceLossTest.WaitsForLoss cpu = new DeviceLossTest.WaitsForLoss(new CpuDevice(1), flaky.vanished)) {
            RunReport report = plusRow(in, out).buffers(inputBuffers, outputBuffers).on(flaky, cpu).run();
            assertArrayEquals(expected(in), out);
            assertEquals(0, named(report, "flaky").chunks(), report.toString());
            assertEquals(ROWS, named(report, "cpu").chunks(), report.toString());
            assertTrue(report.notes().stream().anyMatch(n -> n.startsWith("device flaky lost after 0 chunks: "
                    + "connection closed")),
                    report.notes().toString());
            assertEquals(0, flaky.sim().usedBytes(), "device memory left allocated");
        }
    }
}
