package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The formulas against the reference values of MetPy 1.6.x ({@code tests/calc/test_thermo.py}), where
 * {@code decimal = d} means {@code |error| < 1.5·10^−d}, and the {@code float} code against the {@code double}
 * code over a grid of realistic inputs.
 */
class WeatherFormulasTest {
    private static final float C0 = 273.15f;

    private static double decimal(int d) {
        return 1.5 * Math.pow(10, -d);
    }

    @Test
    void shouldMatchMetPySaturationVapourPressure() {
        float[] celsius = {5, 10, 18, 25};
        double[] hPa = {8.72, 12.27, 20.63, 31.67};
        for (int i = 0; i < celsius.length; i++) {
            assertEquals(hPa[i], WeatherFormulas.es(celsius[i] + C0), decimal(2), "es at " + celsius[i] + " °C");
            assertEquals(hPa[i], DoubleWeatherFormulas.es(celsius[i] + 273.15), decimal(2));
        }
        assertEquals(6.112, WeatherFormulas.es(C0), decimal(3));
        assertEquals(6.112, DoubleWeatherFormulas.es(273.15), decimal(3));
    }

    @Test
    void shouldMatchMetPyPotentialTemperature() {
        float[][] pressureTemperature = {{900, 278}, {500, 283}, {300, 291}, {100, 298}};
        double[] expected = {286.496, 344.981, 410.475, 575.348};
        for (int i = 0; i < expected.length; i++) {
            float p = pressureTemperature[i][0];
            float t = pressureTemperature[i][1];
            assertEquals(expected[i], WeatherFormulas.theta(t, p), decimal(3), "theta at " + p + " hPa, " + t + " K");
            assertEquals(expected[i], DoubleWeatherFormulas.theta(t, p), decimal(3));
        }
    }

    @Test
    void shouldMatchMetPyEquivalentPotentialTemperature() {
        float e = WeatherFormulas.es(280f);
        assertEquals(311.18586467284007, WeatherFormulas.thetae(293f, 1000f, e, 280f), decimal(3));
        assertEquals(311.18586467284007,
                DoubleWeatherFormulas.thetae(293, 1000, DoubleWeatherFormulas.es(280), 280), decimal(3));
    }

    @Test
    void shouldMatchMetPyDewpointOfSaturationPressureAtZeroCelsius() {
        assertEquals(0, WeatherFormulas.dewpoint(6.112f) - C0, decimal(2));
        assertEquals(0, DoubleWeatherFormulas.dewpoint(6.112) - 273.15, decimal(2));
    }

    @Test
    void shouldMatchMetPyVapourPressureAndMixingRatio() {
        assertEquals(73.75179, DoubleWeatherFormulas.vapourPressureFromMixingRatio(998, 0.04963), decimal(5));
        assertEquals(73.75179, WeatherFormulas.vapourPressureFromMixingRatio(998f, 0.04963f), decimal(5));
        assertEquals(0.04963, WeatherFormulas.mixingRatio(73.75f, 998f), decimal(2));
        assertEquals(0.04963, DoubleWeatherFormulas.mixingRatio(73.75, 998), decimal(2));
        assertEquals(0.01068, WeatherFormulas.mixingRatio(WeatherFormulas.es(288f), 999f), decimal(3),
                "saturation mixing ratio");
    }

    @Test
    void shouldMatchMetPyRelativeHumidityFromDewpoint() {
        float rh = WeatherFormulas.rh(WeatherFormulas.es(15 + C0), WeatherFormulas.es(25 + C0));
        assertEquals(53.80, 100 * rh, decimal(2));
    }

