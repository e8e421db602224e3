package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.loopnest.scheduler.JoinDevices.COLS;
import static org.loopnest.scheduler.JoinDevices.ROWS;
import static org.loopnest.scheduler.JoinDevices.expected;
import static org.loopnest.scheduler.JoinDevices.input;
import static org.loopnest.scheduler.JoinDevices.plusRow;
import static org.loopnest.scheduler.JoinDevices.sim;
import static org.loopnest.scheduler.JoinDevices.waitUntil;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.RunCancelledException;
import org.loopnest.report.DeviceReports;
import org.loopnest.report.RunReport;

/**
 * A join racing with the run's end is all in or all out: counted and freed with the run, or refused with nothing
 * done; no buffer and no thread is left behind either way.
 */
class ExecutionJoinRaceTest {
    private static final int ROUNDS = 32;

    /** {@code b = a + c[col]}: {@code c} is resident, so that a join copies it in while the run may end. */
    private static LoopNest withResident(float[] in, float[] out) {
        return LoopNest.of(ROWS, COLS).in("a", in).in("c", new float[COLS], "i1").out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView c = arrays.floats("c");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) + c.get(it));
        }).splitAt(1).buffers(2).timeout(Duration.ofSeconds(60));
    }

    /** Runs {@code task} on a thread of its own once {@code go} opens. */
    private static <T> CompletableFuture<T> onceOpen(CountDownLatch go, java.util.concurrent.Callable<T> task) {
        CompletableFuture<T> result = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                go.await();
                result.complete(task.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        }, "test-race");
        t.setDaemon(true);
        t.start();
        return result;
    }

    @Test
    void shouldFreeEveryBufferWhenAJoinRacesWithCancelOrClose() throws Exception {
        for (int round = 0; round < ROUNDS; round++) {
            boolean close = round % 2 == 1;
            try (SimDevice first = new SimDevice(SimConfig.builder().name("first").memory(1 << 20).threads(1)
                    .kernelRate(COLS * 200.0).build());
                 SimDevice late = sim("late-race")) {
                Execution run = withResident(input(), new float[ROWS * COLS]).on(first).start();
                CountDownLatch go = new CountDownLatch(1);
                CompletableFuture<Boolean> joined = onceOpen(go, () -> run.join(late));
                CompletableFuture<Boolean> stopped = onceOpen(go, () -> {
                    if (close) {
                        run.close();
                    } else {
                        run.cancel();
                    }
                    return true;
                });
                go.countDown();
                stopped.get(30, TimeUnit.SECONDS);
                joined.get(30, TimeUnit.SECONDS); // in or refused; never a failure
                assertThrows(RunCancelledException.class, run::await, "round " + round);
                assertEquals(0, first.usedBytes(), "round " + round);
                assertEquals(0, late.usedBytes(), "round " + round + ", joined: " + joined.get());
            }
        }
        assertEquals(List.of(), PipelineThreadNamesTest.liveThreadsOf("late-race"));
    }

    @Test
    void shouldCountAJoinRacingWithTheRunsEndFullyOrNotAtAll() {
        float[] in = input();
        for (int round = 0; round < ROUNDS; round++) {
            float[] out = new float[in.length];
            try (SimDevice first = sim("first"); SimDevice late = sim("late-end")) {
                Execution run = plusRow(in, out).on(first).start();
                long after = round;
                waitUntil(() -> run.chunksDone() >= after, after + " chunks written");
                boolean joined = run.join(late);
                RunReport report = run.await();
                assertEquals(joined ? List.of("first", "late-end") : List.of("first"), report.devices(),
                        "round " + round);
                assertEquals(joined, report.notes().stream().anyMatch(n -> n.startsWith("late-end joined the run "
                        + "after ")), report.notes().toString());
                assertEquals(ROWS, DeviceReports.chunksRun(report));
                assertArrayEquals(expected(in), out);
                assertEquals(0, first.usedBytes() + late.usedBytes(), "round " + round);
            }
        }
        assertEquals(List.of(), PipelineThreadNamesTest.liveThreadsOf("late-end"));
    }
}
