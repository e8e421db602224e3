package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.CudaBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.device.MemoryBudget;

class CudaChecksTest {

    @Test
    void shouldNameTheOrdinalAndTheRangeOfDevices() {
        assertEquals(0, CudaChecks.ordinal(0, 1));
        assertEquals("cuda ordinal = 3 (expected: 0 to 0)", assertThrows(IllegalArgumentException.class,
                () -> CudaChecks.ordinal(3, 1)).getMessage());
        assertEquals("cuda ordinal = 0 (expected: no ordinal: there is no CUDA device)",
                assertThrows(IllegalArgumentException.class, () -> CudaChecks.ordinal(0, 0)).getMessage());
    }

    @Test
    void shouldRefuseCopiesFromHeapBuffersOrToOtherDevicesBuffers() {
        MemoryBudget budget = new MemoryBudget("sim", 1024, 1024);
        assertEquals("copyIn host = null (expected: a direct ByteBuffer)", assertThrows(IllegalArgumentException.class,
                () -> CudaChecks.copy("cuda:0", "copyIn", null, null, 1)).getMessage());
        assertEquals("copyIn host = a heap ByteBuffer (expected: a direct ByteBuffer, e.g. from allocateStaging)",
                assertThrows(IllegalArgumentException.class,
                        () -> CudaChecks.copy("cuda:0", "copyIn", ByteBuffer.allocate(8), null, 1)).getMessage());
        try (var other = budget.allocateHost(16)) {
            assertEquals("copyOut buffer = HostBuffer (expected: a CudaBuffer allocated by cuda:0)",
                    assertThrows(IllegalArgumentException.class, () -> CudaChecks.copy("cuda:0", "copyOut",
                            ByteBuffer.allocateDirect(8), other, 1)).getMessage());
        }
        assertEquals("launch input = null (expected: a CudaBuffer allocated by cuda:1)",
                assertThrows(IllegalArgumentException.class,
                        () -> CudaChecks.buffer("cuda:1", "launch input", null)).getMessage());
        assertEquals("allocate bytes = -5 (expected: 0 or more)", assertThrows(IllegalArgumentException.class,
                () -> CudaChecks.bytes("allocate bytes", -5)).getMessage());
    }

    @Test
    void shouldLeaveTheLargerOf256MibAndTenPercentToOthers() {
        assertEquals(72L << 30, CudaProperties.usableMemory(80L << 30));
        assertEquals(768L << 20, CudaProperties.usableMemory(1L << 30));
        assertEquals(0, CudaProperties.usableMemory(100L << 20));
        assertEquals(0, CudaProperties.usableMemory(0));
    }

    @Test
    void shouldDeriveArchitectureBlockSizeAndDescription() {
        CudaProperties h100 = new CudaProperties("NVIDIA H100 80GB HBM3", 80L << 30, 132, 9, 0, 1024, 1024,
                Integer.MAX_VALUE, 65_535);
        assertEquals("compute_90", h100.arch());
        assertEquals(1024, h100.maxBlock());
        assertEquals("NVIDIA H100 80GB HBM3, compute capability 9.0, 132 SMs, 80.0 GiB (72.0 GiB usable)",
                h100.describe());
        CudaProperties small = new CudaProperties("small", 1L << 30, 2, 7, 5, 512, 256, 65_535, 65_535);
        assertEquals("compute_75", small.arch());
        assertEquals(256, small.maxBlock());
    }
}