    @Test
    void shouldMatchMetPyLiftingCondensationLevel() {
        // MetPy: lcl(1000 hPa, 30 °C, dewpoint 20 °C) = 864.806 hPa, 17.676 °C. The parcel's humidity comes from
        // its dewpoint: e = es(Td), w = ε·e/(p − e), q = w/(1 + w).
        double e = DoubleWeatherFormulas.es(20 + 273.15);
        double w = DoubleWeatherFormulas.mixingRatio(e, 1000);
        double lcl = DoubleWeatherFormulas.lclPressure(30 + 273.15, 1000, w);
        assertEquals(864.806, lcl, decimal(2));
        assertEquals(17.676, DoubleWeatherFormulas.lclTemperature(lcl, w) - 273.15, decimal(2));

        float q = (float) (w / (1 + w));
        float[] out = new float[WeatherOutput.COUNT];
        WeatherFormulas.point(30 + C0, q, 1000f, out);
        assertEquals(864.806, out[WeatherOutput.LCL_P.ordinal()], decimal(2));
        assertEquals(17.676, out[WeatherOutput.LCL_T.ordinal()] - C0, decimal(2));
        double[] exact = new double[WeatherOutput.COUNT];
        DoubleWeatherFormulas.point(30 + 273.15, w / (1 + w), 1000, exact);
        assertEquals(864.806, exact[WeatherOutput.LCL_P.ordinal()], decimal(2));
        assertEquals(17.676, exact[WeatherOutput.LCL_T.ordinal()] - 273.15, decimal(2));
    }

    @Test
    void shouldPutTheLclOfASaturatedParcelAtItsOwnPressure() {
        float e = WeatherFormulas.es(290f);
        float w = WeatherFormulas.mixingRatio(e, 900f);
        float lcl = WeatherFormulas.lclPressure(290f, 900f, w);
        assertEquals(900f, lcl, 900 * 1e-4, "a saturated parcel condenses where it is");
        assertEquals(290f, WeatherFormulas.lclTemperature(lcl, w), 0.01);
    }

    @Test
    void shouldGiveUpOnTheLclAfterTheIterationCap() {
        float w = WeatherFormulas.mixingRatioFromSpecificHumidity(0.008f);
        float converged = WeatherFormulas.lclPressure(300f, 1000f, w);
        int needed = 1;
        while (Float.isNaN(WeatherFormulas.lclPressure(300f, 1000f, w, needed))) {
            needed++;
        }
        assertTrue(needed > 1 && needed < WeatherFormulas.LCL_MAX_ITERATIONS, "steps needed: " + needed);
        assertEquals(converged, WeatherFormulas.lclPressure(300f, 1000f, w, needed), "the same once converged");
        assertTrue(Float.isNaN(WeatherFormulas.lclPressure(300f, 1000f, w, needed - 1)), "one step short: NaN");
        assertTrue(converged < 1000f && converged > 500f, "below the parcel: " + converged);
    }

    @Test
    void shouldMakeTheLclNaNWhereTheIterationCannotConverge() {
        // An infinite temperature sends the first step to 0 hPa, whose dewpoint is NaN: no step ever settles.
        float w = WeatherFormulas.mixingRatioFromSpecificHumidity(0.01f);
        assertTrue(Float.isNaN(WeatherFormulas.lclPressure(Float.POSITIVE_INFINITY, 850f, w)));
        assertTrue(Double.isNaN(DoubleWeatherFormulas.lclPressure(Double.POSITIVE_INFINITY, 850, w)));
        float[] out = new float[WeatherOutput.COUNT];
        WeatherFormulas.point(Float.POSITIVE_INFINITY, 0.01f, 850f, out);
        assertTrue(Float.isNaN(out[WeatherOutput.LCL_P.ordinal()]));
        assertTrue(Float.isNaN(out[WeatherOutput.LCL_T.ordinal()]));
        assertFalse(Float.isNaN(out[WeatherOutput.E.ordinal()]), "the other outputs are still computed");
    }

    @Test
    void shouldGiveVapourPressureOfSpecificHumidityThroughTheMixingRatio() {
        float q = 0.01f;
        float w = WeatherFormulas.mixingRatioFromSpecificHumidity(q);
        assertEquals(q / (1 - q), w, 1e-9);
        assertEquals(WeatherFormulas.vapourPressureFromMixingRatio(850f, w), WeatherFormulas.vapourPressure(850f, q));
    }

    @Test
    void shouldAgreeWithDoublePrecisionWithinTheToleranceOverRealisticInputs() {
        float[] out = new float[WeatherOutput.COUNT];
        double[] exact = new double[WeatherOutput.COUNT];
        double[] worst = new double[WeatherOutput.COUNT];
        for (float p : new float[] {1000, 925, 850, 700, 500, 300, 200, 100, 50}) {
            for (float t = 200; t <= 310; t += 2.5f) {
                for (float q = 1e-6f; q <= 0.02f; q *= 1.6f) {
                    WeatherFormulas.point(t, q, p, out);
                    DoubleWeatherFormulas.point(t, q, p, exact);
                    for (WeatherOutput o : WeatherOutput.values()) {
                        int i = o.ordinal();
                        assertTrue(o.accepts(out[i], exact[i]), o.key() + " at p=" + p + " T=" + t + " q=" + q
                                + ": float " + out[i] + ", double " + exact[i]);
                        worst[i] = Math.max(worst[i], o.error(out[i], exact[i]));
                    }
                }
            }
        }
        for (WeatherOutput o : WeatherOutput.values()) {
            assertTrue(worst[o.ordinal()] < o.tolerance() / 4, o.key() + ": the tolerance keeps a margin of 4, worst "
                    + worst[o.ordinal()]);
        }
    }

