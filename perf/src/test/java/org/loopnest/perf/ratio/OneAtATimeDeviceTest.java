package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.Launch;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.index.Chunk;

class OneAtATimeDeviceTest {

    @Test
    void shouldHandEachOperationToTheDeviceOnlyAfterThePreviousOneCompleted() throws Exception {
        // separate engines underneath: copy-in 100 000 bytes at 1 MB/s = 100 ms; kernel 10 000 iterations at 10^5/s
        SimConfig config = SimConfig.builder().memory(1 << 20).bandwidth(1_000_000).threads(2).kernelRate(100_000)
                .build();
        try (SimDevice sim = new SimDevice(config); OneAtATimeDevice serial = new OneAtATimeDevice(sim);
             DeviceBuffer in = serial.allocate(100_000); DeviceBuffer out = serial.allocate(1)) {
            CompletableFuture<Void> copyIn = serial.copyIn(ByteBuffer.allocateDirect(100_000), in, 100_000);
            AtomicBoolean kernelRanDuringCopyIn = new AtomicBoolean();
            CompletableFuture<Void> kernel = serial.launch(launch(10_000, () -> {
                if (!copyIn.isDone()) {
                    kernelRanDuringCopyIn.set(true);
                }
            }));
            CompletableFuture<Boolean> kernelEndedBeforeCopyOut = serial.copyOut(out, ByteBuffer.allocateDirect(1), 1)
                    .thenApply(done -> kernel.isDone());

            assertTrue(kernelEndedBeforeCopyOut.get(10, TimeUnit.SECONDS),
                    "the copy out ended while the kernel asked for before it still ran (expected: it waits)");
            assertFalse(kernelRanDuringCopyIn.get(),
                    "the kernel ran while the copy in asked for before it still ran (expected: it waits)");
        }
    }

    @Test
    void shouldFailOnlyTheFailedOperationAndRunTheNext() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2).build());
             OneAtATimeDevice serial = new OneAtATimeDevice(sim); DeviceBuffer buffer = serial.allocate(4)) {
            CompletableFuture<Void> failed = serial.launch(launch(10, () -> {
                throw new ArithmeticException("boom");
            }));
            CompletableFuture<Void> copyIn = serial.copyIn(ByteBuffer.allocateDirect(4).putInt(0, 7), buffer, 4);

            CompletionException e = assertThrows(CompletionException.class, failed::join);
            assertEquals("boom", e.getCause().getMessage());
            copyIn.join();
            ByteBuffer back = ByteBuffer.allocateDirect(4);
            serial.copyOut(buffer, back, 4).join();
            assertEquals(7, back.getInt(0));
        }
    }

    @Test
    void shouldRefuseOperationsOnceClosedAndLeaveTheDeviceOpen() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("sim-x").memory(1 << 20).build());
             DeviceBuffer buffer = sim.allocate(4)) {
            OneAtATimeDevice serial = new OneAtATimeDevice(sim);
            serial.close();

            CompletionException e = assertThrows(CompletionException.class,
                    () -> serial.copyIn(ByteBuffer.allocateDirect(4), buffer, 4).join());
            assertEquals("device sim-x (one operation at a time) is closed", e.getCause().getMessage());
            assertTrue(serial.isClosed());
            assertFalse(sim.isClosed());
            sim.copyIn(ByteBuffer.allocateDirect(4), buffer, 4).join();
        }
    }

    /** A launch of {@code iterations} whose every block runs {@code body}. */
    private static Launch launch(long iterations, Runnable body) {
        return new Launch() {
            @Override
            public Chunk chunk() {
                return new Chunk(0, 0, 1, 0, iterations);
            }

            @Override
            public void run(long from, long to) {
                body.run();
            }

            @Override
            public boolean cancelled() {
                return false;
            }
        };
    }
}
