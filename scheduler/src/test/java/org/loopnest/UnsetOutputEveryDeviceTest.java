package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * An output element a Java body leaves unset comes back as 0 on the Java devices: not the array's old value (cpu,
 * which writes the user's array in place), not an earlier chunk's result (sim, which reuses its chunk buffers). A
 * kernel-language body cannot leave one unset (the checker refuses it), so its version of the same nest writes the 0
 * itself and OpenCL gives the same elements.
 */
class UnsetOutputEveryDeviceTest {
    private static final int Y = 6;
    private static final int X = 8;
    private static final float SENTINEL = -7f;

    /**
     * Sets {@code o = 1 + y·X + x} where {@code x >= y} only: one chunk per {@code y}, so each chunk leaves unset
     * elements that every earlier chunk set.
     */
    private static float[] runUpperTriangle(Device device, int buffers) {
        float[] out = new float[Y * X];
        Arrays.fill(out, SENTINEL);
        LoopNest.of(Y, X).names("y", "x").in("a", new float[Y * X]).out("o", out).splitAt(1).buffers(buffers)
                .kernel(arrays -> {
                    FloatView o = arrays.floats("o");
                    return it -> {
                        if (it.index(1) >= it.index(0)) {
                            o.set(it, 1 + it.flat());
                        }
                    };
                })
                .deviceCode("o = x >= y ? (float) (1 + y * " + X + " + x) : 0.0f;")
                .on(device).run();
        return out;
    }

    private static void assertSetOrZero(float[] out, String device) {
        for (int y = 0; y < Y; y++) {
            for (int x = 0; x < X; x++) {
                float expected = x >= y ? 1 + y * X + x : 0;
                assertEquals(expected, out[y * X + x], device + ": o[" + y + ", " + x + "]");
            }
        }
    }

    @Test
    void shouldGiveZeroForAnUnsetElementOnTheCpuRatherThanTheOldValue() {
        try (CpuDevice cpu = new CpuDevice(2)) {
            assertSetOrZero(runUpperTriangle(cpu, 2), "cpu");
        }
    }

    @Test
    void shouldGiveZeroForAnUnsetElementOnTheSimulatorRatherThanAnEarlierChunksResult() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(2).build())) {
            for (int buffers = 1; buffers <= 2; buffers++) {
                assertSetOrZero(runUpperTriangle(sim, buffers), "sim with " + buffers + " buffer sets");
            }
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldRefuseAKernelLanguageBodyThatLeavesAnOutputUnset() {
        org.loopnest.error.KernelSyntaxException e = org.junit.jupiter.api.Assertions.assertThrows(
                org.loopnest.error.KernelSyntaxException.class, () -> LoopNest.of(Y, X).names("y", "x")
                        .out("o", new float[Y * X]).deviceCode("if (x >= y) { o = 1.0f; }").plan());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().startsWith("kernel body 1:"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains("output o not assigned on every path"),
                e.getMessage());
    }

    @Test
    @Tag("opencl")
    void shouldGiveZeroForAnUnsetElementOnOpenCl() {
        OpenClSupport.assumeOpenCl();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            assertSetOrZero(runUpperTriangle(opencl, 2), "opencl");
        }
    }
}
