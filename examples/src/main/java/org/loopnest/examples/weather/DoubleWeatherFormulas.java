package org.loopnest.examples.weather;

/**
 * The formulas of {@link WeatherFormulas} in {@code double}: the yardstick for the accuracy of the
 * {@code float} code, not what the loop computes. Same units, same missing-value rule. Thread-safe (stateless).
 */
public final class DoubleWeatherFormulas {
    /** {@code ε = Mw/Md = 18.015268 / 28.96546}. */
    public static final double EPSILON = 18.015268 / 28.96546;
    /** {@code κ = Rd/Cp_d = 2/7}. */
    public static final double KAPPA = 2.0 / 7.0;
    /** The lifting condensation level's iteration stops at a relative change of at most this. */
    public static final double LCL_RELATIVE_CHANGE = 1e-5;

    private DoubleWeatherFormulas() {
    }

    /** Potential temperature in K. */
    public static double theta(double T, double p) {
        return T * Math.pow(1000 / p, KAPPA);
    }

    /** Saturation vapour pressure in hPa (Bolton, 1980). */
    public static double es(double T) {
        return 6.112 * Math.exp(17.67 * (T - 273.15) / (T - 29.65));
    }

    /** Mixing ratio {@code q/(1 − q)} of specific humidity {@code q}. */
    public static double mixingRatioFromSpecificHumidity(double q) {
        return q / (1 - q);
    }

    /** Mixing ratio {@code ε·e/(p − e)}. */
    public static double mixingRatio(double e, double p) {
        return EPSILON * e / (p - e);
    }

    /** Vapour pressure {@code p·w/(ε + w)} in hPa of mixing ratio {@code w}. */
    public static double vapourPressureFromMixingRatio(double p, double w) {
        return p * w / (EPSILON + w);
    }

    /** Vapour pressure in hPa of specific humidity {@code q}. */
    public static double vapourPressure(double p, double q) {
        return vapourPressureFromMixingRatio(p, mixingRatioFromSpecificHumidity(q));
    }

    /** Relative humidity {@code e/es} as a fraction. */
    public static double rh(double e, double es) {
        return e / es;
    }

    /** Dewpoint in K of vapour pressure {@code e} (hPa). */
    public static double dewpoint(double e) {
        double v = Math.log(e / 6.112);
        return 273.15 + 243.5 * v / (17.67 - v);
    }

    /** Equivalent potential temperature in K after Bolton (1980) eq. 39. */
    public static double thetae(double T, double p, double e, double td) {
        double r = mixingRatio(e, p);
        double tl = 56 + 1 / (1 / (td - 56) + Math.log(T / td) / 800);
        double thetaDl = T * Math.pow(1000 / (p - e), KAPPA) * Math.pow(T / tl, 0.28 * r);
        return thetaDl * Math.exp(r * (1 + 0.448 * r) * (3036 / tl - 1.78));
    }

    /**
     * Pressure in hPa of the lifting condensation level, by the iteration of
     * {@link WeatherFormulas#lclPressure}: same start, same stopping rule (relative change at most
     * {@link #LCL_RELATIVE_CHANGE}), NaN after {@link WeatherFormulas#LCL_MAX_ITERATIONS} steps.
     */
    public static double lclPressure(double T, double p, double w) {
        double level = p;
        for (int i = 0; i < WeatherFormulas.LCL_MAX_ITERATIONS; i++) {
            double next = p * Math.pow(dewpoint(vapourPressureFromMixingRatio(level, w)) / T, 1 / KAPPA);
            if (Math.abs(next - level) <= LCL_RELATIVE_CHANGE * Math.abs(next)) {
                return next;
            }
            level = next;
        }
        return Double.NaN;
    }

    /** Temperature in K of the lifting condensation level at {@code lclPressure} (hPa), mixing ratio {@code w}. */
    public static double lclTemperature(double lclPressure, double w) {
        return dewpoint(vapourPressureFromMixingRatio(lclPressure, w));
    }

    /**
     * All eight outputs of one grid point, in the order of {@link WeatherOutput#values()}, with the missing-value
     * and dry-point rules of {@link WeatherFormulas#point}.
     */
    public static void point(double T, double q, double p, double[] out) {
        if (Double.isNaN(T) || Double.isNaN(q) || T <= WeatherFormulas.MISSING_BELOW
                || q <= WeatherFormulas.MISSING_BELOW) {
            java.util.Arrays.fill(out, 0, WeatherOutput.COUNT, Double.NaN);
            return;
        }
        double w = mixingRatioFromSpecificHumidity(q);
        double e = vapourPressureFromMixingRatio(p, w);
        double saturation = es(T);
        out[0] = theta(T, p);
        out[1] = saturation;
        out[2] = e;
        out[3] = rh(e, saturation);
        if (q > 0) {
            double td = dewpoint(e);
            double lcl = lclPressure(T, p, w);
            out[4] = td;
            out[5] = thetae(T, p, e, td);
            out[6] = lcl;
            out[7] = lclTemperature(lcl, w);
        } else {
            java.util.Arrays.fill(out, 4, WeatherOutput.COUNT, Double.NaN);
        }
    }
}
