package org.loopnest.device.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.internal.lang.jvm.JvmCompiler;

/**
 * A kernel-language body over file-backed arrays (the command line's usual run) is compiled once, when the nest is
 * planned, for the layout the run on the cpu reaches the files with (buffers): the run finds it compiled.
 */
class CpuCompileOnceTest {
    private static final int OUTER = 4;
    private static final int INNER = 1024;

    @Test
    void shouldCompileABodyOverFilesOnceForPlanAndRun(@TempDir Path dir) throws IOException {
        Path in = dir.resolve("a.f32");
        Path out = dir.resolve("b.f32");
        ByteBuffer bytes = ByteBuffer.allocate(OUTER * INNER * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < OUTER * INNER; k++) {
            bytes.putFloat(k);
        }
        Files.write(in, bytes.array());
        long before = JvmCompiler.shared().compilations();
        try (CpuDevice cpu = new CpuDevice(2)) {
            LoopNest.of(OUTER, INNER).in("a", Holder.file(in, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                    .out("b", Holder.file(out, ElementType.FLOAT, ByteOrder.LITTLE_ENDIAN, 0))
                    .deviceCode("b = a * 2.0f + 91.125f;") // a body no other test compiles
                    .splitAt(1).on(cpu).run();
        }
        assertEquals(1, JvmCompiler.shared().compilations() - before, "Janino compilations of the body");
        ByteBuffer written = ByteBuffer.wrap(Files.readAllBytes(out)).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(3 * 2.0f + 91.125f, written.getFloat(3 * Float.BYTES));
    }
}
