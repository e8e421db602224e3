package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class GradsAxisTest {
    @Test
    void shouldGiveLinearAndListedValues() {
        GradsAxis linear = GradsAxis.linear(3, -90, 4);
        assertEquals(List.of(-90.0, -86.0, -82.0), linear.values());
        assertEquals(-82.0, linear.value(2));
        assertEquals(List.of(1000.0, 850.0), GradsAxis.levels(List.of(1000.0, 850.0)).values());
        assertThrows(IndexOutOfBoundsException.class, () -> linear.value(3));
        assertNotEquals(GradsAxis.levels(List.of(-90.0, -86.0, -82.0)), linear, "LINEAR and LEVELS differ");
    }

    @Test
    void shouldWriteNumbersThatReadBackExactly() {
        for (double v : new double[] {0, 5, -90, 0.1, 2.5, 1e-7, 1.0 / 3, -2.56e33, 9.999e20, 1e20, 123456789.125}) {
            String text = GradsAxis.number(v);
            assertEquals(v, Double.parseDouble(text), text);
        }
        assertEquals("1000", GradsAxis.number(1000));
        assertEquals("0.25", GradsAxis.number(0.25));
        assertEquals("-2.56E+33", GradsAxis.number(-2.56e33));
        assertEquals("72 LINEAR 0 5", GradsAxis.linear(72, 0, 5).toString());
        assertEquals("2 LEVELS 1000 850.5", GradsAxis.levels(List.of(1000.0, 850.5)).toString());
    }

    @Test
    void shouldRefuseAnEmptyOrNonFiniteAxis() {
        assertEquals("size = 0 (expected: >= 1)", assertThrows(IllegalArgumentException.class,
                () -> GradsAxis.linear(0, 0, 1)).getMessage());
        assertEquals("size = 0 (expected: >= 1)", assertThrows(IllegalArgumentException.class,
                () -> GradsAxis.levels(List.of())).getMessage());
        assertEquals("start = NaN, step = 1.0 (expected: finite)", assertThrows(IllegalArgumentException.class,
                () -> GradsAxis.linear(2, Double.NaN, 1)).getMessage());
        assertEquals("level Infinity (expected: finite)", assertThrows(IllegalArgumentException.class,
                () -> GradsAxis.levels(List.of(1.0, Double.POSITIVE_INFINITY))).getMessage());
    }
}
