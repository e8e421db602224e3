package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.scheduler.JoinDevices.ROWS;
import static org.loopnest.scheduler.JoinDevices.expected;
import static org.loopnest.scheduler.JoinDevices.input;
import static org.loopnest.scheduler.JoinDevices.plusRow;
import static org.loopnest.scheduler.JoinDevices.sim;
import static org.loopnest.scheduler.JoinDevices.waitUntil;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.RunSpec;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceException;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.error.LoopNestException;
import org.loopnest.report.RunReport;

/** A device that cannot join a run is refused before it is touched, or leaves it whole; the run goes on. */
class ExecutionJoinRefusedTest {

    /** Runs {@code plusRow} on a gated simulator, lets {@code tryJoin} try its device after 3 chunks, then ends it. */
    private static RunReport runJoining(java.util.function.Consumer<Execution> tryJoin) {
        float[] in = input();
        float[] out = new float[in.length];
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 3)) {
            Execution run = plusRow(in, out).on(first).start();
            waitUntil(() -> run.chunksDone() == 3, "the first device has written 3 chunks");
            try {
                tryJoin.accept(run);
            } finally {
                first.gate.complete(null);
            }
            RunReport report = run.await();
            assertArrayEquals(expected(in), out, "the run went on without the refused device");
            assertEquals(List.of("first"), report.devices());
            assertEquals(0, first.usedBytes());
            return report;
        }
    }

    @Test
    void shouldRefuseAJoinOnceTheRunHasEnded() {
        try (SimDevice first = sim("first"); SimDevice late = sim("late")) {
            Execution done = plusRow(input(), new float[ROWS * JoinDevices.COLS]).on(first).start();
            RunReport report = done.await();
            assertFalse(done.join(late), "a run that has ended");
            assertSame(report, done.await(), "the report is unchanged");
            assertEquals(0, late.usedBytes());
        }
        try (SimDevice late = sim("late")) {
            Execution empty = org.loopnest.LoopNest.of(0, 4).in("a", new float[0]).out("b", new float[0])
                    .kernel(arrays -> it -> { }).start();
            assertFalse(empty.join(late), "a nest with nothing to do has ended when it starts");
            assertEquals(0, empty.await().chunks());
        }
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 0); SimDevice late = sim("late")) {
            Execution cancelled = plusRow(input(), new float[ROWS * JoinDevices.COLS]).on(first).start();
            try {
                cancelled.cancel();
                assertFalse(cancelled.join(late), "a cancelled run");
            } finally {
                first.gate.complete(null);
            }
            assertThrows(org.loopnest.error.RunCancelledException.class, cancelled::await);
            assertFalse(cancelled.join(late), "a cancelled run that was awaited");
            assertEquals(0, late.usedBytes());
            assertFalse(late.isClosed());
        }
    }

    @Test
    void shouldRefuseADeviceWhoseMemoryCannotHoldTheRunsBuffersNamingIt() {
        try (SimDevice small = new SimDevice(SimConfig.builder().name("small").memory(3000).threads(1).build())) {
            runJoining(run -> {
                DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> run.join(small));
                assertEquals("device small cannot join the run: its buffers at the run's split (d=1, r=1) need 2 × "
                        + "1024 in + 2 × 1024 out + 0 resident = 4096 bytes (largest buffer 1024 bytes), but small "
                        + "offers 3000 bytes of memory (largest single allocation 3000 bytes) (expected: a device that "
                        + "holds them; the chunk size was chosen for the devices the run started with)",
                        e.getMessage());
                assertEquals(4096, e.neededBytes());
                assertEquals(3000, e.offeredBytes());
            });
            assertEquals(0, small.usedBytes());
        }
    }

    @Test
    void shouldRefuseNullADeviceOfTheRunAndOneNamedLikeItNamingThem() {
        try (SimDevice namesake = sim("first")) {
            runJoining(run -> {
                assertEquals("device is null (expected: a Device)",
                        assertThrows(IllegalArgumentException.class, () -> run.join(null)).getMessage());
                assertEquals("device first is named like a device of the run (expected: distinct names, which the "
                        + "report and the threads use)",
                        assertThrows(IllegalArgumentException.class, () -> run.join(namesake)).getMessage());
            });
        }
        try (JoinDevices.Gated first = new JoinDevices.Gated("first", 0); SimDevice late = sim("late")) {
            Execution run = plusRow(input(), new float[ROWS * JoinDevices.COLS]).on(first).start();
            try {
                assertEquals("device first is already part of the run (expected: a device the run does not use yet)",
                        assertThrows(IllegalArgumentException.class, () -> run.join(first)).getMessage());
                assertTrue(run.join(late));
                assertEquals("device late is already part of the run (expected: a device the run does not use yet)",
                        assertThrows(IllegalArgumentException.class, () -> run.join(late)).getMessage());
            } finally {
                first.gate.complete(null);
            }
            assertEquals(ROWS, run.await().chunks());
        }
    }

    @Test
    void shouldRefuseAClosedDeviceAndOneThatRunsCompiledKernelsWithoutDeviceCode() {
        SimDevice closed = sim("closed");
        closed.close();
        try (Device compiled = new ForwardingDevice(sim("compiled")) {
            @Override
            public boolean runsCompiledKernels() {
                return true;
            }
        }) {
            runJoining(run -> {
                DeviceException e = assertThrows(DeviceException.class, () -> run.join(closed));
                assertEquals("device closed is closed (expected: an open device; close a device only after the runs "
                        + "that use it)", e.getMessage());
                assertEquals("closed", e.device());
                assertEquals("device compiled runs compiled kernels, and the nest has no device code (expected: a "
                        + "device that runs the nest's Java body, or a nest with deviceCode(...))",
                        assertThrows(DeviceException.class, () -> run.join(compiled)).getMessage());
            });
        }
    }

    /** A simulator whose {@code failAt}-th allocation throws {@code failure}, the ones before succeeding. */
    private static final class FailsToAllocate extends ForwardingDevice {
        private final int failAt;
        private final RuntimeException failure;
        private final AtomicInteger allocations = new AtomicInteger();

        FailsToAllocate(String name, int failAt, RuntimeException failure) {
            super(sim(name));
            this.failAt = failAt;
            this.failure = failure;
        }

        long usedBytes() {
            return ((SimDevice) inner()).usedBytes();
        }

        @Override
        public DeviceBuffer allocate(long bytes) {
            if (allocations.incrementAndGet() == failAt) {
                throw failure;
            }
            return super.allocate(bytes);
        }
    }

    @Test
    void shouldFreeWhatWasAllocatedWhenTheDeviceCannotBeSetUp() {
        DeviceMemoryException full = new DeviceMemoryException("device tight: out of memory", 1024, 0);
        try (FailsToAllocate tight = new FailsToAllocate("tight", 3, full)) {
            runJoining(run -> assertSame(full, assertThrows(DeviceMemoryException.class, () -> run.join(tight))));
            assertEquals(0, tight.usedBytes(), "the two buffers allocated before the failure were freed");
        }
        IllegalStateException foreign = new IllegalStateException("driver gave up");
        try (FailsToAllocate odd = new FailsToAllocate("odd", 2, foreign)) {
            runJoining(run -> {
                LoopNestException e = assertThrows(LoopNestException.class, () -> run.join(odd));
                assertEquals("device odd could not join the run: setting it up failed: "
                        + "java.lang.IllegalStateException: driver gave up", e.getMessage());
                assertSame(foreign, e.getCause());
            });
            assertEquals(0, odd.usedBytes());
        }
    }

    @Test
    void shouldThrowWhatTheDeviceThrowsWhenTheRunCannotBeBegunOnIt() {
        DeviceException refused = new DeviceException("refuses", "device refuses: node busy with another run");
        try (Device refuses = new ForwardingDevice(sim("refuses")) {
            @Override
            public void beginRun(RunSpec run) {
                throw refused;
            }
        }) {
            runJoining(run -> assertSame(refused, assertThrows(DeviceException.class, () -> run.join(refuses))));
        }
    }
}
