package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class HolderTest {

    private static String failure(Executable call) {
        return assertThrows(IllegalArgumentException.class, call).getMessage();
    }

    @Test
    void shouldSayWhatWasExpectedForANullBuffer() {
        String expected = "buffer is null (expected: a ByteBuffer holding the elements)";
        assertEquals(expected, failure(() -> Holder.of(null, ElementType.FLOAT)));
        assertEquals(expected, failure(() -> Holder.strided(null, ElementType.FLOAT, 0, 1)));
    }

    @Test
    void shouldSayWhatWasExpectedForANullElementType() {
        String expected = "type is null (expected: an ElementType, FLOAT, DOUBLE, INT or LONG)";
        assertEquals(expected, failure(() -> Holder.of(ByteBuffer.allocate(8), null)));
        assertEquals(expected, failure(() -> Holder.strided(ByteBuffer.allocate(8), null, 0, 1)));
    }

    @Test
    void shouldSayWhatWasExpectedForNullStrides() {
        String expected = "strided: strides is null (expected: one element stride per index)";
        assertEquals(expected, failure(() -> Holder.strided(new float[4], 0, (long[]) null)));
        assertEquals(expected, failure(() -> Holder.strided(ByteBuffer.allocate(8), ElementType.INT, 0,
                (long[]) null)));
    }

    @Test
    void shouldSayWhatWasExpectedForANullArray() {
        assertEquals("array is null (expected: a primitive array, jagged array or Holder)",
                failure(() -> Holder.of((Object) null)));
    }
}
