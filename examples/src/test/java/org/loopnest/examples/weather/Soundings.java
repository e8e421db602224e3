package org.loopnest.examples.weather;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Synthetic soundings for the column physics, deterministic: temperature falling with a constant lapse rate
 * ({@code T = T₀·(p/p₀)^(Rd·Γ/g)}) to a tropopause, warming slowly above it ({@code ·(p_trop/p)^0.04}), with an
 * optional warm inversion (a triangle in {@code ln p}); humidity from a relative humidity that falls linearly from
 * the lowest level to 300 hPa, 3·10⁻⁶ kg/kg above the tropopause. Pressures are ERA5's 37 levels (1000 to 1 hPa) or
 * the GrADS sample's 7 (1000 to 100 hPa), level 0 the highest pressure.
 */
final class Soundings {
    /** ERA5's 37 pressure levels in hPa. */
    static final float[] ERA5_LEVELS = {1000, 975, 950, 925, 900, 875, 850, 825, 800, 775, 750, 700, 650, 600, 550,
        500, 450, 400, 350, 300, 250, 225, 200, 175, 150, 125, 100, 70, 50, 30, 20, 10, 7, 5, 3, 2, 1};
    /** The 7 levels of the GrADS sample data in hPa. */
    static final float[] SEVEN_LEVELS = {1000, 850, 700, 500, 300, 200, 100};
    private static final double STRATOSPHERE_Q = 3e-6;

    private Soundings() {
    }

    /**
     * One column.
     *
     * @param name what it is, for messages
     * @param p pressures in hPa, strictly decreasing
     * @param T temperatures in K
     * @param q specific humidities in kg/kg
     */
    record Sounding(String name, float[] p, float[] T, float[] q) {
        /** {@return the number of levels} */
        int levels() {
            return p.length;
        }

        /** {@return a copy with level {@code k}'s temperature and humidity replaced} */
        Sounding withLevel(int k, float temperature, float humidity) {
            float[] t = T.clone();
            float[] h = q.clone();
            t[k] = temperature;
            h[k] = humidity;
            return new Sounding(name + " with level " + k + " = (" + temperature + ", " + humidity + ")", p, t, h);
        }
    }

    /** The shape of a profile: surface temperature, lapse rate, tropopause, humidity and an inversion. */
    private record Shape(double t0, double lapse, double tropopause, double rh0, double rhTop, double inversion,
            double inversionAt) {
    }

    /** {@return a moist tropical sounding: 301 K, 6.5 K/km, 80 % humidity near the ground, conditionally unstable} */
    static Sounding tropical(float[] p) {
        return build("tropical", p, new Shape(301, 6.5e-3, 195, 0.8, 0.3, 0, 0));
    }

    /** {@return the tropical temperatures with no water at all} */
    static Sounding dry(float[] p) {
        Sounding moist = tropical(p);
        return new Sounding("dry", p, moist.T(), new float[p.length]);
    }

    /** {@return a sounding capped by a 7 K inversion at 850 hPa over a moist layer, unstable above it} */
    static Sounding capped(float[] p) {
        return build("capped", p, new Shape(302, 7.0e-3, 200, 0.7, 0.3, 7, 850));
    }

    /** {@return a nearly saturated sounding (95 % near the ground): the parcel is buoyant right above its LCL} */
    static Sounding buoyantFromLcl(float[] p) {
        return build("buoyant from the LCL", p, new Shape(300, 6.5e-3, 195, 0.95, 0.4, 0, 0));
    }

    /** {@return MetPy's hypsometric case: 273.15 K and dry from 1000 to 500 hPa every 10 hPa} */
    static Sounding isothermal() {
        float[] p = new float[51];
        float[] t = new float[51];
        for (int k = 0; k < p.length; k++) {
            p[k] = 1000 - 10 * k;
            t[k] = 273.15f;
        }
        return new Sounding("isothermal", p, t, new float[p.length]);
    }

    /**
     * {@return {@code count} varied soundings from {@code seed}}: every other one on ERA5's levels (some starting at
     * 975 to 925 hPa, as over high ground), the rest on the 7 levels; surface 265–305 K, lapse rates 5–7.2 K/km,
     * tropopauses 190–220 K, surface humidity 30–98 %, an inversion of up to 8 K in four in ten, ±0.4 K of noise.
     */
    static List<Sounding> generated(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Sounding> soundings = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            float[] p = i % 2 == 0 ? java.util.Arrays.copyOfRange(ERA5_LEVELS, random.nextInt(4), ERA5_LEVELS.length)
                    : SEVEN_LEVELS;
            boolean inversion = random.nextDouble() < 0.4;
            Shape shape = new Shape(random.nextDouble(265, 305), random.nextDouble(5e-3, 7.2e-3),
                    random.nextDouble(190, 220), random.nextDouble(0.3, 0.98), random.nextDouble(0.05, 0.5),
                    inversion ? random.nextDouble(0, 8) : 0, random.nextDouble(700, 950));
            Sounding s = build("generated " + i, p, shape);
            for (int k = 0; k < p.length; k++) {
                s.T()[k] += (float) random.nextDouble(-0.4, 0.4);
            }
            soundings.add(s);
        }
        return soundings;
    }

    private static Sounding build(String name, float[] p, Shape s) {
        int n = p.length;
        float[] t = new float[n];
        float[] q = new float[n];
        double exponent = ColumnReference.RD * s.lapse() / ColumnReference.G;
        double tropopausePressure = p[0] * Math.pow(s.tropopause() / s.t0(), 1 / exponent);
        for (int k = 0; k < n; k++) {
            double troposphere = s.t0() * Math.pow(p[k] / p[0], exponent);
            double kelvin = troposphere > s.tropopause() ? troposphere
                    : s.tropopause() * Math.pow(tropopausePressure / p[k], 0.04);
            if (s.inversion() > 0) {
                double distance = Math.abs(Math.log(p[k] / s.inversionAt())) / 0.08;
                kelvin += s.inversion() * Math.max(0, 1 - distance);
            }
            t[k] = (float) kelvin;
            q[k] = (float) (troposphere > s.tropopause() ? humidity(kelvin, p[k], relativeHumidity(p[0], p[k], s))
                    : STRATOSPHERE_Q);
        }
        return new Sounding(name, p, t, q);
    }

    private static double relativeHumidity(double p0, double p, Shape s) {
        double share = Math.max(0, Math.min(1, (p - 300) / (p0 - 300)));
        return s.rhTop() + share * (s.rh0() - s.rhTop());
    }

    private static double humidity(double kelvin, double p, double rh) {
        double e = rh * DoubleWeatherFormulas.es(kelvin);
        double w = ColumnReference.EPSILON * e / (p - e);
        return w / (1 + w);
    }
}
