package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;

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

    @Test
    void shouldSpellNonFiniteValuesAsTheLanguagesLiterals() {
        assertEquals("INFINITY", WeatherBody.literal(Float.POSITIVE_INFINITY));
        assertEquals("(-INFINITY)", WeatherBody.literal(Float.NEGATIVE_INFINITY));
        assertEquals("NAN", WeatherBody.literal(Float.NaN));
        assertEquals("-1.0e30f", WeatherBody.literal(-1e30f));
    }

    @Test
    void shouldCompileAnInfiniteOrOutOfRangeMarkerAndTreatItAsMissing() {
        float beyondFloat = (float) 1e39; // a GrADS UNDEF 1e39, as the reader converts it
        MissingMarkers markers = MissingMarkers.of(new float[] {Float.POSITIVE_INFINITY, 1e20f},
                new float[] {beyondFloat});
        String helpers = WeatherBody.code(markers).helpers();
        assertTrue(helpers.contains("return v == INFINITY || v == 1.0e20f;"), helpers);
        assertTrue(helpers.contains("bool wx_marked_q(float v) {\n    return v == INFINITY;\n}"), helpers);
        float inf = Float.POSITIVE_INFINITY;
        float[] t = {inf, 290f, 1e20f, 290f};
        float[] q = {0.01f, inf, 0.01f, 0.01f};
        float[] theta = new float[4];
        LoopNest nest = LoopNest.of(1, 1, 1, 4).names("t", "z", "y", "x").in("T", t).in("q", q)
                .in("p", new float[] {900f, 900f, 900f, 900f}).out("theta", theta);
        for (String out : List.of("es", "e", "rh", "td", "thetae", "lcl_p", "lcl_t")) {
            nest.out(out, new float[4]);
        }
        nest.deviceCode(WeatherBody.code(markers)).run();
        for (int i = 0; i < 3; i++) {
            assertTrue(Float.isNaN(theta[i]), "marked point " + i + ": " + theta[i]);
        }
        assertEquals(290f * (float) Math.pow(1000.0 / 900.0, WeatherFormulas.KAPPA), theta[3], 1e-3f);
    }
}
