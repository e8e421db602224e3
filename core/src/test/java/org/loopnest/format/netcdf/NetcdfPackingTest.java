package org.loopnest.format.netcdf;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NetcdfPackingTest {
    private static NetcdfVariable variable(NetcdfType type, NetcdfAttribute... attributes) {
        return new NetcdfVariable("t", List.of(), type, List.of(attributes), 4, 0);
    }

    @Test
    void shouldUnpackShortsAsEra5DoesAndMarkFillAndMissingValues() {
        NetcdfPacking p = NetcdfPacking.of(variable(NetcdfType.SHORT,
                NetcdfAttribute.doubles("scale_factor", 0.002), NetcdfAttribute.doubles("add_offset", 250.0),
                NetcdfAttribute.shorts("_FillValue", (short) -32767), NetcdfAttribute.shorts("missing_value",
                        (short) -32766, (short) -32765), NetcdfAttribute.text("units", "K"),
                NetcdfAttribute.text("long_name", "Temperature")));
        assertEquals((float) (1000 * 0.002 + 250.0), p.physical(1000));
        assertTrue(p.isMissing(-32767));
        assertTrue(p.isMissing(-32765));
        assertTrue(Float.isNaN(p.physical(-32766)));
        assertFalse(p.isMissing(-32764));
        assertEquals(Optional.of("K"), p.units());
        assertEquals(Optional.of("Temperature"), p.longName());
        assertArrayEquals(new double[] {-32766, -32765}, p.missing());
    }

    @Test
    void shouldReadPackingFromANameAndAttributesAlone() {
        NetcdfPacking p = NetcdfPacking.of("q", List.of(NetcdfAttribute.doubles("scale_factor", 0.5),
                NetcdfAttribute.floats("add_offset", 10), NetcdfAttribute.ints("_FillValue", -1)));
        assertEquals(12.5f, p.physical(5));
        assertTrue(p.isMissing(-1));
        assertEquals("variable 'q' attribute 'units' is INT (expected: text)", assertThrows(
                IllegalArgumentException.class, () -> NetcdfPacking.of("q", List.of(NetcdfAttribute.ints("units", 1))))
                .getMessage());
    }

    @Test
    void shouldLeaveUnpackedValuesAsTheyAreWithOnlyNanMissing() {
        NetcdfPacking p = NetcdfPacking.of(variable(NetcdfType.FLOAT));
        assertEquals(273.15f, p.physical(273.15f));
        assertTrue(p.isMissing(Double.NaN));
        assertFalse(p.isMissing(9.96921e36f));
        assertEquals(Optional.empty(), p.units());
    }

    @Test
    void shouldCompareAFloatFillValueAsAFloat() {
        NetcdfPacking p = NetcdfPacking.of(variable(NetcdfType.FLOAT, NetcdfAttribute.doubles("_FillValue", 1e20)));
        assertTrue(p.isMissing((float) 1e20));
    }

    @Test
    void shouldRefuseAttributesOfTheWrongKind() {
        assertEquals("variable 't' attribute 'scale_factor' is text (expected: a number)",
                assertThrows(IllegalArgumentException.class, () -> NetcdfPacking.of(variable(NetcdfType.SHORT,
                        NetcdfAttribute.text("scale_factor", "2")))).getMessage());
        assertEquals("variable 't' attribute 'units' is INT (expected: text)",
                assertThrows(IllegalArgumentException.class, () -> NetcdfPacking.of(variable(NetcdfType.SHORT,
                        NetcdfAttribute.ints("units", 1)))).getMessage());
    }
}
