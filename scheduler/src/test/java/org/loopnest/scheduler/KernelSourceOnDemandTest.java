package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.RunSpec;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.KernelSyntaxException;
import org.loopnest.internal.lang.KernelContext;
import org.loopnest.internal.lang.KernelContext.ArraySignature;
import org.loopnest.internal.lang.KernelLanguage;
import org.loopnest.internal.lang.Type;
import org.loopnest.kernel.DeviceCode;

/**
 * What a plan makes only when it is needed: the C source of a kernel-language body, which only devices that compile
 * kernels (OpenCL, CUDA) use, and the checked program, remembered from one plan of the same body to the next.
 */
class KernelSourceOnDemandTest {
    private static final int N = 64;

    private static LoopNest nest(float[] a, float[] b) {
        return LoopNest.of(4, N / 4).names("r", "i").in("a", a).out("b", b).deviceCode("b = 3.0f * a;");
    }

    @Test
    void shouldTellAJavaDeviceNoKernelSourceAndStillGiveItWhenThePlanIsAsked() {
        float[] a = new float[N];
        for (int k = 0; k < N; k++) {
            a[k] = k;
        }
        float[] b = new float[N];
        List<RunSpec> told = new ArrayList<>();
        try (CpuDevice cpu = new CpuDevice(1); ForwardingDevice recording = new ForwardingDevice(cpu) {
            @Override
            public void beginRun(RunSpec run) {
                told.add(run);
                super.beginRun(run);
            }
        }) {
            RunPlan plan = nest(a, b).on(recording).plan();
            try (Execution run = plan.start()) {
                run.await();
            }
            assertEquals(1, told.size(), "one run begun");
            assertEquals(null, told.get(0).kernelSource(), "a Java device is told no C source (it never reads one)");
            assertNotNull(plan.kernelSource(), "made when asked");
            assertTrue(plan.kernelSource().entryPoint().length() > 0);
            assertSame(plan.kernelSource(), plan.kernelSource(), "made once");
        }
        float[] expected = new float[N];
        for (int k = 0; k < N; k++) {
            expected[k] = 3.0f * a[k];
        }
        assertArrayEquals(expected, b);
    }

    @Test
    void shouldRememberACheckedProgramAndNeverABodyThatFails() {
        KernelContext context = new KernelContext(List.of("i"), List.of(new ArraySignature("a", Type.FLOAT,
                org.loopnest.data.Role.IN), new ArraySignature("b", Type.FLOAT, org.loopnest.data.Role.OUT)));
        DeviceCode code = DeviceCode.of("b = a * 2.0f;");
        assertSame(KernelLanguage.checkRemembered(code, context),
                KernelLanguage.checkRemembered(DeviceCode.of("b = a * 2.0f;"), context), "the same text and context");
        DeviceCode bad = DeviceCode.of("b = a * ;");
        KernelSyntaxException first = assertThrows(KernelSyntaxException.class,
                () -> KernelLanguage.checkRemembered(bad, context));
        KernelSyntaxException again = assertThrows(KernelSyntaxException.class,
                () -> KernelLanguage.checkRemembered(bad, context));
        assertEquals(first.getMessage(), again.getMessage());
    }
}
