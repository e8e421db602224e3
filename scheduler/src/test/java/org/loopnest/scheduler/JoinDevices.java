package org.loopnest.scheduler;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** The nest, the devices and the waits the tests of {@link Execution#join} share. */
final class JoinDevices {
    static final int ROWS = 32;
    static final int COLS = 256;

    private JoinDevices() {
    }

    /** A simulator of 1 MiB and one kernel thread. */
    static SimDevice sim(String name) {
        return new SimDevice(SimConfig.builder().name(name).memory(1 << 20).threads(1).build());
    }

    /** {@code b = a + row}, one row a chunk, two buffers each way: 32 chunks of 1 KiB in and out. */
    static LoopNest plusRow(float[] in, float[] out) {
        return LoopNest.of(ROWS, COLS).in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) + it.index(0));
        }).splitAt(1).buffers(2).timeout(Duration.ofSeconds(60));
    }

    static float[] input() {
        float[] in = new float[ROWS * COLS];
        for (int k = 0; k < in.length; k++) {
            in[k] = k % 113;
        }
        return in;
    }

    /** What the sequential loop writes for {@link #plusRow}. */
    static float[] expected(float[] in) {
        float[] out = new float[in.length];
        for (int row = 0; row < ROWS; row++) {
            for (int col = 0; col < COLS; col++) {
                out[row * COLS + col] = in[row * COLS + col] + row;
            }
        }
        return out;
    }

    /** Spins until {@code condition} holds, failing after 20 s. */
    static void waitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.onSpinWait();
        }
    }

    /**
     * A simulator whose kernels after the first {@code free} complete only once {@link #gate} opens: a run on it
     * writes {@code free} chunks and then holds two (its input buffers) until the test says.
     */
    static final class Gated extends ForwardingDevice {
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        private final int free;
        private final AtomicInteger launches = new AtomicInteger();

        Gated(String name, int free) {
            super(sim(name));
            this.free = free;
        }

        long usedBytes() {
            return ((SimDevice) inner()).usedBytes();
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            CompletableFuture<Void> ran = super.launch(launch);
            return launches.incrementAndGet() <= free ? ran : ran.thenCompose(v -> gate);
        }
    }
}
