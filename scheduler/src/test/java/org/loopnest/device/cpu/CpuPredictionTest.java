package org.loopnest.device.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.kernel.DeviceCode;
import org.loopnest.report.RunPrediction;
import org.loopnest.report.RunReport;

/**
 * The cpu knows its per-chunk cost but not a kernel's rate: its report shows no predicted time until a run of the
 * same body has measured the rate, rather than a time that leaves the kernel out (0.8 ms predicted for a 3 s run).
 */
class CpuPredictionTest {
    private static final int OUTER = 256;
    private static final int INNER = 4096;

    private static RunReport run(DeviceCode body) {
        float[] a = new float[OUTER * INNER];
        for (int i = 0; i < a.length; i++) {
            a[i] = i % 97;
        }
        return LoopNest.of(OUTER, INNER).in("a", a).out("b", new float[a.length]).deviceCode(body)
                .on(CpuDevice.shared()).run();
    }

    @Test
    void shouldPrintNoPredictedTimeUntilTheKernelsRateIsKnown() {
        DeviceCode body = DeviceCode.of("b = sqrt(a * 7.25f + 0.5f) / (1.0f + a);"); // a body no other test runs
        RunReport first = run(body);
        assertTrue(CpuDevice.shared().costs().isPresent(), "the cpu describes its per-chunk cost");
        assertEquals(Optional.empty(), first.prediction(), first.toString());
        assertTrue(first.toString().contains("\npredicted   " + RunPrediction.KERNEL_RATE_UNKNOWN + "\n"),
                first.toString());
        assertFalse(first.toString().contains("kernel rate unknown"), first.toString());

        RunReport second = run(body); // the first run measured the body's rate on this device
        RunPrediction predicted = second.prediction().orElseThrow(() -> new AssertionError(second.toString()));
        assertTrue(predicted.coversKernel());
        assertTrue(second.toString().contains("\npredicted   " + predicted + "\n"), second.toString());
        assertTrue(predicted.basis().contains("from the last run of this body"), predicted.basis());
    }
}
