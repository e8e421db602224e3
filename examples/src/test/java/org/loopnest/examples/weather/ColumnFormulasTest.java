package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ColumnFormulas}, the {@code float} one-pass column physics, against MetPy's hypsometric thickness and
 * against the {@code double} {@link ColumnReference} on a few hundred generated soundings and the named ones.
 *
 * <p><b>Tolerances</b>, each several times the largest difference measured (seeds 1, 2, 3 and 2024: 0.011 m,
 * 2·10⁻⁵ mm, 0.21 J/kg, 0.01 J/kg): {@code gh} within {@code 0.05 m + 2·10⁻⁶·gh} (up to 36 {@code float} additions,
 * each rounded to 2⁻²⁴ of a height of up to 50 km, after a layer's own roundings); {@code pw} within
 * {@code 10⁻⁴ mm + 10⁻⁵·pw}; CAPE within
 * {@code 1 J/kg + 10⁻⁴·CAPE} and CIN within {@code 0.5 J/kg + 10⁻⁴·|CIN|}: the buoyancy is a difference of two
 * virtual temperatures near 300 K, each a {@code float} within about 2·10⁻⁵ K, and the parcel's temperature carries
 * the rounding of up to a few hundred RK4 steps and of an LCL iteration that stops at a relative change of 10⁻⁵ in
 * either precision, a step apart at worst. Where the buoyancy comes within 0.01 K of zero at a level above the LCL
 * (the reference's {@code margin}), a rounding can move the LFC or the EL to another crossing, and CAPE and CIN jump:
 * those soundings (under 5 %) are compared for {@code gh} and {@code pw} only.
 */
class ColumnFormulasTest {
    private static final double MARGIN = 0.01;

    private static float[] gh(Soundings.Sounding s, float[] result) {
        float[] gh = new float[s.levels()];
        ColumnFormulas.column(s.T(), s.q(), s.p(), s.levels(), gh, result);
        return gh;
    }

    @Test
    void shouldMatchMetPyHypsometricThicknessInFloat() {
        Soundings.Sounding s = Soundings.isothermal();
        float[] result = new float[ColumnFormulas.COUNT];
        float[] gh = gh(s, result);
        assertEquals(5541.91, gh[gh.length - 1], 0.05);
        assertEquals(0f, gh[0]);
        assertEquals(0f, result[ColumnFormulas.PW]);
        assertEquals(0f, result[ColumnFormulas.CAPE]);
        assertEquals(0f, result[ColumnFormulas.CIN]);
    }

    @Test
    void shouldAgreeWithTheDoubleReferenceWithinTolerances() {
        List<Soundings.Sounding> soundings = new ArrayList<>(Soundings.generated(2024, 400));
        for (float[] levels : new float[][] {Soundings.ERA5_LEVELS, Soundings.SEVEN_LEVELS}) {
            soundings.add(Soundings.tropical(levels));
            soundings.add(Soundings.dry(levels));
            soundings.add(Soundings.capped(levels));
            soundings.add(Soundings.buoyantFromLcl(levels));
        }
        int skipped = 0;
        int withCape = 0;
        float[] result = new float[ColumnFormulas.COUNT];
        for (Soundings.Sounding s : soundings) {
            ColumnReference.Result r = ColumnReference.of(s);
            float[] gh = gh(s, result);
            for (int k = 0; k < s.levels(); k++) {
                assertEquals(r.gh()[k], gh[k], 0.05 + 2e-6 * Math.abs(r.gh()[k]), s.name() + ": gh at level " + k);
            }
            assertEquals(r.pw(), result[ColumnFormulas.PW], 1e-4 + 1e-5 * r.pw(), s.name() + ": pw");
            if (r.margin() < MARGIN) {
                skipped++;
                continue;
            }
            withCape += r.cape() > 0 ? 1 : 0;
            assertEquals(r.cape(), result[ColumnFormulas.CAPE], 1 + 1e-4 * Math.abs(r.cape()), s.name() + ": cape");
            assertEquals(r.cin(), result[ColumnFormulas.CIN], 0.5 + 1e-4 * Math.abs(r.cin()), s.name() + ": cin");
        }
        assertTrue(skipped <= soundings.size() / 20, skipped + " soundings within " + MARGIN + " K of a new LFC/EL");
        assertTrue(withCape >= 50, withCape + " soundings with CAPE compared");
    }

    @Test
    void shouldFindTropicalCapeAndCappedCinLikeTheReference() {
        float[] result = new float[ColumnFormulas.COUNT];
        gh(Soundings.tropical(Soundings.ERA5_LEVELS), result);
        assertTrue(result[ColumnFormulas.CAPE] > 500 && result[ColumnFormulas.CAPE] < 5000, Arrays.toString(result));
        gh(Soundings.capped(Soundings.ERA5_LEVELS), result);
        assertTrue(result[ColumnFormulas.CIN] < -50 && result[ColumnFormulas.CAPE] > 500, Arrays.toString(result));
        gh(Soundings.dry(Soundings.SEVEN_LEVELS), result);
        assertEquals(0f, result[ColumnFormulas.CAPE]);
        assertEquals(0f, result[ColumnFormulas.CIN]);
        assertEquals(0f, result[ColumnFormulas.PW]);
    }

    @Test
    void shouldGiveNaNForEveryOutputOfAColumnWithAMissingValue() {
        float[] missing = {Float.NaN, -1e30f, WeatherFormulas.GRADS_UNDEFINED};
        Soundings.Sounding s = Soundings.tropical(Soundings.ERA5_LEVELS);
        float[] result = new float[ColumnFormulas.COUNT];
        for (int k : new int[] {0, 17, s.levels() - 1}) {
            for (float m : missing) {
                for (Soundings.Sounding spoilt : List.of(s.withLevel(k, m, s.q()[k]), s.withLevel(k, s.T()[k], m))) {
                    for (float h : gh(spoilt, result)) {
                        assertTrue(Float.isNaN(h), spoilt.name());
                    }
                    for (float v : result) {
                        assertTrue(Float.isNaN(v), spoilt.name() + ": " + Arrays.toString(result));
                    }
                }
            }
        }
    }

    @Test
    void shouldGiveNaNCapeAndCinWhenTheLclIsUndefined() {
        float[] result = new float[ColumnFormulas.COUNT];
        gh(Soundings.tropical(Soundings.SEVEN_LEVELS).withLevel(0, 300f, 1f), result);
        assertTrue(Float.isNaN(result[ColumnFormulas.CAPE]) && Float.isNaN(result[ColumnFormulas.CIN]));
    }

    @Test
    void shouldReadAndWriteAStridedColumnAsAContiguousOne() {
        List<Soundings.Sounding> columns = List.of(Soundings.tropical(Soundings.SEVEN_LEVELS),
                Soundings.capped(Soundings.SEVEN_LEVELS),
                Soundings.buoyantFromLcl(Soundings.SEVEN_LEVELS));
        int nz = Soundings.SEVEN_LEVELS.length;
        int stride = columns.size();
        float[] t = new float[nz * stride];
        float[] q = new float[nz * stride];
        for (int c = 0; c < stride; c++) {
            for (int k = 0; k < nz; k++) {
                t[k * stride + c] = columns.get(c).T()[k];
                q[k * stride + c] = columns.get(c).q()[k];
            }
        }
        float[] gh = new float[nz * stride];
        Arrays.fill(gh, -7f);
        float[] strided = new float[ColumnFormulas.COUNT];
        float[] contiguous = new float[ColumnFormulas.COUNT];
        ColumnFormulas.column(t, q, 1, stride, Soundings.SEVEN_LEVELS, nz, gh, strided);
        float[] expected = gh(columns.get(1), contiguous);
        assertEquals(Arrays.toString(contiguous), Arrays.toString(strided));
        for (int k = 0; k < nz; k++) {
            assertEquals(expected[k], gh[k * stride + 1]);
            assertEquals(-7f, gh[k * stride]);
            assertEquals(-7f, gh[k * stride + 2]);
        }
        float[] top = new float[nz * stride];
        float[] qTop = new float[nz * stride];
        for (int k = 0; k < nz; k++) {
            top[k * stride + 2] = t[(nz - 1 - k) * stride + 1];
            qTop[k * stride + 2] = q[(nz - 1 - k) * stride + 1];
        }
        float[] ghTop = new float[nz * stride];
        ColumnFormulas.column(top, qTop, (nz - 1) * stride + 2, -stride, Soundings.SEVEN_LEVELS, nz, ghTop, strided);
        assertEquals(Arrays.toString(contiguous), Arrays.toString(strided), "levels stored from the top down");
        for (int k = 0; k < nz; k++) {
            assertEquals(expected[k], ghTop[(nz - 1 - k) * stride + 2]);
        }
    }
}
