package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;

/**
 * The pipeline on a sim whose copies and kernels share one engine ({@link SimConfig.Engines#SHARED}, the perf
 * module's serial baseline): every chunk arrives, with any number of buffers each way, although no operation of the
 * device can start before the one submitted before it has ended.
 */
class OneEngineSimTest {
    private static final int ROWS = 12;
    private static final int COLS = 256;

    @ParameterizedTest(name = "B_in={0}, B_out={1}")
    @CsvSource({"1, 1", "2, 2", "1, 2", "2, 1", "3, 2"})
    void shouldRunEveryChunkOnASharedEngine(int in, int out) {
        float[] a = new float[ROWS * COLS];
        for (int k = 0; k < a.length; k++) {
            a[k] = k % 101;
        }
        float[] b = new float[a.length];
        SimConfig config = SimConfig.builder().name("sim-one").memory(1 << 20).threads(2)
                .engines(SimConfig.Engines.SHARED).build();
        try (SimDevice sim = new SimDevice(config)) {
            RunReport report = LoopNest.of(ROWS, COLS).in("a", a).out("b", b).kernel(arrays -> {
                FloatView x = arrays.floats("a");
                FloatView y = arrays.floats("b");
                return it -> y.set(it, x.get(it) * 3 + it.index(0));
            }).splitAt(1).buffers(in, out).on(sim).timeout(Duration.ofSeconds(60)).run();

            assertEquals(ROWS, report.chunks());
            float[] expected = new float[a.length];
            for (int k = 0; k < a.length; k++) {
                expected[k] = a[k] * 3 + k / COLS;
            }
            assertArrayEquals(expected, b);
            assertEquals(0, sim.usedBytes(), "device memory left allocated after the run");
        }
    }
}
