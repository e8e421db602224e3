package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
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
        assertEquals("sim engines = null (expected: SEPARATE or SHARED)", assertThrows(IllegalArgumentException.class,
                () -> SimConfig.builder().engines(null).build()).getMessage());
    }

    @Test
    void shouldRunCopiesAndKernelsOneAfterAnotherOnASharedEngine() throws Exception {
        // copy-in: 100 000 bytes at 1 MB/s = 100 ms; kernel: 10 000 iterations capped at 10^5/s = 100 ms
        SimConfig config = SimConfig.builder().name("sim-one").memory(1 << 20).bandwidth(1_000_000).threads(2)
                .kernelRate(100_000).engines(SimConfig.Engines.SHARED).build();
        try (SimDevice sim = new SimDevice(config); DeviceBuffer in = sim.allocate(100_000);
             DeviceBuffer out = sim.allocate(1)) {
            CompletableFuture<Void> copyIn = sim.copyIn(ByteBuffer.allocateDirect(100_000), in, 100_000);
            AtomicBoolean kernelRanDuringCopyIn = new AtomicBoolean();
            CompletableFuture<Void> kernel = sim.launch(launch(10_000, () -> {
                if (!copyIn.isDone()) {
                    kernelRanDuringCopyIn.set(true);
                }
            }));
            CompletableFuture<Boolean> kernelEndedBeforeCopyOut = sim.copyOut(out, ByteBuffer.allocateDirect(1), 1)
                    .thenApply(done -> kernel.isDone());
            assertTrue(kernelEndedBeforeCopyOut.get(10, TimeUnit.SECONDS),
                    "the copy out ended while the kernel submitted before it still ran (expected: it waits)");
            assertFalse(kernelRanDuringCopyIn.get(),
                    "the kernel ran while the copy in submitted before it still ran (expected: it waits)");
            Set<String> engines = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                    .filter(name -> name.startsWith("loopnest-sim-one-engine-")).collect(Collectors.toSet());
            assertEquals(Set.of("loopnest-sim-one-engine-shared"), engines);
            assertTrue(sim.info().description().endsWith(", one engine for copies and kernels"),
                    sim.info().description());
        }
    }

    @Test
    void shouldOverlapACopyAndAKernelOnSeparateEngines() throws Exception {
        SimConfig config = SimConfig.builder().memory(1 << 20).latency(Duration.ofHours(1)).threads(2).build();
        CompletableFuture<Void> copyIn;
        try (SimDevice sim = new SimDevice(config); DeviceBuffer in = sim.allocate(1)) {
            copyIn = sim.copyIn(ByteBuffer.allocateDirect(1), in, 1);
            AtomicBoolean kernelRanDuringCopyIn = new AtomicBoolean();
            sim.launch(launch(10, () -> kernelRanDuringCopyIn.set(!copyIn.isDone()))).get(10, TimeUnit.SECONDS);
            assertTrue(kernelRanDuringCopyIn.get(), "the kernel waited for an hour-long copy in (expected: overlap)");
        }
        CompletionException closed = assertThrows(CompletionException.class, copyIn::join);
        // closing ends the hour-long copy whether its engine had begun it or not yet taken it
        assertTrue(Set.of("simulated copy interrupted", "device closed before the operation ran")
                .contains(closed.getCause().getMessage()), closed.getCause().getMessage());
    }

    @Test
    void shouldFailAKernelOnTheSharedEngineAndRunWhatFollows() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(1 << 20).threads(2)
                .engines(SimConfig.Engines.SHARED).build()); DeviceBuffer buffer = sim.allocate(4)) {
            CompletableFuture<Void> failed = sim.launch(launch(10_000, () -> {
                throw new ArithmeticException("boom");
            }));
            ByteBuffer host = ByteBuffer.allocateDirect(4).putInt(0, 42);
            CompletableFuture<Void> copyIn = sim.copyIn(host, buffer, 4);
            CompletionException e = assertThrows(CompletionException.class, failed::join);
            assertTrue(e.getCause() instanceof ArithmeticException, String.valueOf(e.getCause()));
            assertEquals("boom", e.getCause().getMessage());
            copyIn.join();
            ByteBuffer back = ByteBuffer.allocateDirect(4);
            sim.copyOut(buffer, back, 4).join();
            assertEquals(42, back.getInt(0));
        }
    }

    @Test
    void shouldFailARunningKernelAndEndItsThreadsWhenASharedEngineCloses() throws Exception {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch never = new CountDownLatch(1);
        SimDevice sim = new SimDevice(SimConfig.builder().name("sim-closing").memory(1 << 20).threads(1)
                .engines(SimConfig.Engines.SHARED).build());
        CompletableFuture<Void> kernel = sim.launch(launch(1, () -> {
            started.countDown();
            try {
                never.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("kernel interrupted", e);
            }
        }));
        assertTrue(started.await(10, TimeUnit.SECONDS), "the kernel did not start");

        sim.close();

        CompletionException e = assertThrows(CompletionException.class, kernel::join);
        assertEquals("device sim-closing closed while a kernel ran", e.getCause().getMessage());
        assertTrue(Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .noneMatch(name -> name.startsWith("loopnest-sim-closing-")), "a thread of the device outlived close");
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
