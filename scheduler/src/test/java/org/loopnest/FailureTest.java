package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.RunCancelledException;
import org.loopnest.error.RunTimeoutException;
import org.loopnest.error.StageFailedException;
import org.loopnest.report.Stage;
import org.loopnest.scheduler.Execution;

/** A failing, timed-out or cancelled run stops promptly and leaves no thread and no buffer behind. */
class FailureTest {
    private static final int T = 6;
    private static final int X = 5000;

    private List<Thread> before;

    private static List<Thread> liveLoopNestThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive)
                .filter(t -> t.getName().startsWith("loopnest-")).toList();
    }

    /** The shared cpu device's threads live as long as the JVM: they are there before the test, as after. */
    @BeforeEach
    void rememberTheThreadsThatOutliveTests() {
        CpuDevice.shared();
        before = liveLoopNestThreads();
    }

    @AfterEach
    void noPipelineThreadIsLeft() {
        List<String> left = liveLoopNestThreads().stream().filter(t -> !before.contains(t)).map(Thread::getName)
                .toList();
        assertEquals(List.of(), left, "threads left behind");
    }

    private static LoopNest failingAt(long failT, long failX) {
        float[] in = new float[T * X];
        return LoopNest.of(T, X).names("t", "x").in("T", in).out("o", new float[T * X]).splitAt(1)
                .kernel(arrays -> {
                    FloatView t = arrays.floats("T");
                    FloatView o = arrays.floats("o");
                    return it -> {
                        if (it.index(0) == failT && it.index(1) == failX) {
                            throw new ArithmeticException("bad point");
                        }
                        o.set(it, t.get(it));
                    };
                });
    }

    @Test
    void shouldBlameNoIterationWhenBindingTheKernelFailsInAChunk() {
        // plan() binds the body once to check its lookups; this body fails only when a chunk binds it
        java.util.concurrent.atomic.AtomicInteger binds = new java.util.concurrent.atomic.AtomicInteger();
        StageFailedException e = assertThrows(StageFailedException.class, () -> LoopNest.of(T, X).names("t", "x")
                .in("T", new float[T * X]).out("o", new float[T * X]).splitAt(1).blockKernel(arrays -> {
                    if (binds.incrementAndGet() > 1) {
                        throw new IllegalStateException("lookup table gone");
                    }
                    FloatView t = arrays.floats("T");
                    return cursor -> t.get(cursor);
                }).run());
        assertEquals(Stage.KERNEL, e.stage());
        assertTrue(e.indices().isEmpty(), "no iteration is at fault: " + e.getMessage());
        assertTrue(e.getMessage().contains("lookup table gone"), e.getMessage());
        assertTrue(!e.getMessage().contains("at indices"), e.getMessage());
    }

    @Test
    void shouldFailWithTheChunkAndTheIndicesOfTheThrowingIterationOnCpu() {
        StageFailedException e = assertThrows(StageFailedException.class, () -> failingAt(3, 4321).run());
        assertEquals(Stage.KERNEL, e.stage());
        assertEquals(3, e.chunk());
        assertEquals("cpu", e.device());
        assertArrayEquals(new long[] {3, 4321}, e.indices().orElseThrow());
        assertTrue(e.getCause() instanceof ArithmeticException);
        assertEquals("stage kernel failed on chunk 3 at indices [3, 4321] (device cpu): "
                + "java.lang.ArithmeticException: bad point", e.getMessage());
    }

    @Test
    void shouldReleaseEveryBufferWhenAKernelFailsOnTheSimulator() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            for (int b = 1; b <= 3; b++) {
                StageFailedException e = assertThrows(StageFailedException.class,
                        failingAt(2, 17).buffers(b).on(sim)::run);
                assertEquals(2, e.chunk());
                assertArrayEquals(new long[] {2, 17}, e.indices().orElseThrow());
                assertEquals(0, sim.usedBytes(), "buffers released after failure with B=" + b);
            }
        }
    }

    @Test
    void shouldNameTheStageWhenProgressReportingFails() {
        StageFailedException e = assertThrows(StageFailedException.class, () -> failingAt(-1, -1)
                .onProgress((done, total) -> {
                    throw new IllegalStateException("listener broke");
                }).run());
        assertEquals(Stage.DESERIALIZE, e.stage());
        assertFalse(e.indices().isPresent());
    }

    @Test
    void shouldStopARunThatExceedsItsTimeout() {
        try (Device slow = new SimDevice(SimConfig.builder().kernelRate(50_000).threads(1).build())) {
            LoopNest nest = failingAt(-1, -1).on(slow).timeout(Duration.ofMillis(200));
            RunTimeoutException e = assertThrows(RunTimeoutException.class, nest::run);
            assertTrue(e.getMessage().startsWith("run timed out after PT0.2S with "), e.getMessage());
        }
    }

    @Test
    void shouldStopARunThatIsCancelled() {
        AtomicReference<Execution> running = new AtomicReference<>();
        try (Device slow = new SimDevice(SimConfig.builder().kernelRate(100_000).threads(1).build())) {
            LoopNest nest = failingAt(-1, -1).on(slow).onProgress((done, total) -> running.get().cancel());
            Execution execution = nest.start();
            running.set(execution);
            if (execution.chunksDone() > 0) {
                execution.cancel();
            }
            RunCancelledException e = assertThrows(RunCancelledException.class, execution::await);
            assertTrue(e.getMessage().startsWith("run cancelled with "), e.getMessage());
            execution.close();
        }
    }
}
