package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * {@link ColumnReference}, the {@code double} column physics, against MetPy 1.6's reference values (the hypsometric
 * thickness of {@code tests/calc/test_thermo.py}'s isothermal layer, its moist-lapse temperatures) and against what
 * the synthetic {@link Soundings} must give: CAPE of order 10³ J/kg in the tropics, none without water, CIN under a
 * cap, an LFC at the LCL, NaN for a column with a missing value.
 */
class ColumnReferenceTest {
    private static final float[][] GRIDS = {Soundings.ERA5_LEVELS, Soundings.SEVEN_LEVELS};

    @Test
    void shouldMatchMetPyHypsometricThicknessOfAnIsothermalLayer() {
        ColumnReference.Result r = ColumnReference.of(Soundings.isothermal());
        double[] gh = r.gh();
        assertEquals(5541.91, gh[gh.length - 1], 0.05, "1000 to 500 hPa at 273.15 K");
        assertEquals(ColumnReference.RD / ColumnReference.G * 273.15f * Math.log(2), gh[gh.length - 1], 1e-6);
        assertEquals(0, gh[0]);
        assertEquals(0, r.pw());
    }

    @Test
    void shouldMatchMetPyMoistLapseTemperatures() {
        double[] pressures = {800, 600, 500, 400};
        double[] expected = {284.64, 272.81, 264.42, 252.91};
        double from = 1000;
        double kelvin = 293;
        for (int i = 0; i < pressures.length; i++) {
            kelvin = ColumnReference.pseudoAdiabat(from, pressures[i], kelvin);
            from = pressures[i];
            assertEquals(expected[i], kelvin, 1.5e-2, "moist adiabat from 1000 hPa, 293 K at " + from + " hPa");
        }
    }

    @Test
    void shouldIntegrateThePseudoAdiabatAsAccuratelyAsInFineSteps() {
        double fine = 303;
        for (int p = 1000; p > 100; p--) {
            fine = ColumnReference.pseudoAdiabat(p, p - 1, fine);
        }
        assertEquals(fine, ColumnReference.pseudoAdiabat(1000, 100, 303), 1e-4);
    }

    @Test
    void shouldIntegratePrecipitableWaterOfConstantHumidityExactly() {
        Soundings.Sounding s = Soundings.tropical(Soundings.SEVEN_LEVELS);
        float[] q = new float[s.levels()];
        java.util.Arrays.fill(q, 0.01f);
        double w = 0.01f / (1.0 - 0.01f);
        ColumnReference.Result r = ColumnReference.of(s.T(), q, s.p());
        assertEquals(w * (1000 - 100) * 100 / ColumnReference.G, r.pw(), 1e-9);
    }

    @Test
    void shouldFindTropicalCapeOfOrderAThousand() {
        for (float[] levels : GRIDS) {
            ColumnReference.Result r = ColumnReference.of(Soundings.tropical(levels));
            assertTrue(r.cape() > 500 && r.cape() < 5000, "CAPE " + r.cape() + " on " + levels.length + " levels");
            assertTrue(r.cin() <= 0 && r.cin() > -50, "CIN " + r.cin());
            assertTrue(r.pw() > 30 && r.pw() < 70, "precipitable water " + r.pw() + " mm");
            assertTrue(r.lfcPressure() <= r.lclPressure() + 1e-9, r.toString());
            assertTrue(r.elPressure() < r.lfcPressure() && r.elPressure() > 100, r.toString());
        }
    }

    @Test
    void shouldGiveNoCapeOrCinWithoutWater() {
        for (float[] levels : GRIDS) {
            ColumnReference.Result r = ColumnReference.of(Soundings.dry(levels));
            assertEquals(0, r.cape());
            assertEquals(0, r.cin());
            assertEquals(0, r.pw());
            assertTrue(Double.isNaN(r.lclPressure()));
        }
    }

    @Test
    void shouldGiveNegativeCinUnderAnInversion() {
        for (float[] levels : GRIDS) {
            ColumnReference.Result r = ColumnReference.of(Soundings.capped(levels));
            assertTrue(r.cin() < -50, "CIN " + r.cin() + " on " + levels.length + " levels");
            assertTrue(r.cape() > 500, "CAPE " + r.cape());
            assertTrue(r.lfcPressure() < 850, "LFC " + r.lfcPressure() + " above the cap");
        }
    }

    @Test
    void shouldStartCapeAtTheLclWhenTheParcelIsBuoyantAboveIt() {
        for (float[] levels : GRIDS) {
            ColumnReference.Result r = ColumnReference.of(Soundings.buoyantFromLcl(levels));
            assertTrue(r.lclPressure() < levels[0] && r.lclPressure() > levels[1], "LCL " + r.lclPressure());
            assertEquals(r.lclPressure(), r.lfcPressure(), 1e-9 * r.lclPressure());
            assertTrue(r.cape() > 1000, "CAPE " + r.cape());
            assertTrue(r.cin() <= 0 && r.cin() > -5, "CIN below the LCL only: " + r.cin());
        }
    }

    @Test
    void shouldTakeASaturatedLowestLevelAsItsOwnLcl() {
        Soundings.Sounding tropical = Soundings.tropical(Soundings.ERA5_LEVELS);
        float saturated = (float) (1.05 * DoubleWeatherFormulas.es(tropical.T()[0]) * ColumnReference.EPSILON / 1000);
        ColumnReference.Result r = ColumnReference.of(tropical.withLevel(0, tropical.T()[0], saturated));
        assertEquals(1000, r.lclPressure());
        assertTrue(r.cape() > 500, "CAPE " + r.cape());
    }

    @Test
    void shouldGiveNoCapeWhenTheLclIsAboveTheTop() {
        Soundings.Sounding low = Soundings.tropical(new float[] {1000, 975, 950});
        ColumnReference.Result r = ColumnReference.of(low.withLevel(0, 300f, 0.002f));
        assertTrue(r.lclPressure() < 950, "LCL " + r.lclPressure());
        assertEquals(0, r.cape());
        assertEquals(0, r.cin());
    }

    @Test
    void shouldGiveNaNCapeAndCinWhenTheLclIsUndefined() {
        Soundings.Sounding tropical = Soundings.tropical(Soundings.SEVEN_LEVELS);
        ColumnReference.Result r = ColumnReference.of(tropical.withLevel(0, 300f, 1f));
        assertTrue(Double.isNaN(r.cape()) && Double.isNaN(r.cin()), r.toString());
    }

    @Test
    void shouldGiveNaNForEveryOutputOfAColumnWithAMissingValue() {
        float[] missing = {Float.NaN, -1e30f, WeatherFormulas.GRADS_UNDEFINED};
        for (float[] levels : GRIDS) {
            Soundings.Sounding s = Soundings.tropical(levels);
            for (int k : new int[] {0, levels.length / 2, levels.length - 1}) {
                for (float m : missing) {
                    assertAllNaN(ColumnReference.of(s.withLevel(k, m, s.q()[k])));
                    assertAllNaN(ColumnReference.of(s.withLevel(k, s.T()[k], m)));
                }
            }
        }
    }

    private static void assertAllNaN(ColumnReference.Result r) {
        for (double h : r.gh()) {
            assertTrue(Double.isNaN(h), "gh");
        }
        assertTrue(Double.isNaN(r.pw()) && Double.isNaN(r.cape()) && Double.isNaN(r.cin()), r.toString());
    }
}
