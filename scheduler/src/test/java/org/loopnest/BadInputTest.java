package org.loopnest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.DeviceMemoryException;
import org.loopnest.kernel.ElementKernel;
import org.loopnest.report.RunReport;

/** Every bad input gets an error naming the argument and what was expected. */
class BadInputTest {
    private static final ElementKernel COPY = arrays -> {
        FloatView in = arrays.floats("T");
        FloatView out = arrays.floats("o");
        return it -> out.set(it, in.get(it));
    };

    private static String message(Runnable call) {
        return assertThrows(IllegalArgumentException.class, call::run).getMessage();
    }

    @Test
    void shouldRejectANegativeExtent() {
        assertEquals("extent[1] = -7 (expected: >= 0)", message(() -> LoopNest.of(5, -7)));
    }

    @Test
    void shouldRejectExtentsWhoseProductOverflows() {
        assertTrue(message(() -> LoopNest.of(1L << 40, 1L << 40)).contains("their product overflows a long"));
    }

    @Test
    void shouldRejectAnEmptyNestWhoseOtherExtentsOverflowBeforeAnyArrayIsBound() {
        assertEquals("extents [3, 4611686018427387904, 0]: the product of the non-zero extents overflows a long "
                + "(expected: at most " + Long.MAX_VALUE + ", even in an empty nest)",
                message(() -> LoopNest.of(3, 1L << 62, 0)));
    }

    @Test
    void shouldRejectASplitDepthOutOfRange() {
        assertEquals("split depth d = 4 (expected: 0 <= d <= 3 for a nest of depth 4)",
                message(() -> LoopNest.of(1, 2, 3, 4).splitAt(4)));
    }

    @Test
    void shouldRejectAnArrayWhoseLengthDoesNotMatch() {
        assertEquals("in 'T': length 5 does not match its indices (i0,i1) = 2×3 = 6 elements (expected: length 6)",
                message(() -> LoopNest.of(2, 3).in("T", new float[5])));
    }

    @Test
    void shouldRejectAnUnknownIndexName() {
        assertEquals("in 'p': no loop index named 'w' (expected one of: t, z)",
                message(() -> LoopNest.of(2, 3).names("t", "z").in("p", new float[3], "w")));
    }

    @Test
    void shouldRejectTheSameNameBoundTwice() {
        assertEquals("array name 'T' is bound twice (expected: distinct names)",
                message(() -> LoopNest.of(2, 3).in("T", new float[6]).in("T", new float[6])));
    }

    @Test
    void shouldRejectAnOutputThatIsAlsoAnInput() {
        float[] shared = new float[6];
        assertEquals("out 'o' is the same array as in 'T' (expected: outputs distinct from inputs and from each "
                + "other)", message(() -> LoopNest.of(2, 3).in("T", shared).out("o", shared)));
    }

