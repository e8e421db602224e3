package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.report.DeviceReports.named;
import static org.loopnest.scheduler.JoinDevices.COLS;
import static org.loopnest.scheduler.JoinDevices.ROWS;
import static org.loopnest.scheduler.JoinDevices.expected;
import static org.loopnest.scheduler.JoinDevices.input;
import static org.loopnest.scheduler.JoinDevices.plusRow;
import static org.loopnest.scheduler.JoinDevices.sim;
import static org.loopnest.scheduler.JoinDevices.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceLostException;
import org.loopnest.report.DeviceReports;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/** A device that joins a run while it goes takes chunks like the others, and leaves the run whole when it is lost. */
class ExecutionJoinTest {

    /** Starts {@code plusRow} on {@code first} and waits until it has written 3 chunks (and holds the next). */
    private static Execution startAndWaitForThreeChunks(float[] in, float[] out, JoinDevices.Gated first) {
        Execution run = plusRow(in, out).on(first).start();
        waitUntil(() -> run.chunksDone() == 3, "the first device has written 3 chunks");
        return run;
    }

    @Test
    void shouldRunChunksOnASimulatorThatJoinsMidRunAndWriteWhatTheLoopWrites() {
        float[] in = input();
        float[] out = new float[in.length];
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); SimDevice late = sim("late")) {
            Execution run = startAndWaitForThreeChunks(in, out, first);
            try {
                assertTrue(run.join(late), "joined a run that is going");
                waitUntil(() -> run.chunksDone() > 3, "the joined device has written a chunk");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            assertArrayEquals(expected(in), out);
            assertEquals(List.of("first", "late"), report.devices());
            assertTrue(named(report, "late").chunks() > 0, report.toString());
            assertEquals(ROWS, DeviceReports.chunksRun(report));
            assertTrue(report.notes().contains("late joined the run after 3 chunks"), report.notes().toString());
            assertTrue(named(report, "late").busy().get(Stage.KERNEL).toNanos() > 0, report.toString());
            assertEquals(0, first.usedBytes() + late.usedBytes());
        }
    }

    @Test
    void shouldLetTheCpuJoinARunOnASimulator() {
        float[] in = input();
        float[] out = new float[in.length];
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); CpuDevice cpu = new CpuDevice(1)) {
            Execution run = startAndWaitForThreeChunks(in, out, first);
            try {
                assertTrue(run.join(cpu));
                waitUntil(() -> run.chunksDone() > 3, "the cpu has written a chunk");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            assertArrayEquals(expected(in), out);
            assertTrue(named(report, "cpu").chunks() > 0, report.toString());
            assertTrue(report.notes().contains("cpu reads and writes the arrays in place: nothing serialized or "
                    + "copied"), report.notes().toString());
            assertEquals(0, first.usedBytes());
        }
    }

    @Test
    void shouldJoinFromAProgressListener() throws Exception {
        float[] in = input();
        float[] out = new float[in.length];
        CompletableFuture<Execution> started = new CompletableFuture<>();
        AtomicReference<Boolean> joined = new AtomicReference<>();
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); SimDevice late = sim("late")) {
            Execution run = plusRow(in, out).on(first).onProgress((done, total) -> {
                if (done == 3) {
                    try {
                        joined.set(started.get(20, TimeUnit.SECONDS).join(late));
                    } catch (Exception e) {
                        throw new AssertionError(e);
                    }
                }
            }).start();
            started.complete(run);
            try {
                waitUntil(() -> run.chunksDone() > 3, "the device joined by the listener has written a chunk");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            assertEquals(true, joined.get());
            assertArrayEquals(expected(in), out);
            assertTrue(named(report, "late").chunks() > 0, report.toString());
        }
    }

    @Test
    void shouldGoOnWithoutAJoinedDeviceThatIsLost() throws InterruptedException {
        float[] in = input();
        float[] out = new float[in.length];
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3);
             DeviceLossTest.VanishingDevice flaky = new DeviceLossTest.VanishingDevice("flaky", 2,
                     CompletableFuture.completedFuture(null))) {
            Execution run = startAndWaitForThreeChunks(in, out, first);
            try {
                assertTrue(run.join(flaky));
                assertTrue(flaky.vanished.await(20, TimeUnit.SECONDS), "the joined device was lost");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            assertArrayEquals(expected(in), out);
            assertEquals(ROWS, DeviceReports.chunksRun(report));
            assertTrue(named(report, "flaky").chunks() <= 1, report.toString());
            assertTrue(report.notes().stream().anyMatch(n -> n.matches("device flaky lost after \\d+ chunks: "
                    + "connection closed; .*")), report.notes().toString());
            assertEquals(0, first.usedBytes() + flaky.sim().usedBytes());
        }
    }

    @Test
    void shouldCompleteOnTheJoinedDeviceWhenTheDeviceItStartedWithIsLost() {
        float[] in = input();
        float[] out = new float[in.length];
        CompletableFuture<Void> joined = new CompletableFuture<>();
        try (DeviceLossTest.VanishingDevice first = new DeviceLossTest.VanishingDevice("first", 4, joined);
             SimDevice late = sim("late")) {
            Execution run = plusRow(in, out).on(first).start();
            waitUntil(() -> run.chunksDone() == 3, "the first device has written 3 chunks");
            try {
                assertTrue(run.join(late));
            } finally {
                joined.complete(null); // the first device is lost at its fourth launch, now
            }
            RunReport report = run.await();
            assertArrayEquals(expected(in), out);
            assertEquals(3, named(report, "first").chunks(), report.toString());
            assertEquals(ROWS - 3, named(report, "late").chunks(), report.toString());
            assertTrue(report.notes().contains("device first lost after 3 chunks: connection closed; the chunks it "
                    + "had in flight ran on the other devices"), report.notes().toString());
            assertEquals(0, first.sim().usedBytes() + late.usedBytes());
        }
    }

    @Test
    void shouldFailWithTheLastLossWhenTheJoinedDeviceIsLostToo() {
        CompletableFuture<Void> joined = new CompletableFuture<>();
        try (DeviceLossTest.VanishingDevice first = new DeviceLossTest.VanishingDevice("first", 4, joined);
             DeviceLossTest.VanishingDevice late = new DeviceLossTest.VanishingDevice("late", 1, joined)) {
            Execution run = plusRow(input(), new float[ROWS * COLS]).on(first).start();
            waitUntil(() -> run.chunksDone() == 3, "the first device has written 3 chunks");
            try {
                assertTrue(run.join(late));
            } finally {
                joined.complete(null);
            }
            DeviceLostException e = assertThrows(DeviceLostException.class, run::await);
            assertTrue(e.getMessage().matches("device (first|late) lost: connection closed; it was the last device "
                    + "of the run, so the run stops"), e.getMessage());
            assertEquals(0, first.sim().usedBytes() + late.sim().usedBytes());
        }
    }

    @Test
    void shouldReportTheJoinedDevicesOwnClockAndTraceIt(@TempDir Path dir) throws Exception {
        float[] in = input();
        Path trace = dir.resolve("trace.json");
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3);
             MeasuredTimesTest.CountingDevice counting = new MeasuredTimesTest.CountingDevice()) {
            Execution run = plusRow(in, new float[in.length]).on(first).trace(trace).start();
            waitUntil(() -> run.chunksDone() == 3, "the first device has written 3 chunks");
            try {
                assertTrue(run.join(counting));
                waitUntil(() -> run.chunksDone() > 3, "the joined device has written a chunk");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            long chunks = named(report, "counting").chunks();
            assertEquals(Optional.of(Duration.ofMillis(chunks)), named(report, "counting").measured()
                    .map(m -> m.get(Stage.KERNEL)), "1 ms per kernel counted from the join on: " + report);
            assertTrue(Files.readString(trace).contains("\"counting / "), "the trace has the joined device's tracks");
        }
    }

    @Test
    void shouldNotBlockAJoinWhileAnotherThreadAwaitsTheRun() throws Exception {
        float[] in = input();
        float[] out = new float[in.length];
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); SimDevice late = sim("late")) {
            Execution run = startAndWaitForThreeChunks(in, out, first);
            CompletableFuture<RunReport> awaited = CompletableFuture.supplyAsync(run::await, task -> {
                Thread t = new Thread(task, "test-await");
                t.setDaemon(true);
                t.start();
            });
            try {
                assertTrue(run.join(late), "joined while await holds the execution");
                waitUntil(() -> run.chunksDone() > 3, "the joined device has written a chunk");
            } finally {
                first.gate.complete(null);
            }
            RunReport report = awaited.get(30, TimeUnit.SECONDS);
            assertSame(report, run.await());
            assertTrue(named(report, "late").chunks() > 0, report.toString());
            assertArrayEquals(expected(in), out);
        }
    }

    @Test
    void shouldListNothingMeasuredForAJoinedDeviceWithoutAClock() {
        float[] in = input();
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); SimDevice late = sim("late")) {
            Execution run = startAndWaitForThreeChunks(in, new float[in.length], first);
            try {
                assertTrue(run.join(late));
            } finally {
                first.gate.complete(null);
            }
            assertEquals(Optional.<Map<Stage, Duration>>empty(), named(run.await(), "late").measured());
        }
    }

    @Test
    void shouldLeaveTheJoinedDeviceOpenForItsOwner() {
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3); SimDevice late = sim("late")) {
            float[] in = input();
            Execution run = startAndWaitForThreeChunks(in, new float[in.length], first);
            try {
                assertTrue(run.join(late));
            } finally {
                first.gate.complete(null);
            }
            run.await();
            assertFalse(late.isClosed(), "the run leaves the joined device open");
            float[] out = new float[in.length];
            assertEquals(ROWS, plusRow(in, out).on(late).run().chunks(), "the device serves the next run");
            assertArrayEquals(expected(in), out);
        }
    }
}
