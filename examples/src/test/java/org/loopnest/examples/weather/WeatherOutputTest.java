package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class WeatherOutputTest {
    @Test
    void shouldAcceptEqualInfinitiesAndRefuseOppositeOnes() {
        double inf = Double.POSITIVE_INFINITY;
        assertEquals(0, WeatherOutput.ES.error(inf, inf));
        assertTrue(WeatherOutput.ES.accepts(inf, inf), "es overflows alike on both sides");
        assertFalse(WeatherOutput.ES.accepts(-inf, inf));
        assertFalse(WeatherOutput.TD.accepts(inf, 300));
        assertTrue(WeatherOutput.THETA.accepts(Double.NaN, Double.NaN));
        assertFalse(WeatherOutput.THETA.accepts(Double.NaN, 300));
    }
}
