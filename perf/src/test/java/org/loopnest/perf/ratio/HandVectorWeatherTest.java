package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherNest;

class HandVectorWeatherTest {

    @Test
    void shouldMatchTheScalarLoopWithinTheTolerancesForRowsOfEveryTailLength() {
        for (int x = 1; x <= 3 * 16 + 1; x += 3) {
            WeatherFields fields = WeatherFields.synthetic(2, 3, 4, x, x);
            float[][] expected = fields.newOutputs();
            WeatherNest.sequential(fields, expected);
            float[][] actual = fields.newOutputs();
            WeatherCheck.poison(actual);

            try (WeatherLoop loop = WeatherLoop.handVector(2).orElseThrow()) {
                loop.run(fields, actual);
            }

            Verification v = Verification.compare(expected, actual);
            assertTrue(v.passed(), "x = " + x + ": " + v);
        }
    }

    @Test
    void shouldGiveNanWhereAnInputIsMissingAndInTheLastFourOutputsWhereDry() {
        float[] t = {290f, Float.NaN, WeatherFormulas.GRADS_UNDEFINED, 290f, 290f, 250f};
        float[] q = {0.01f, 0.01f, 0.01f, Float.NaN, 0f, 0.001f};
        WeatherFields fields = WeatherFields.of(new GridShape(1, 1, 1, t.length), t, q, new float[] {850f});
        float[][] out = fields.newOutputs();

        try (WeatherLoop loop = WeatherLoop.handVector(1).orElseThrow()) {
            loop.run(fields, out);
        }

        float[] point = new float[out.length];
        for (int k = 0; k < t.length; k++) {
            WeatherFormulas.point(t[k], q[k], 850f, point);
            for (int o = 0; o < out.length; o++) {
                assertEquals(Float.isNaN(point[o]), Float.isNaN(out[o][k]), "output " + o + " at " + k + ": "
                        + Arrays.toString(point) + " expected, " + out[o][k] + " got");
            }
        }
        assertTrue(Float.isNaN(out[0][1]) && Float.isNaN(out[7][2]) && Float.isNaN(out[3][3]), "missing");
        assertTrue(!Float.isNaN(out[3][4]) && Float.isNaN(out[4][4]) && Float.isNaN(out[7][4]), "dry");
    }
}