    @Test
    void shouldMakeEveryOutputNaNWhereTemperatureOrHumidityIsMissing() {
        float[] out = new float[WeatherOutput.COUNT];
        for (float[] tq : new float[][] {{Float.NaN, 0.01f}, {290f, Float.NaN}, {-2.56e33f, 0.01f},
                {290f, -2.56e33f}, {-1e30f, 0.01f}}) {
            WeatherFormulas.point(tq[0], tq[1], 850f, out);
            for (float v : out) {
                assertTrue(Float.isNaN(v), "T=" + tq[0] + " q=" + tq[1]);
            }
        }
        assertTrue(WeatherFormulas.isMissing(WeatherFormulas.GRADS_UNDEFINED));
        assertFalse(WeatherFormulas.isMissing(-1e29f));
    }

    @Test
    void shouldMakeDewpointThetaeAndLclNaNWhereHumidityIsNotPositive() {
        float[] out = new float[WeatherOutput.COUNT];
        double[] exact = new double[WeatherOutput.COUNT];
        for (float q : new float[] {0f, -0.001f}) {
            WeatherFormulas.point(290f, q, 850f, out);
            DoubleWeatherFormulas.point(290, q, 850, exact);
            assertEquals(WeatherFormulas.theta(290f, 850f), out[WeatherOutput.THETA.ordinal()]);
            for (WeatherOutput o : new WeatherOutput[] {WeatherOutput.TD, WeatherOutput.THETAE, WeatherOutput.LCL_P,
                    WeatherOutput.LCL_T}) {
                assertTrue(Float.isNaN(out[o.ordinal()]), o.key() + " at q=" + q);
                assertTrue(Double.isNaN(exact[o.ordinal()]), o.key() + " in double at q=" + q);
            }
        }
        WeatherFormulas.point(290f, 0f, 850f, out);
        assertEquals(0f, out[WeatherOutput.E.ordinal()]);
        assertEquals(0f, out[WeatherOutput.RH.ordinal()]);
        assertTrue(Float.isNaN(WeatherFormulas.lclPressure(290f, 850f, 0f)), "a dry parcel has no LCL");
    }

    @Test
    void shouldMakeEveryOutputNaNInDoubleWhereTemperatureOrHumidityIsMissing() {
        double[] exact = new double[WeatherOutput.COUNT];
        DoubleWeatherFormulas.point(290, WeatherFormulas.GRADS_UNDEFINED, 850, exact);
        for (WeatherOutput o : WeatherOutput.values()) {
            assertTrue(Double.isNaN(exact[o.ordinal()]), o.key());
        }
    }

    @Test
    void shouldWriteTheOutputsInTheOrderOfWeatherOutput() {
        float[] out = new float[WeatherOutput.COUNT];
        WeatherFormulas.point(293f, 0.012f, 1000f, out);
        float e = WeatherFormulas.vapourPressure(1000f, 0.012f);
        float td = WeatherFormulas.dewpoint(e);
        assertEquals(WeatherFormulas.theta(293f, 1000f), out[0]);
        assertEquals(WeatherFormulas.es(293f), out[1]);
        assertEquals(e, out[2]);
        assertEquals(WeatherFormulas.rh(e, WeatherFormulas.es(293f)), out[3]);
        assertEquals(td, out[4]);
        assertEquals(WeatherFormulas.thetae(293f, 1000f, e, td), out[5]);
        float w = WeatherFormulas.mixingRatioFromSpecificHumidity(0.012f);
        float lcl = WeatherFormulas.lclPressure(293f, 1000f, w);
        assertEquals(lcl, out[6]);
        assertEquals(WeatherFormulas.lclTemperature(lcl, w), out[7]);
    }
}
