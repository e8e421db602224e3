package org.loopnest.examples.weather;

import java.util.SplittableRandom;

/**
 * Makes plausible temperature and humidity fields from a seed: a surface temperature from about 300 K at the
 * equator to 255 K at the poles, a travelling wave of ±4 K, cooling with height as {@code (p/1000)^0.19} down to
 * a 205 K tropopause, ±1.5 K of noise; humidity from a relative humidity of 15–95 % that dries aloft, capped at
 * 0.02 kg/kg. About 0.05 % of temperatures and of humidities are the GrADS undefined value and 0.1 % of
 * humidities are exactly 0, so that every branch of the formulas runs. Deterministic for a given seed.
 */
final class SyntheticWeather {
    static final double MISSING_FRACTION = 0.0005;
    static final double DRY_FRACTION = 0.001;
    private static final double TROPOPAUSE = 205;
    private static final double MAX_Q = 0.02;

    private SyntheticWeather() {
    }

    static void fill(GridShape s, float[] levels, long seed, float[] temperature, float[] humidity) {
        SplittableRandom random = new SplittableRandom(seed);
        double[] surface = new double[s.y()];
        double[] waveScale = new double[s.y()];
        for (int y = 0; y < s.y(); y++) {
            double lat = Math.toRadians(-90 + 180 * (y + 0.5) / s.y());
            surface[y] = 300 - 45 * Math.sin(lat) * Math.sin(lat);
            waveScale[y] = 4 * Math.cos(lat);
        }
        int k = 0;
        for (int t = 0; t < s.t(); t++) {
            for (int z = 0; z < s.z(); z++) {
                double p = levels[z];
                double cooling = Math.pow(p / 1000, 0.19);
                for (int y = 0; y < s.y(); y++) {
                    for (int x = 0; x < s.x(); x++, k++) {
                        double wave = waveScale[y] * Math.sin(2 * Math.PI * (t / 8.0 + (double) x / s.x()));
                        double tk = Math.max((surface[y] + wave) * cooling, TROPOPAUSE) + random.nextDouble(-1.5, 1.5);
                        double rh = 0.15 + 0.8 * random.nextDouble() * Math.min(1, p / 1000);
                        temperature[k] = (float) tk;
                        humidity[k] = (float) humidity(tk, p, rh);
                        spoil(random, temperature, humidity, k);
                    }
                }
            }
        }
    }

    private static double humidity(double tk, double p, double rh) {
        double e = Math.min(rh * DoubleWeatherFormulas.es(tk), p / 2);
        double w = DoubleWeatherFormulas.mixingRatio(e, p);
        return Math.min(w / (1 + w), MAX_Q);
    }

    private static void spoil(SplittableRandom random, float[] temperature, float[] humidity, int k) {
        double roll = random.nextDouble();
        if (roll < MISSING_FRACTION) {
            temperature[k] = WeatherFormulas.GRADS_UNDEFINED;
        } else if (roll < 2 * MISSING_FRACTION) {
            humidity[k] = WeatherFormulas.GRADS_UNDEFINED;
        } else if (roll < 2 * MISSING_FRACTION + DRY_FRACTION) {
            humidity[k] = 0f;
        }
    }

    /**
     * The default pressure levels in hPa: the seven of the GrADS sample data for {@code z = 7}, else {@code z}
     * levels evenly spaced in log-pressure from 1000 to 100 hPa (just 1000 for {@code z = 1}).
     */
    static float[] defaultLevels(int z) {
        if (z == 7) {
            return new float[] {1000, 850, 700, 500, 300, 200, 100};
        }
        float[] levels = new float[z];
        for (int k = 0; k < z; k++) {
            levels[k] = z == 1 ? 1000f : (float) (1000 * Math.pow(10, -(double) k / (z - 1)));
        }
        return levels;
    }
}
