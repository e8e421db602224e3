package org.loopnest.examples.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.data.ElementType;
import org.loopnest.data.FileHolder;
import org.loopnest.data.Holder;

class OutputComparisonTest {
    @TempDir
    Path dir;

    private final NestShape nest = NestShape.resolve(List.of(), List.of("y", "x"), List.of(3L, 100_000L));

    @Test
    void shouldFindEqualFilesOfOtherByteOrdersAndOffsetsEqualNaNsIncluded() throws IOException {
        float[] values = values();
        values[7] = Float.NaN;
        FileHolder a = floats("a.bin", values, ByteOrder.BIG_ENDIAN, 12);
        FileHolder b = floats("b.bin", values, ByteOrder.LITTLE_ENDIAN, 0);
        OutputComparison.Result r = OutputComparison.compare("v", a, b, nest, 0);
        assertTrue(r.passed(), r.toString());
        assertEquals(300_000, r.values());
    }

    @Test
    void shouldCountDifferencesAndListTheFirstWithTheirIndices() throws IOException {
        float[] values = values();
        float[] other = values.clone();
        for (int i = 150_000; i < 150_010; i++) {
            other[i] += 1f;
        }
        OutputComparison.Result r = OutputComparison.compare("v", floats("a.bin", values, ByteOrder.LITTLE_ENDIAN, 0),
                floats("b.bin", other, ByteOrder.LITTLE_ENDIAN, 0), nest, 0);
        assertEquals(10, r.differences());
        assertEquals(OutputComparison.SHOWN, r.first().size());
        assertEquals("v[y=1, x=50000]: 150000.0 vs 150001.0", r.first().get(0));
        OutputComparison.Result tolerant = OutputComparison.compare("v", floats("c.bin", values,
                ByteOrder.LITTLE_ENDIAN, 0), floats("d.bin", other, ByteOrder.LITTLE_ENDIAN, 0), nest, 1e-5);
        assertTrue(tolerant.passed(), "1 in 150000 is within 1e-5: " + tolerant);
    }

    private static float[] values() {
        float[] v = new float[300_000];
        for (int i = 0; i < v.length; i++) {
            v[i] = i;
        }
        return v;
    }

    private FileHolder floats(String name, float[] values, ByteOrder order, int offset) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(offset + values.length * 4).order(order);
        b.position(offset);
        b.asFloatBuffer().put(values);
        Path file = Files.write(dir.resolve(name), b.array());
        return Holder.file(file, ElementType.FLOAT, order, offset);
    }
}
