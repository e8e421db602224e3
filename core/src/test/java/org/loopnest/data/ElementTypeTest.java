package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.data.ElementCopier;

/** Each element type carries its own facts and operations; the copier reaches them through the buffer's type. */
class ElementTypeTest {

    @Test
    void shouldCarryEachTypesSizePrimitiveBufferAndCName() {
        assertFacts(ElementType.FLOAT, 4, float.class, FloatBuffer.class, "float");
        assertFacts(ElementType.DOUBLE, 8, double.class, DoubleBuffer.class, "double");
        assertFacts(ElementType.INT, 4, int.class, IntBuffer.class, "int");
        assertFacts(ElementType.LONG, 8, long.class, LongBuffer.class, "LN_I64");
    }

    private static void assertFacts(ElementType type, int bytes, Class<?> primitive, Class<?> buffer, String cName) {
        assertEquals(bytes, type.bytes(), type + " bytes");
        assertSame(primitive, type.primitive(), type + " primitive");
        assertSame(buffer, type.bufferType(), type + " buffer");
        assertEquals(cName, type.cName(), type + " C name");
        assertSame(type, ElementType.ofPrimitive(primitive));
    }

    @Test
    void shouldWrapAndViewEachTypeInItsOwnBuffer() {
        for (ElementType type : ElementType.values()) {
            Buffer wrapped = ElementCopier.wrap(java.lang.reflect.Array.newInstance(type.primitive(), 3));
            Buffer viewed = ElementCopier.typed(ByteBuffer.allocate(3 * type.bytes()), type);
            assertInstanceOf(type.bufferType(), wrapped, type + " wrap");
            assertInstanceOf(type.bufferType(), viewed, type + " typed");
            assertEquals(3, viewed.capacity(), type + " typed capacity");
            assertSame(type, ElementType.ofBuffer(wrapped));
        }
    }

    @Test
    void shouldCopyAStridedRunOfEachType() {
        long[] source = {1, 2, 3, 4, 5, 6};
        long[] target = new long[3];
        ElementCopier.copy(LongBuffer.wrap(source), 1, 2, LongBuffer.wrap(target), 0, 1, 3);
        assertArrayEquals(new long[] {2, 4, 6}, target);
        double[] doubles = new double[4];
        ElementCopier.copy(DoubleBuffer.wrap(new double[] {7, 8}), 0, 1, DoubleBuffer.wrap(doubles), 1, 2, 2);
        assertArrayEquals(new double[] {0, 7, 0, 8}, doubles);
        int[] ints = {9, 9, 9, 9};
        ElementCopier.clear(IntBuffer.wrap(ints), 1, 1, 2);
        assertArrayEquals(new int[] {9, 0, 0, 9}, ints);
    }

    @Test
    void shouldRefuseToCopyBetweenTwoElementTypes() {
        assertThrows(ClassCastException.class, () -> ElementCopier.copy(FloatBuffer.wrap(new float[2]), 0, 1,
                IntBuffer.wrap(new int[2]), 0, 1, 2));
    }

    @Test
    void shouldRefuseABufferOrRowOfNoElementTypeNamingWhatItGot() {
        assertEquals("row is a String[] (expected: float[], double[], int[] or long[])",
                assertThrows(ClassCastException.class, () -> ElementCopier.wrap(new String[1])).getMessage());
        assertEquals("buffer is a HeapCharBuffer (expected: a FloatBuffer, DoubleBuffer, IntBuffer or LongBuffer)",
                assertThrows(ClassCastException.class, () -> ElementCopier.clear(CharBuffer.allocate(2), 0, 1, 2))
                        .getMessage());
    }
}
