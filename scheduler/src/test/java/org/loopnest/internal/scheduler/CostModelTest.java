package org.loopnest.internal.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.loopnest.device.DeviceCosts;
import org.loopnest.report.RunPrediction;
import org.loopnest.report.Stage;

class CostModelTest {
    /** Per full chunk of 1000 iterations, 1000 bytes each way: copy-in 1 s, copy-out 0.25 s, kernel 1000 / rate. */
    private static DeviceCosts costs(double kernelRate) {
        return new DeviceCosts(Duration.ZERO, Duration.ZERO, 1000, 4000, kernelRate, "hand-made");
    }

    private static RunShape chunks(long n, long last, int buffers) {
        return new RunShape(n, 1000, last, 1000, 1000, 0, buffers);
    }

    private static Duration s(double seconds) {
        return Duration.ofNanos(Math.round(seconds * 1e9));
    }

    @Test
    void shouldLetCopyInSetThePaceWhenItDominates() {
        RunPrediction p = CostModel.predict(costs(2000), chunks(4, 1000, 3)); // in 1, kernel 0.5, out 0.25
        assertEquals(Stage.COPY_IN, p.bottleneck());
        assertEquals(Duration.ZERO, p.fill(), "copy-in is the first engine: nothing before it");
        assertEquals(s(4), p.steady(), "4 chunks, 1 s apart");
        assertEquals(s(0.75), p.drain(), "the last chunk's kernel and copy-out");
        assertEquals(s(4.75), p.total());
        assertEquals(s(0.5), p.kernel());
    }

    @Test
    void shouldLetTheKernelSetThePaceWhenItDominates() {
        RunPrediction p = CostModel.predict(costs(500), chunks(4, 1000, 3)); // in 1, kernel 2, out 0.25
        assertEquals(Stage.KERNEL, p.bottleneck());
        assertEquals(s(1), p.fill());
        assertEquals(s(8), p.steady());
        assertEquals(s(0.25), p.drain());
        assertEquals(s(9.25), p.total());
    }

    @Test
    void shouldHoldTheNextCopyInForThePreviousKernelWithOneBufferEachWay() {
        RunPrediction p = CostModel.predict(costs(2000), chunks(4, 1000, 1)); // in 1, kernel 0.5, out 0.25
        assertEquals(s(3 * 1.5 + 1), p.steady(), "period t_in + t_k = 1.5 s: the input buffer is held through the "
                + "kernel, while the previous chunk's copy-out overlaps the next copy-in");
        assertEquals(s(6.25), p.total());
    }

    @Test
    void shouldOverlapAllThreeEnginesOfABalancedNestWithTwoBuffersEachWay() {
        DeviceCosts balanced = new DeviceCosts(Duration.ZERO, Duration.ZERO, 1000, 1000, 1000, "hand-made");
        RunPrediction p = CostModel.predict(balanced, chunks(4, 1000, 2)); // 1 s each
        assertEquals(s(3 * 1 + 1), p.steady(), "period max(1, (1 + 1) / 2, (1 + 1) / 2) = 1 s");
        assertEquals(s(6), p.total());
        RunPrediction shared = CostModel.predict(balanced, new RunShape(4, 1000, 1000, 1000, 1000, 0,
                new BufferCounts(2, 1))); // one output buffer: held through kernel and copy-out
        assertEquals(s(3 * 2 + 1), shared.steady(), "period (t_k + t_out) / 1 = 2 s");
    }

    @Test
    void shouldCountTheShorterLastChunkAndTheResidentCopy() {
        DeviceCosts withLatency = new DeviceCosts(Duration.ZERO, Duration.ofMillis(500), 1000, 4000, 2000, "x");
        RunPrediction p = CostModel.predict(withLatency, new RunShape(2, 1000, 500, 1000, 1000, 2000, 3));
        assertEquals(s(2.5), p.setup(), "latency 0.5 s + 2000 bytes at 1000 B/s");
        assertEquals(s(1.5), p.copyIn());
        assertEquals(s(1.5 + 1.0), p.steady(), "one full period, then the last chunk's copy-in: 0.5 + 0.5 s");
        assertEquals(s(0.25 + 0.5 + 0.125), p.drain(), "the last chunk's kernel and copy-out");
    }

    @Test
    void shouldAddThePerChunkCostToEveryEngine() {
        DeviceCosts fixed = new DeviceCosts(Duration.ofMillis(100), Duration.ZERO, 1000, 4000, 2000, "x");
        RunPrediction p = CostModel.predict(fixed, chunks(1, 1000, 2));
        assertEquals(s(1.1), p.copyIn());
        assertEquals(s(0.6), p.kernel());
        assertEquals(s(0.35), p.copyOut());
        assertEquals(s(2.05), p.total());
    }

    @Test
    void shouldCountNoCopyOnAHostAddressableDeviceAndSayWhenTheKernelRateIsUnknown() {
        DeviceCosts host = new DeviceCosts(Duration.ofMillis(1), Duration.ofMillis(5), Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY, 0, "configured");
        RunPrediction p = CostModel.predict(host, chunks(3, 1000, 2));
        assertEquals(Duration.ZERO, p.copyIn());
        assertEquals(Duration.ZERO, p.copyOut());
        assertEquals(s(0.003), p.total(), "three chunks of per-chunk cost on the kernel engine");
        assertEquals("costs configured; kernel rate unknown: only its per-chunk cost counted", p.basis());
        assertFalse(p.coversKernel(), "a prediction without the kernel's rate does not cover the run");
    }

    @Test
    void shouldPredictOnlyTheSetupForAnEmptyNest() {
        RunPrediction p = CostModel.predict(costs(2000), new RunShape(0, 0, 0, 0, 0, 0, 2));
        assertEquals(Duration.ZERO, p.total());
    }

    @Test
    void shouldRefuseALastChunkLargerThanAFullOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> chunks(2, 1001, 2));
        assertEquals("lastIterations = 1001 (expected: <= iterations = 1000)", e.getMessage());
    }

    @Test
    void shouldRefuseNoBufferSet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> chunks(2, 1000, 0));
        assertEquals("buffers = 0 (expected: 1 to 1024)", e.getMessage());
    }
}
