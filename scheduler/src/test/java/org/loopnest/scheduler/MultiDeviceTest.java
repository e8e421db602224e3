package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.loopnest.report.DeviceReports.named;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.StageFailedException;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.DeviceReports;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;

/** One nest on several devices at once: the same outputs, chunks pulled by whoever is free, one report. */
class MultiDeviceTest {
    private static final int ROWS = 48;
    private static final int COLS = 512;

    private static LoopNest affine(float[] in, float[] out) {
        return LoopNest.of(ROWS, COLS).names("r", "c").in("a", in).out("b", out).kernel(arrays -> {
            FloatView a = arrays.floats("a");
            FloatView b = arrays.floats("b");
            return it -> b.set(it, a.get(it) * 3 + it.index(1));
        });
    }

    private static float[] input() {
        float[] in = new float[ROWS * COLS];
        for (int k = 0; k < in.length; k++) {
            in[k] = (k * 7) % 1001;
        }
        return in;
    }

    private static SimDevice sim(String name, double iterationsPerSecond) {
        return new SimDevice(SimConfig.builder().name(name).memory(1 << 20).threads(1)
                .kernelRate(iterationsPerSecond).build());
    }

    @Test
    void shouldGiveTheSameOutputsOnTheCpuAndTwoSimulatorsAsOnOneDevice() {
        float[] in = input();
        float[] alone = new float[in.length];
        try (CpuDevice single = new CpuDevice(1)) {
            affine(in, alone).splitAt(1).on(single).run();
        }
        float[] shared = new float[in.length];
        try (CpuDevice cpu = new CpuDevice(1); SimDevice fast = sim("sim-fast", 0);
             SimDevice slow = sim("sim-slow", COLS * 50.0)) {
            RunReport report = affine(in, shared).splitAt(1).on(cpu, fast, slow).run();
            assertArrayEquals(alone, shared);
            assertEquals(List.of("cpu", "sim-fast", "sim-slow"), report.devices());
            assertEquals(ROWS, DeviceReports.chunksRun(report));
            assertTrue(report.toJson().contains("\"busyNanosPerDevice\":{\"cpu\":{"), report.toJson());
            assertEquals(0, fast.usedBytes() + slow.usedBytes());
        }
    }

    @Test
    void shouldReportWhatEachDeviceDidInTheOrderTheDevicesWereGiven() {
        float[] in = input();
        try (SimDevice a = sim("sim-a", 0); SimDevice b = sim("sim-b", 0)) {
            RunReport report = affine(in, new float[in.length]).splitAt(1).on(a, b).run();
            assertEquals(List.of("sim-a", "sim-b"), report.perDevice().stream().map(DeviceReport::name).toList());
            assertEquals(report.devices(), report.perDevice().stream().map(DeviceReport::name).toList());
            assertEquals(ROWS, report.chunks());
            assertEquals(report.chunks(), DeviceReports.chunksRun(report));
            for (DeviceReport device : report.perDevice()) {
                assertEquals(List.of(Stage.values()), List.copyOf(device.busy().keySet()), device.toString());
                assertTrue(device.chunks() == 0 || device.busy().get(Stage.KERNEL).toNanos() > 0, device.toString());
                assertEquals(java.util.Optional.empty(), device.measured(), "a simulator has no clock of its own");
                assertTrue(report.toString().contains(String.format(java.util.Locale.ROOT, "%-11s %d chunks, kernel "
                        + "busy ", device.name(), device.chunks())), report.toString());
                assertTrue(report.toJson().contains("\"" + device.name() + "\":" + device.chunks()), report.toJson());
            }
        }
    }

    @Test
    void shouldLetTheFasterDeviceTakeMoreChunks() {
        float[] in = input();
        float[] out = new float[in.length];
        try (SimDevice fast = sim("sim-fast", 0); SimDevice slow = sim("sim-slow", COLS * 50.0)) {
            RunReport report = affine(in, out).splitAt(1).on(slow, fast).run();
            long slowChunks = named(report, "sim-slow").chunks();
            assertTrue(named(report, "sim-fast").chunks() > slowChunks, report.toString());
            assertTrue(named(report, "sim-slow").busy().get(Stage.KERNEL).toMillis() >= 15 * slowChunks,
                    "a chunk capped at 50 rows per second takes 20 ms: " + report);
            assertEquals(in[COLS + 3] * 3 + 3, out[COLS + 3]);
        }
    }

    @Test
    void shouldFitTheChunkToTheSmallestDeviceMemory() {
        // big is slow (a capped kernel rate), so that small surely pulls chunks while big works on its first ones
        try (SimDevice big = new SimDevice(SimConfig.builder().name("big").memory(64L << 20).kernelRate(50_000)
                .build());
             SimDevice small = new SimDevice(SimConfig.builder().name("small").memory(64 << 10).build())) {
            float[] in = input();
            float[] out = new float[in.length];
            RunReport report = affine(in, out).on(big, small).run();
            assertTrue(report.splitReason().endsWith(" bytes of 65536 bytes of big+small memory"),
                    report.splitReason());
            assertTrue(named(report, "small").chunks() >= 1, report.toString());
            assertEquals(in[5] * 3 + 5, out[5]);
        }
    }

    @Test
    void shouldNameTheDeviceAndChunkWhenAKernelFailsOnOneOfThem() {
        try (CpuDevice cpu = new CpuDevice(1); SimDevice sim = sim("sim", 0)) {
            StageFailedException e = assertThrows(StageFailedException.class, () -> LoopNest.of(ROWS, COLS)
                    .in("a", input()).out("b", new float[ROWS * COLS]).kernel(arrays -> {
                        FloatView b = arrays.floats("b");
                        return it -> {
                            if (it.index(0) == 17) {
                                throw new IllegalStateException("row 17 is bad");
                            }
                            b.set(it, 1);
                        };
                    }).splitAt(1).on(cpu, sim).run());
            assertEquals(17, e.chunk());
            assertTrue(List.of("cpu", "sim").contains(e.device()), e.device());
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldRefuseNoDevicesANullOneOrTwoOfOneName() {
        LoopNest nest = affine(new float[ROWS * COLS], new float[ROWS * COLS]);
        assertEquals("devices: none given (expected: at least one Device)",
                assertThrows(IllegalArgumentException.class, () -> nest.on()).getMessage());
        try (SimDevice one = sim("sim", 0); SimDevice two = sim("sim", 0)) {
            assertEquals("devices[1] is null (expected: a Device)",
                    assertThrows(IllegalArgumentException.class, () -> nest.on(one, null)).getMessage());
            assertEquals("devices[1] is named 'sim' like devices[0] (expected: distinct names, which the report and "
                    + "the threads use)", assertThrows(IllegalArgumentException.class,
                    () -> nest.on(new Device[] {one, two})).getMessage());
        }
    }
}