    @Test
    void shouldRejectAByteBufferBoundAsInputAndOutput() {
        java.nio.ByteBuffer shared = java.nio.ByteBuffer.allocate(6 * 4);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(2, 3)
                .in("T", org.loopnest.data.Holder.of(shared, org.loopnest.data.ElementType.FLOAT))
                .out("o", org.loopnest.data.Holder.of(shared, org.loopnest.data.ElementType.FLOAT)));
        assertTrue(e.getMessage().startsWith("out 'o'"), e.getMessage());
    }

    @Test
    void shouldRejectAReadOnlyBufferAsOutput() {
        java.nio.ByteBuffer readOnly = java.nio.ByteBuffer.allocate(6 * 4).asReadOnlyBuffer();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(2, 3)
                .out("o", org.loopnest.data.Holder.of(readOnly, org.loopnest.data.ElementType.FLOAT)));
        assertEquals("out 'o': the buffer is read-only (expected: a writable buffer)", e.getMessage());
    }

    @Test
    void shouldRejectAnOutputWhoseStridesLetTwoIterationsWriteOneElement() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LoopNest.of(2, 3)
                .out("o", org.loopnest.data.Holder.strided(new float[3], 0, 0, 1)));
        assertEquals("out 'o': strides [0, 1] make two iterations write the same element (expected: for an output, "
                + "each stride larger than the span of the smaller ones, e.g. row-major or padded)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LoopNest.of(2, 3)
                .out("o", org.loopnest.data.Holder.strided(new float[8], 0, 2, 1)), "rows overlap by one element");
        float[] padded = new float[2 * 4];
        LoopNest.of(2, 3).out("o", org.loopnest.data.Holder.strided(padded, 0, 4, 1)); // padded rows: fine
        LoopNest.of(2, 3).out("o", org.loopnest.data.Holder.strided(new float[6], 0, 1, 2)); // transposed: fine
        LoopNest.of(2, 3).in("a", org.loopnest.data.Holder.strided(new float[3], 0, 0, 1)); // an input may repeat
    }

    @Test
    void shouldTreatAZeroExtentAnywhereAsAnEmptyNest() {
        long big = 1L << 31;
        assertEquals(0, org.loopnest.index.IndexSpace.of(0, big, big).count());
        assertEquals(0, org.loopnest.index.IndexSpace.of(big, big, 0).count());
        assertEquals(Long.MAX_VALUE / 2 + 1, org.loopnest.index.IndexSpace.of(Long.MAX_VALUE, 1).split(1, 2)
                .chunkCount(), "no overflow rounding up");
    }

    @Test
    void shouldRejectARunWithoutKernel() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LoopNest.of(2, 3).in("T", new float[6]).run());
        assertEquals("no kernel (expected: call kernel(...), blockKernel(...) or deviceCode(...) before run())", e.getMessage());
    }

    @Test
    void shouldRejectARaggedJaggedArray() {
        float[][] ragged = {new float[3], new float[2]};
        assertEquals("in 'T': jagged row [1] has length 2 (expected: 3)",
                message(() -> LoopNest.of(2, 3).in("T", ragged)));
    }

    @Test
    void shouldRejectFewerThanOneBuffer() {
        assertEquals("buffers = 0 (expected: 1 to 1024)", message(() -> LoopNest.of(2, 3).buffers(0)));
    }

    @Test
    void shouldRejectMoreBuffersThanTheMostAPipelineCanUse() {
        assertEquals("buffers = 1073741824 (expected: 1 to 1024)",
                message(() -> LoopNest.of(2, 3).buffers(1 << 30)));
        assertEquals("buffers = 1025 (expected: 1 to 1024)", message(() -> LoopNest.of(2, 3).buffers(1025)));
        assertEquals(1024, LoopNest.of(2, 3).in("T", new float[6]).out("o", new float[6]).kernel(COPY)
                .buffers(1024).run().inputBuffers());
    }

    @Test
    void shouldRejectADeviceBudgetSmallerThanOneIterationsData() {
        try (SimDevice tiny = new SimDevice(SimConfig.builder().memory(16).build())) {
            LoopNest nest = LoopNest.of(4, 100).in("T", new float[400]).out("o", new float[400]).kernel(COPY)
                    .on(tiny);
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class, nest::run);
            assertTrue(e.getMessage().startsWith("no split fits: even the smallest chunk (d=1, 100 iterations) "
                    + "needs 2 × 400 in + 2 × 400 out + 0 resident = 1600 bytes (one iteration moves about 8 "
                    + "bytes), but device sim offers 16 bytes"), e.getMessage());
            assertEquals(1600, e.neededBytes());
            assertEquals(16, e.offeredBytes());
        }
    }

    @Test
    void shouldSayWhatAnExplicitSplitNeedsAndWhatTheDeviceOffers() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(2000).build())) {
            LoopNest nest = LoopNest.of(4, 100).in("T", new float[400]).out("o", new float[400]).kernel(COPY)
                    .on(sim).splitAt(0);
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class, nest::run);
            assertTrue(e.getMessage().startsWith("split d=0, r=1 does not fit: one chunk needs 2 × 0 in + 2 × 1600 "
                    + "out + 1600 resident = 4800 bytes"), e.getMessage());
            assertTrue(e.getMessage().contains("but device sim offers 2000 bytes"), e.getMessage());
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldFitAChunkWithFewerOutputBuffersAndNameBothCountsWhenItDoesNot() {
        float[] in = new float[400];
        for (int k = 0; k < in.length; k++) {
            in[k] = k;
        }
        try (SimDevice sim = new SimDevice(SimConfig.builder().memory(4000).build())) {
            DeviceMemoryException e = assertThrows(DeviceMemoryException.class, () -> LoopNest.of(4, 100)
                    .in("T", in).out("o", new float[400]).kernel(COPY).on(sim).splitAt(0).buffers(2, 2).run());
            assertTrue(e.getMessage().startsWith("split d=0, r=1 does not fit: one chunk needs 2 × 0 in + 2 × 1600 "
                    + "out + 1600 resident = 4800 bytes"), e.getMessage());
            assertTrue(e.getMessage().contains("use a deeper split, a smaller group or fewer input or output buffers"),
                    e.getMessage());
            assertEquals(4800, e.neededBytes());
            float[] out = new float[400];
            RunReport report = LoopNest.of(4, 100).in("T", in).out("o", out).kernel(COPY).on(sim).splitAt(0)
                    .buffers(2, 1).run();
            assertEquals(1, report.outputBuffers());
            assertEquals(2, report.inputBuffers());
            assertTrue(report.splitReason().endsWith("one chunk needs 2 × 0 in + 1 × 1600 out + 1600 resident = 3200 "
                    + "bytes of 4000 bytes of sim memory"), report.splitReason());
            assertArrayEquals(in, out);
            assertEquals(0, sim.usedBytes());
        }
    }

    @Test
    void shouldNameTheBufferCountOutOfRange() {
        LoopNest nest = LoopNest.of(2, 2).in("T", new float[4]).out("o", new float[4]).kernel(COPY);
        assertEquals("inputBuffers = 0 (expected: 1 to 1024)", assertThrows(IllegalArgumentException.class,
                () -> nest.buffers(0, 2)).getMessage());
        assertEquals("outputBuffers = 1025 (expected: 1 to 1024)", assertThrows(IllegalArgumentException.class,
                () -> nest.buffers(1, 1025)).getMessage());
        assertEquals("buffers = -1 (expected: 1 to 1024)", assertThrows(IllegalArgumentException.class,
                () -> nest.buffers(-1)).getMessage());
    }

    @Test
    void shouldRunAnEmptyNestAsNothingToDo() {
        RunReport report = LoopNest.of(3, 0, 4).in("T", new float[0]).out("o", new float[0]).kernel(COPY).run();
        assertEquals(0, report.chunks());
        assertEquals(0, report.iterations());
        assertTrue(report.notes().contains("the nest is empty (an extent is 0): nothing to do"), report.toString());
    }

    @Test
    void shouldRejectAtPlanAKernelAskingForAnUnknownArrayOrTheWrongType() {
        assertEquals("kernel: doubles(\"T\"): in 'T' holds float elements (expected: double; use floats(\"T\"))",
                message(() -> LoopNest.of(2, 3).in("T", new float[6]).out("o", new float[6]).kernel(arrays -> {
                    arrays.doubles("T");
                    return it -> { };
                }).plan()));
        assertEquals("kernel: floats(\"Tx\"): no array of that name (expected one of: T, o)",
                message(() -> LoopNest.of(2, 3).in("T", new float[6]).out("o", new float[6]).kernel(arrays -> {
                    arrays.floats("Tx");
                    return it -> { };
                }).plan()));
    }

    @Test
    void shouldRejectAKernelWritingAnInput() {
        var failure = assertThrows(org.loopnest.error.StageFailedException.class, () -> LoopNest.of(2, 3)
                .in("T", new float[6]).out("o", new float[6]).kernel(arrays -> {
                    FloatView t = arrays.floats("T");
                    return it -> t.set(it, 1);
                }).run());
        assertTrue(failure.getMessage().contains("in 'T' is an input (expected: kernels write only outputs)"),
                failure.getMessage());
    }
}
