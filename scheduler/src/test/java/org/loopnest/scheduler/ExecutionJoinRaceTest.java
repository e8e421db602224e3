package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
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
import org.loopnest.device.Device;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.RunSpec;
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
    void shouldFreeTheBuffersOfADeviceThatWasBeingSetUpWhenTheRunWasClosed() throws Exception {
        CountDownLatch beginning = new CountDownLatch(1);
        CountDownLatch mayBegin = new CountDownLatch(1);
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 0); SimDevice slow = sim("slow-to-begin")) {
            Device slowToBegin = new ForwardingDevice(slow) {
                @Override
                public void beginRun(RunSpec spec) {
                    beginning.countDown();
                    try {
                        mayBegin.await(20, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            };
            Execution run = withResident(input(), new float[ROWS * COLS]).on(first).start();
            CompletableFuture<Boolean> joined = onceOpen(new CountDownLatch(0), () -> run.join(slowToBegin));
            assertTrue(beginning.await(20, TimeUnit.SECONDS), "the join is setting the device up");
            run.cancel();
            first.gate.complete(null); // the first device's chunks in flight end at once
            Thread closing = new Thread(run::close, "test-close");
            closing.start();
            waitUntil(() -> !closing.isAlive() || closing.getState() == Thread.State.TIMED_WAITING,
                    "the close waits for the device being set up, or is done");
            mayBegin.countDown(); // the join now allocates the device's buffers and copies the resident data in
            assertTrue(joined.get(30, TimeUnit.SECONDS), "the device was in before the run was closed");
            closing.join(TimeUnit.SECONDS.toMillis(30));
            assertFalse(closing.isAlive(), "close returned");
            assertThrows(RunCancelledException.class, run::await);
            assertEquals(0, slow.usedBytes(), "what the join allocated was freed with the run's buffers");
            assertEquals(0, first.usedBytes());
        }
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
