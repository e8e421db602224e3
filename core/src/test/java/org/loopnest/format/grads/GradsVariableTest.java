package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The value types' argument checks: {@link GradsVariable}, {@link GradsTime}, {@link GradsOption}. */
class GradsVariableTest {
    @Test
    void shouldCountOneGridForASurfaceVariable() {
        assertEquals(1, GradsVariable.of("ps", 0, "").records());
        assertEquals(7, GradsVariable.of("t", 7, "").records());
        assertEquals("Temperature", new GradsVariable("t", 7, "99", "  Temperature ").description());
    }

    @Test
    void shouldRefuseABadNameLevelCountOrUnits() {
        assertEquals("name = 't=>temp' (expected: a letter, then letters, digits or underscores)",
                assertThrows(IllegalArgumentException.class, () -> GradsVariable.of("t=>temp", 7, "")).getMessage());
        assertEquals("t: levels = -1 (expected: >= 0)",
                assertThrows(IllegalArgumentException.class, () -> GradsVariable.of("t", -1, "")).getMessage());
        assertEquals("t: units = 'a b' (expected: one word)", assertThrows(IllegalArgumentException.class,
                () -> new GradsVariable("t", 1, "a b", "")).getMessage());
    }

    @Test
    void shouldRefuseABadTime() {
        assertEquals("count = 0 (expected: >= 1)", assertThrows(IllegalArgumentException.class,
                () -> new GradsTime(0, "02JAN1987", "1DY")).getMessage());
        assertEquals("increment = '1 DY' (expected: one word)", assertThrows(IllegalArgumentException.class,
                () -> new GradsTime(1, "02JAN1987", "1 DY")).getMessage());
        assertEquals("start = '' (expected: one word)", assertThrows(IllegalArgumentException.class,
                () -> new GradsTime(1, "", "1DY")).getMessage());
    }

    @Test
    void shouldFindOptionsByKeywordInAnyCase() {
        assertEquals(Optional.of(GradsOption.BIG_ENDIAN), GradsOption.of("Big_Endian"));
        assertEquals(Optional.of(GradsOption.TEMPLATE), GradsOption.of("Template"));
        assertEquals(Optional.empty(), GradsOption.of("zrev"));
        assertEquals("big_endian, little_endian, byteswapped, yrev, sequential, template", GradsOption.supported());
    }
}
