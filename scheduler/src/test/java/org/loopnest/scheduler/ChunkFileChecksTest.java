package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteOrder;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.FloatView;
import org.loopnest.data.Holder;
import org.loopnest.device.cpu.CpuDevice;

/**
 * The cpu checks a chunk's mapped files once, after the chunk's last block, not after each of its blocks: on a network
 * file system every check costs up to a millisecond.
 */
class ChunkFileChecksTest {
    private static final int OUTER = 4;
    private static final int INNER = 64 * 1024; // 16 blocks a chunk on 2 threads

    @Test
    void shouldCheckEachMappedFileOncePerChunkNotPerBlock(@TempDir Path dir) {
        float[] a = new float[OUTER * INNER];
        try (CpuDevice cpu = new CpuDevice(2)) {
            long before = ChunkLaunch.FILE_CHECKS.sum();
            LoopNest.of(OUTER, INNER).in("a", a)
                    .out("b", Holder.file(dir.resolve("b.f32"), ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                    .kernel(arrays -> {
                        FloatView in = arrays.floats("a");
                        FloatView b = arrays.floats("b");
                        return it -> b.set(it, in.get(it) + 1);
                    }).splitAt(1).on(cpu).run();
            assertEquals(OUTER, ChunkLaunch.FILE_CHECKS.sum() - before, "one check of b per chunk");
        }
    }
}
