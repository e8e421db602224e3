package org.loopnest.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;
import org.loopnest.index.IndexSpace;

class ArrayBindingTest {
    private final IndexSpace space = IndexSpace.of(5, 7, 46, 72).withNames("t", "z", "y", "x");

    private String failure(Role role, Object array, String... indices) {
        return assertThrows(IllegalArgumentException.class,
                () -> ArrayBinding.of("T", role, array, space, indices)).getMessage();
    }

    @Test
    void shouldRejectALengthThatDoesNotMatchItsIndices() {
        assertEquals("in 'T': length 100 does not match its indices (t,z,y,x) = 5×7×46×72 = 115920 elements "
                + "(expected: length 115920)", failure(Role.IN, new float[100]));
    }

    @Test
    void shouldRejectAnUnknownIndexName() {
        assertEquals("in 'T': no loop index named 'w' (expected one of: t, z, y, x)",
                failure(Role.IN, new float[7], "w"));
    }

    @Test
    void shouldRejectIndicesOutOfNestOrder() {
        assertTrue(failure(Role.IN, new float[7 * 72], "x", "z").contains("out of nest order"));
    }

    @Test
    void shouldRejectARaggedJaggedRowNamingIt() {
        float[][] ragged = new float[7][72];
        ragged[3] = new float[71];
        assertEquals("in 'T': jagged row [3] has length 71 (expected: 72)", failure(Role.IN, ragged, "z", "x"));
    }

    @Test
    void shouldRejectAJaggedArrayOfTheWrongDepth() {
        assertTrue(failure(Role.IN, new float[7][72], "z").contains("a jagged array of 2 levels"));
    }

    @Test
    void shouldRejectAnOutputThatDoesNotUseEveryLoop() {
        assertTrue(failure(Role.OUT, new float[7], "z").startsWith("out 'T' is indexed by (z) (expected: an output "
                + "uses every loop index (t,z,y,x)"));
    }

    @Test
    void shouldRejectANonArrayHolder() {
        assertEquals("in 'T': array is a java.lang.String (expected: float[], double[], int[], long[], a jagged "
                + "array of those, or a Holder)", failure(Role.IN, "nope"));
    }

    @Test
    void shouldRejectStridesReachingOutsideTheArray() {
        String message = failure(Role.IN, Holder.strided(new float[10], 0, 2), "z");
        assertTrue(message.contains("reach elements [0, 12] of 10"), message);
    }

    @Test
    void shouldRejectStridesWhoseReachOverflowsALongRatherThanWrapAround() {
        assertEquals("in 'T': offset 0 and strides [4611686018427387904] reach past the range of a long (expected: "
                + "within [0, 9])", failure(Role.IN, Holder.strided(new float[10], 0, 1L << 62), "t"));
    }

    @Test
    void shouldBindASubsetWithItsShape() {
        ArrayBinding p = ArrayBinding.of("p", Role.IN, new double[7 * 72], space, "z", "x");
        assertArrayEquals(new int[] {1, 3}, p.dims());
        assertArrayEquals(new long[] {7, 72}, p.shape());
        assertEquals(ElementType.DOUBLE, p.type());
        assertEquals(7 * 72, p.elements());
    }

    @Test
    void shouldBindAByteBufferOfTheGivenType() {
        ByteBuffer bytes = ByteBuffer.allocateDirect(7 * 8);
        ArrayBinding p = ArrayBinding.of("p", Role.IN, Holder.of(bytes, ElementType.LONG), space, "z");
        assertEquals(ElementType.LONG, p.type());
    }
}
