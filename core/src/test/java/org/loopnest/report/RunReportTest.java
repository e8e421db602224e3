package org.loopnest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.loopnest.internal.report.ReportBuilder;
import org.junit.jupiter.api.Test;

class RunReportTest {
    private static ReportBuilder twoDevices() {
        return new ReportBuilder().nest("i=4 × j=8").split(0, 1, 4, 8, "given: splitAt(0)")
                .work(2, 2, 4, 32).bytes(100, 50, 10).times(Duration.ofMillis(10), Map.of(Stage.KERNEL,
                        Duration.ofMillis(8)))
                .device("cpu", 3, Map.of(Stage.KERNEL, Duration.ofMillis(6)), null)
                .device("opencl:0", 1, Map.of(Stage.KERNEL, Duration.ofMillis(2), Stage.COPY_IN,
                        Duration.ofMillis(1)), Map.of(Stage.KERNEL, Duration.ofMillis(1)))
                .note("a note");
    }

    @Test
    void shouldOfferNoPublicConstructorForAReportOrADeviceReport() {
        assertEquals(0, RunReport.class.getConstructors().length, "a report is made by the runtime only");
        assertEquals(0, DeviceReport.class.getConstructors().length, "a device report is made by the runtime only");
    }

    @Test
    void shouldKeepEachDevicesFiguresInOneReportInTheOrderGiven() {
        RunReport report = twoDevices().build();
        assertEquals(List.of("cpu", "opencl:0"), report.devices());
        DeviceReport cpu = report.perDevice().get(0);
        DeviceReport opencl = report.perDevice().get(1);
        assertEquals(3, cpu.chunks());
        assertEquals(Duration.ofMillis(6), cpu.busy().get(Stage.KERNEL));
        assertEquals(Duration.ZERO, cpu.busy().get(Stage.SERIALIZE), "a stage left out counts as zero");
        assertEquals(Optional.empty(), cpu.measured());
        assertEquals(Optional.of(Map.of(Stage.KERNEL, Duration.ofMillis(1))), opencl.measured());
        assertEquals(report.chunks(), cpu.chunks() + opencl.chunks());
    }

    @Test
    void shouldWriteThePerDeviceFiguresUnderTheSameTextAndJsonKeysAsBefore() {
        RunReport report = twoDevices().build();
        assertTrue(report.toString().contains("\ncpu         3 chunks, kernel busy 6.0 ms, copy-in 0.0 ms\n"
                + "opencl:0    1 chunks, kernel busy 2.0 ms, copy-in 1.0 ms\n"
                + "measured    opencl:0 by its own clock: copy-in 0.0 ms, kernel 1.0 ms, copy-out 0.0 ms\n"
                + "note        a note"), report.toString());
        String json = report.toJson();
        assertTrue(json.contains("\"chunksPerDevice\":{\"cpu\":3,\"opencl:0\":1}"), json);
        assertTrue(json.contains("\"measuredNanosPerDevice\":{\"opencl:0\":{\"kernel\":1000000}}"), json);
        assertTrue(json.contains("\"busyNanosPerDevice\":{\"cpu\":{\"serialize\":0,\"copy-in\":0,\"kernel\":6000000,"),
                json);
    }

    @Test
    void shouldSayHowEachJavaDeviceRanTheKernelAndNothingForACompiledOne() {
        RunReport report = new ReportBuilder().nest("i=4").split(0, 1, 1, 4, "given: splitAt(0)").work(2, 2, 1, 4)
                .times(Duration.ofMillis(1), Map.of())
                .device("cpu", 1, Map.of(), null, "vector (FloatVector 512-bit, 16 lanes)")
                .device("node0", 0, Map.of(), null, "scalar: asked for")
                .device("opencl:0", 0, Map.of(), null, null).build();
        assertEquals(Optional.of("vector (FloatVector 512-bit, 16 lanes)"), report.perDevice().get(0).kernelPath());
        assertEquals(Optional.empty(), report.perDevice().get(2).kernelPath());
        assertTrue(report.toString().endsWith("\nkernel path: vector (FloatVector 512-bit, 16 lanes) (cpu)"
                + "\nkernel path: scalar: asked for (node0)"), report.toString());
        assertTrue(report.toJson().contains("\"kernelPathPerDevice\":{\"cpu\":\"vector (FloatVector 512-bit, 16 "
                + "lanes)\",\"node0\":\"scalar: asked for\"}"), report.toJson());
    }

    @Test
    void shouldGiveTheKernelPathWithoutTheDeviceNameForARunOnOneDevice() {
        RunReport report = new ReportBuilder().nest("i=4").split(0, 1, 1, 4, "given: splitAt(0)").work(2, 2, 1, 4)
                .times(Duration.ofMillis(1), Map.of()).device("cpu", 1, Map.of(), null, "Java body").note("n")
                .build();
        assertTrue(report.toString().endsWith("\nkernel path: Java body\nnote        n"), report.toString());
    }

    @Test
    void shouldNotChangeAReportWhenItsBuilderChangesAfterwards() {
        ReportBuilder builder = twoDevices();
        RunReport report = builder.build();
        builder.device("late", 1, Map.of(), null).note("late");
        assertEquals(List.of("cpu", "opencl:0"), report.devices());
        assertEquals(List.of("a note"), report.notes());
    }

    @Test
    void shouldRefuseANegativeChunkCountNamingTheDevice() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new ReportBuilder().device("cpu", -1, Map.of(), null));
        assertEquals("chunks of device cpu = -1 (expected: >= 0)", e.getMessage());
    }
}
