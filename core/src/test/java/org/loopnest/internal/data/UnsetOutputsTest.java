package org.loopnest.internal.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Array;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.loopnest.data.ArrayBinding;
import org.loopnest.data.ElementType;
import org.loopnest.data.Holder;
import org.loopnest.data.Role;
import org.loopnest.index.IndexSpace;
import org.loopnest.index.Split;

/** Clearing a block's output elements touches exactly those elements, whatever holds the output. */
class UnsetOutputsTest {
    private static final float SENTINEL = -7f;
    private final IndexSpace space = IndexSpace.of(3, 4).withNames("y", "x");
    private final Split split = space.split(1, 1);

    /** Clears chunk 1 (y = 1), local block [1, 3): elements (1, 1) and (1, 2). */
    private void clearBlock(Object output) {
        UnsetOutputs.clear(ArrayBinding.of("o", Role.OUT, output, space), split.cursor(split.chunk(1), 1, 3));
    }

    private static void assertCleared(String kind, ElementAt element) {
        for (int y = 0; y < 3; y++) {
            for (int x = 0; x < 4; x++) {
                float expected = y == 1 && (x == 1 || x == 2) ? 0 : SENTINEL;
                assertEquals(expected, element.at(y, x), kind + " (" + y + ", " + x + ")");
            }
        }
    }

    private interface ElementAt {
        float at(int y, int x);
    }

    @Test
    void shouldClearTheBlocksElementsOfAFlatArray() {
        float[] flat = filled(12);
        clearBlock(flat);
        assertCleared("flat", (y, x) -> flat[y * 4 + x]);
    }

    @Test
    void shouldClearTheBlocksElementsOfATransposedArray() {
        float[] transposed = filled(12);
        clearBlock(Holder.strided(transposed, 0, 1, 3));
        assertCleared("strided", (y, x) -> transposed[x * 3 + y]);
    }

    @Test
    void shouldClearTheBlocksElementsOfAJaggedArray() {
        float[][] jagged = {filled(4), filled(4), filled(4)};
        clearBlock(jagged);
        assertCleared("jagged", (y, x) -> jagged[y][x]);
    }

    @Test
    void shouldClearTheBlocksElementsOfADirectBufferAfterItsPosition() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(4 + 12 * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int k = 0; k < 13; k++) {
            bytes.putFloat(k * 4, SENTINEL);
        }
        bytes.position(4);
        clearBlock(Holder.of(bytes, ElementType.FLOAT));
        assertEquals(SENTINEL, bytes.getFloat(0), "before the position");
        assertCleared("buffer", (y, x) -> bytes.getFloat(4 + (y * 4 + x) * 4));
    }

    @Test
    void shouldClearEveryElementType() {
        for (ElementType type : ElementType.values()) {
            Object array = Array.newInstance(type.primitive(), 12);
            for (int k = 0; k < 12; k++) {
                Array.set(array, k, type == ElementType.FLOAT ? (Object) SENTINEL : type == ElementType.DOUBLE
                        ? (Object) (double) SENTINEL : type == ElementType.INT ? (Object) (int) SENTINEL
                        : (Object) (long) SENTINEL);
            }
            clearBlock(array);
            assertCleared(type.toString(), (y, x) -> ((Number) Array.get(array, y * 4 + x)).floatValue());
        }
    }

    private static float[] filled(int n) {
        float[] a = new float[n];
        Arrays.fill(a, SENTINEL);
        return a;
    }
}
