package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.internal.kernel.Kernel;

class TranscendentalKernelTest {

    @Test
    void shouldBeRebuildableByClassNameAsAWorkerNodeDoes() {
        Kernel kernel = Kernel.fromClassName(TranscendentalKernel.class.getName(), null);

        assertEquals("per-element", kernel.toString());
    }

    @Test
    void shouldWriteTheMapOfEachInputElementToTheOutput() {
        float[] a = {-5f, -1f, 0f, 0.5f, 3f, 7.25f};
        float[] b = new float[a.length];

        try (CpuDevice cpu = new CpuDevice(2)) {
            LoopNest.of(2, 3).in("a", a).out("b", b).kernel(new TranscendentalKernel()).on(cpu).run();
        }

        for (int k = 0; k < a.length; k++) {
            assertEquals(TranscendentalKernel.apply(a[k]), b[k], "b[" + k + "]");
            assertTrue(Float.isFinite(b[k]), "b[" + k + "] = " + b[k]);
        }
        assertTrue(b[0] != b[1] && b[4] != b[5], "different inputs give different outputs");
    }
}
