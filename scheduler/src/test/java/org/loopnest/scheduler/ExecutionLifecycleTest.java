package org.loopnest.scheduler;

import org.loopnest.internal.scheduler.BufferCounts;
import org.loopnest.internal.scheduler.DeviceSource;
import org.loopnest.internal.scheduler.PlanBuilder;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.Launch;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceException;
import org.loopnest.error.RunCancelledException;
import org.loopnest.error.RunTimeoutException;
import org.loopnest.report.RunReport;

/** When a run ends, how it ends, and what its report and its plan are good for afterwards. */
class ExecutionLifecycleTest {

    private static LoopNest plusOne(int rows, int cols) {
        return LoopNest.of(rows, cols).in("a", new float[rows * cols]).out("b", new float[rows * cols])
                .kernel(arrays -> {
                    FloatView a = arrays.floats("a");
                    FloatView b = arrays.floats("b");
                    return it -> b.set(it, a.get(it) + 1);
                }).splitAt(1);
    }

    private static void waitUntil(BooleanSupplier condition, String what) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.onSpinWait();
        }
    }

    /** A simulator whose kernels finish only when the test opens the gate: kernels that outlive a cancel. */
    static final class GatedKernels extends ForwardingDevice {
        final CompletableFuture<Void> gate = new CompletableFuture<>();
        final AtomicInteger inFlight = new AtomicInteger();

        GatedKernels() {
            super(new SimDevice(SimConfig.builder().memory(1 << 20).threads(1).build()));
        }

        SimDevice sim() {
            return (SimDevice) inner();
        }

        @Override
        public CompletableFuture<Void> launch(Launch launch) {
            inFlight.incrementAndGet();
            return super.launch(launch).thenCompose(v -> gate).whenComplete((v, t) -> inFlight.decrementAndGet());
        }
    }

    @Test
    void shouldNotFreeBuffersUnderRunningKernelsWhenTheAwaitingThreadIsInterrupted() throws InterruptedException {
        try (GatedKernels device = new GatedKernels()) {
            Execution run = plusOne(16, 64).on(device).start();
            waitUntil(() -> device.inFlight.get() > 0, "a kernel is running");
            AtomicReference<Throwable> thrown = new AtomicReference<>();
            AtomicReference<Boolean> stillInterrupted = new AtomicReference<>();
            Thread awaiting = new Thread(() -> {
                Thread.currentThread().interrupt();
                try {
                    run.await();
                } catch (Throwable t) {
                    thrown.set(t);
                }
                stillInterrupted.set(Thread.currentThread().isInterrupted());
            }, "test-await");
            awaiting.start();
            waitUntil(() -> !awaiting.isAlive() || awaiting.getState() == Thread.State.TIMED_WAITING,
                    "await is waiting for the kernels");
            assertTrue(awaiting.isAlive(), "await returned while kernels were still running");
            assertTrue(device.sim().usedBytes() > 0, "the run's buffers were freed under running kernels");
            device.gate.complete(null);
            awaiting.join(TimeUnit.SECONDS.toMillis(30));
            assertInstanceOf(RunCancelledException.class, thrown.get());
            assertEquals(true, stillInterrupted.get(), "the caller's interrupt is kept");
            assertEquals(0, device.inFlight.get());
            assertEquals(0, device.sim().usedBytes());
        }
    }

    @Test
    void shouldReportTheWallTimeUntilTheLastChunkRatherThanUntilAwait() {
        AtomicLong lastChunkSeen = new AtomicLong();
        RunPlan plan = plusOne(8, 64).onProgress((done, total) -> {
            if (done == total) {
                lastChunkSeen.set(System.nanoTime());
            }
        }).plan();
        long beforeStart = System.nanoTime();
        Execution run = plan.start();
        waitUntil(run::isDone, "the run is done");
        waitUntil(() -> lastChunkSeen.get() != 0, "the progress listener saw the last chunk");
        RunReport report = run.await();
        assertTrue(report.wall().toNanos() <= lastChunkSeen.get() - beforeStart,
                "wall " + report.wall() + " counts time after the last chunk");
    }

    @Test
    void shouldTimeOutEvenWhenNobodyIsWaiting() {
        try (SimDevice slow = new SimDevice(SimConfig.builder().kernelRate(200_000).threads(1).build())) {
            Execution run = plusOne(8, 5000).on(slow).timeout(Duration.ofMillis(100)).start();
            waitUntil(run::isDone, "the run is done");
            RunTimeoutException e = assertThrows(RunTimeoutException.class, run::await);
            assertTrue(e.getMessage().contains("PT0.1S"), e.getMessage());
            assertTrue(run.chunksDone() < 8, "chunks done: " + run.chunksDone());
        }
    }

    @Test
    void shouldStayASuccessWhenCancelledAfterTheLastChunk() {
        Execution run = plusOne(4, 64).start();
        waitUntil(run::isDone, "the run is done");
        run.cancel();
        assertEquals(4, run.await().chunks());
    }

    @Test
    void shouldStartAPlanOnTheSharedCpuDeviceAgainAndConcurrently() {
        RunPlan plan = plusOne(4, 64).plan();
        assertSame(CpuDevice.shared(), plan.devices().open().get(0));
        assertEquals(4, plan.start().await().chunks());
        try (Execution a = plan.start(); Execution b = plan.start()) {
            assertEquals(4, a.await().chunks());
            assertEquals(4, b.await().chunks());
        }
    }

    @Test
    void shouldLeaveTheUsersDeviceAndTheSharedCpuDeviceOpen() {
        try (CpuDevice cpu = new CpuDevice(1)) {
            assertEquals(4, plusOne(4, 64).on(cpu).plan().start().await().chunks());
            assertFalse(cpu.isClosed(), "a run leaves the user's device open");
        }
        assertEquals(4, plusOne(4, 64).plan().start().await().chunks());
        CpuDevice.shared().close(); // does nothing: only the JVM's exit stops the shared device
        assertFalse(CpuDevice.shared().isClosed());
        assertEquals(4, plusOne(4, 64).plan().start().await().chunks());
    }

    @Test
    void shouldRefuseAPlanWithoutDevicesOrBuffersNamingTheArgument() {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
                () -> DeviceSource.given(List.of()));
        assertEquals("devices = [] (expected: at least one Device)", none.getMessage());
        try (CpuDevice cpu = new CpuDevice(1)) {
            RunPlan p = plusOne(4, 64).on(cpu).plan();
            IllegalArgumentException buffers = assertThrows(IllegalArgumentException.class,
                    () -> like(p).split(p.choice(), BufferCounts.both(0)).build());
            assertEquals("buffers = 0 (expected: 1 to 1024)", buffers.getMessage());
            IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                    () -> like(p).split(p.choice(), new BufferCounts(2, 1 << 30)).build());
            assertEquals("outputBuffers = 1073741824 (expected: 1 to 1024)", tooMany.getMessage());
            IllegalArgumentException noInput = assertThrows(IllegalArgumentException.class,
                    () -> like(p).split(p.choice(), new BufferCounts(0, 2)).build());
            assertEquals("inputBuffers = 0 (expected: 1 to 1024)", noInput.getMessage());
            IllegalArgumentException timeout = assertThrows(IllegalArgumentException.class,
                    () -> like(p).watch(Duration.ZERO, null, p.trace()).build());
            assertEquals("timeout = PT0S (expected: > 0, or null for none)", timeout.getMessage());
        }
    }

    /** A builder holding the parts of {@code p}. */
    private static PlanBuilder like(RunPlan p) {
        return new PlanBuilder().nest(p.space(), p.arrays()).kernel(p.kernel(), p.kernelSource())
                .devices(p.devices()).split(p.choice(), p.bufferCounts()).watch(p.timeout(), p.progress(), p.trace());
    }

    @Test
    void shouldRefuseToStartOnAClosedDeviceNamingItBeforeAnythingRuns() {
        CpuDevice cpu = new CpuDevice(1);
        cpu.close();
        DeviceException alone = assertThrows(DeviceException.class, () -> plusOne(4, 64).on(cpu).run());
        assertEquals("device cpu is closed (expected: an open device; close a device only after the runs that use "
                + "it)", alone.getMessage());
        assertEquals("cpu", alone.device());
        assertThrows(DeviceException.class, () -> LoopNest.of(0, 4).in("a", new float[0]).out("b", new float[0])
                .kernel(arrays -> it -> { }).on(cpu).run(), "even a nest with nothing to do");
        SimDevice closed = new SimDevice(SimConfig.builder().name("sim-b").memory(1 << 20).threads(1).build());
        closed.close();
        float[] out = new float[4 * 64];
        try (SimDevice open = new SimDevice(SimConfig.builder().name("sim-a").memory(1 << 20).threads(1).build())) {
            DeviceException second = assertThrows(DeviceException.class, () -> LoopNest.of(4, 64)
                    .in("a", new float[out.length]).out("b", out).kernel(arrays -> {
                        FloatView b = arrays.floats("b");
                        return it -> b.set(it, 1);
                    }).splitAt(1).on(open, closed).run());
            assertEquals("device sim-b is closed (expected: an open device; close a device only after the runs that "
                    + "use it)", second.getMessage());
            assertArrayEquals(new float[out.length], out, "nothing ran");
            assertEquals(0, open.usedBytes());
        }
    }
}
