package org.loopnest.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.report.ReportBuilder;

class RunPredictionTest {
    private static final RunPrediction PREDICTION = new RunPrediction(Duration.ofMillis(1), Duration.ofMillis(2),
            Duration.ofMillis(30), Duration.ofMillis(4), Stage.COPY_IN, Duration.ofMillis(10), Duration.ofMillis(2),
            Duration.ofMillis(3), "costs configured (sim)");

    private static ReportBuilder report() {
        return new ReportBuilder().nest("i=4").split(0, 1, 4, 1, "auto: 4 chunks")
                .work(2, 2, 4, 4).bytes(16, 16, 0).times(Duration.ofMillis(40), Map.of());
    }

    @Test
    void shouldAddThePartsToTheTotal() {
        assertEquals(Duration.ofMillis(37), PREDICTION.total());
        assertTrue(PREDICTION.coversKernel());
    }

    @Test
    void shouldShowThePredictionBesideTheWallTimeInTheText() {
        String text = report().prediction(PREDICTION).build().toString();
        assertTrue(text.contains("wall        40.0 ms\npredicted   37.000 ms = setup 1.000 ms + fill 2.000 ms + "
                + "steady 30.000 ms + drain 4.000 ms (slowest engine copy-in; per chunk copy-in 10.000 ms, kernel "
                + "2.000 ms, copy-out 3.000 ms; costs configured (sim))"), text);
    }

    @Test
    void shouldWriteThePredictionAndItsPartsToJson() {
        RunReport r = report().prediction(PREDICTION).build();
        assertEquals(Optional.of(PREDICTION), r.prediction());
        assertTrue(r.toJson().contains("\"prediction\":{\"totalNanos\":37000000,\"setupNanos\":1000000,"
                + "\"fillNanos\":2000000,\"steadyNanos\":30000000,\"drainNanos\":4000000,\"bottleneck\":\"copy-in\","
                + "\"copyInPerChunkNanos\":10000000,\"kernelPerChunkNanos\":2000000,\"copyOutPerChunkNanos\":3000000,"
                + "\"basis\":\"costs configured (sim)\"}"), r.toJson());
    }

    @Test
    void shouldSayNothingPredictedWhenNoModelWasUsed() {
        RunReport r = report().build();
        assertEquals(Optional.empty(), r.prediction());
        assertTrue(r.toJson().contains("\"prediction\":null"), r.toJson());
        assertTrue(!r.toString().contains("predicted"), r.toString());
    }

    @Test
    void shouldPrintNoPredictedTimeWhenThePredictionLeavesTheKernelOut() {
        RunPrediction fixedCostsOnly = new RunPrediction(Duration.ZERO, Duration.ZERO, Duration.ofNanos(834_000),
                Duration.ZERO, Stage.KERNEL, Duration.ZERO, Duration.ofNanos(6_000), Duration.ZERO,
                "costs calibrated (cpu: 6.0 µs per launch, once per process); kernel rate unknown: only its per-chunk "
                        + "cost counted", false);
        RunReport r = report().prediction(fixedCostsOnly).build();
        String text = r.toString();
        assertTrue(text.contains("wall        40.0 ms\npredicted   no prediction: the kernel's rate is not known yet\n"),
                text);
        assertTrue(!text.contains("0.834 ms"), text);
        assertEquals(Optional.empty(), r.prediction());
        assertTrue(r.toJson().contains("\"prediction\":null"), r.toJson());
    }

    @Test
    void shouldRefuseANegativePartNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new RunPrediction(
                Duration.ZERO, Duration.ofMillis(-1), Duration.ZERO, Duration.ZERO, Stage.KERNEL, Duration.ZERO,
                Duration.ZERO, Duration.ZERO, "x"));
        assertEquals("fill = PT-0.001S (expected: >= 0)", e.getMessage());
    }
}
