package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MissingMarkersTest {
    @Test
    void shouldKeepOnlyTheMarkersTheRuleMissesOnceEach() {
        MissingMarkers m = MissingMarkers.of(new float[] {-2.56e33f, Float.NaN, -999f, -999f}, new float[] {1e20f});
        assertArrayEquals(new float[] {-999f}, m.temperature());
        assertArrayEquals(new float[] {1e20f}, m.humidity());
        assertTrue(Float.isNaN(m.temperatureOrNaN(-999f)));
        assertEquals(-999f, m.humidityOrNaN(-999f), "q's markers only for q");
        assertEquals("T = [-999.0], q = [1.0E20] also missing", m.toString());
        assertTrue(MissingMarkers.of(new float[] {-9.99e33f}, new float[0]).none());
    }

    @Test
    void shouldTestTheMarkersInTheBodyAndUseThePlainBodyWithoutThem() {
        assertSame(WeatherBody.CODE, WeatherBody.code(MissingMarkers.NONE));
        String code = WeatherBody.code(MissingMarkers.of(new float[] {-999f}, new float[0])).helpers();
        assertTrue(code.contains("bool wx_marked_t(float v) {\n    return v == -999.0f;\n}"), code);
        assertTrue(code.contains("bool wx_marked_q(float v) {\n    return false;\n}"), code);
        assertTrue(WeatherBody.code(MissingMarkers.of(new float[] {-999f}, new float[0])).body()
                .startsWith("if (wx_missing(T) || wx_missing(q) || wx_marked_t(T) || wx_marked_q(q)) {"));
    }
}
