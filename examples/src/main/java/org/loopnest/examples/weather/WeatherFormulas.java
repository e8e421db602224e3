package org.loopnest.examples.weather;

/**
 * The thermodynamic formulas of the weather loop in {@code float}, as MetPy 1.6 writes them (saturation vapour
 * pressure after Bolton, 1980). Units: temperature in K, pressure and vapour pressure in hPa, humidity in kg/kg,
 * relative humidity as a fraction. Transcendental functions run in {@code double} and are rounded once.
 *
 * <p>The same code runs in the LoopNest kernel, in the sequential reference loop and in hand-written baselines,
 * so their outputs are equal bit for bit; {@link DoubleWeatherFormulas} is the independent check of accuracy.
 *
 * <p><b>Pitfalls:</b> the functions do not apply the missing-value rule themselves; {@link #point} does. A
 * dewpoint of a vapour pressure {@code <= 0} is NaN or −∞; {@link #point} makes it NaN where {@code q <= 0}.
 * Thread-safe (stateless).
 */
public final class WeatherFormulas {
    /** {@code ε = Mw/Md}, the ratio of the molar masses of water and dry air. */
    public static final float EPSILON = (float) DoubleWeatherFormulas.EPSILON;
    /** {@code κ = Rd/Cp_d = 2/7}. */
    public static final float KAPPA = 2f / 7f;
    /** Values at or below this are missing (the GrADS undefined value is −2.56e33). */
    public static final float MISSING_BELOW = -1e30f;
    /** The GrADS undefined value, as found in model output. */
    public static final float GRADS_UNDEFINED = -2.56e33f;
    /**
     * The lifting condensation level's iteration stops when the pressure changes by at most this fraction of
     * itself from one step to the next.
     */
    public static final float LCL_RELATIVE_CHANGE = (float) DoubleWeatherFormulas.LCL_RELATIVE_CHANGE;
    /** The most steps the lifting condensation level's iteration takes; a point that needs more is NaN. */
    public static final int LCL_MAX_ITERATIONS = 50;

    private WeatherFormulas() {
    }

    /** Whether {@code value} is missing: NaN or {@code <=} {@link #MISSING_BELOW}. */
    public static boolean isMissing(float value) {
        return Float.isNaN(value) || value <= MISSING_BELOW;
    }

    /** Potential temperature {@code T·(1000/p)^κ} in K, of temperature {@code T} (K) at pressure {@code p} (hPa). */
    public static float theta(float T, float p) {
        return T * (float) Math.pow(1000f / p, KAPPA);
    }

    /** Saturation vapour pressure {@code 6.112·exp(17.67·(T − 273.15)/(T − 29.65))} in hPa (Bolton, 1980). */
    public static float es(float T) {
        return 6.112f * (float) Math.exp(17.67f * (T - 273.15f) / (T - 29.65f));
    }

    /** Mixing ratio {@code w = q/(1 − q)} (kg/kg) of specific humidity {@code q} (kg/kg). */
    public static float mixingRatioFromSpecificHumidity(float q) {
        return q / (1f - q);
    }

    /** Mixing ratio {@code ε·e/(p − e)} (kg/kg) of vapour pressure {@code e} in air at pressure {@code p}. */
    public static float mixingRatio(float e, float p) {
        return EPSILON * e / (p - e);
    }

    /** Vapour pressure {@code p·w/(ε + w)} in hPa of mixing ratio {@code w} (kg/kg) at pressure {@code p}. */
    public static float vapourPressureFromMixingRatio(float p, float w) {
        return p * w / (EPSILON + w);
    }

    /** Vapour pressure in hPa of specific humidity {@code q} (kg/kg) at pressure {@code p} (hPa). */
    public static float vapourPressure(float p, float q) {
        return vapourPressureFromMixingRatio(p, mixingRatioFromSpecificHumidity(q));
    }

    /** Relative humidity {@code e/es} as a fraction. */
    public static float rh(float e, float es) {
        return e / es;
    }

    /** Dewpoint {@code 273.15 + 243.5·v/(17.67 − v)} in K, {@code v = ln(e/6.112)}, of vapour pressure {@code e}. */
    public static float dewpoint(float e) {
        float v = (float) Math.log(e / 6.112f);
        return 273.15f + 243.5f * v / (17.67f - v);
    }

    /**
     * Equivalent potential temperature in K after Bolton (1980) eq. 39, of temperature {@code T} (K), pressure
     * {@code p} (hPa), vapour pressure {@code e} (hPa) and dewpoint {@code td} (K).
     */
    public static float thetae(float T, float p, float e, float td) {
        float r = mixingRatio(e, p);
        float tl = 56f + 1f / (1f / (td - 56f) + (float) Math.log(T / td) / 800f);
        float thetaDl = T * (float) Math.pow(1000f / (p - e), KAPPA) * (float) Math.pow(T / tl, 0.28f * r);
        return thetaDl * (float) Math.exp(r * (1f + 0.448f * r) * (3036f / tl - 1.78f));
    }

    /**
     * Pressure in hPa of the lifting condensation level of a parcel of temperature {@code T} (K) at pressure
     * {@code p} (hPa) with mixing ratio {@code w} (kg/kg), found as MetPy does by the fixed-point iteration
     * {@code p' ← p·(Td(e(p', w))/T)^(1/κ)} from {@code p' = p}, with {@code e} of
     * {@link #vapourPressureFromMixingRatio} and {@code Td} of {@link #dewpoint}. It stops at the first step whose
     * result differs from the previous pressure by at most {@link #LCL_RELATIVE_CHANGE} of itself and returns that
     * result; NaN if none of the first {@link #LCL_MAX_ITERATIONS} steps does (a step that gives NaN never does).
     * The default synthetic grid takes 5 to 8 steps at every humid point; the GrADS sample converges everywhere too.
     *
     * <p><b>Pitfalls:</b> a dry parcel ({@code w <= 0}) has no condensation level; its dewpoint is NaN or −∞ and
     * so is the result. {@link #point} makes it NaN where {@code q <= 0}.
     */
    public static float lclPressure(float T, float p, float w) {
        return lclPressure(T, p, w, LCL_MAX_ITERATIONS);
    }

    /** {@link #lclPressure(float, float, float)} giving up after {@code maxIterations} steps: the test seam. */
    static float lclPressure(float T, float p, float w, int maxIterations) {
        float level = p;
        for (int i = 0; i < maxIterations; i++) {
            float next = p * (float) Math.pow(dewpoint(vapourPressureFromMixingRatio(level, w)) / T, 1f / KAPPA);
            if (Math.abs(next - level) <= LCL_RELATIVE_CHANGE * Math.abs(next)) {
                return next;
            }
            level = next;
        }
        return Float.NaN;
    }

    /**
     * Temperature in K of the lifting condensation level at pressure {@code lclPressure} (hPa) of a parcel with
     * mixing ratio {@code w}: the dewpoint of the vapour pressure there, {@code Td(e(lclPressure, w))}. NaN where
     * {@code lclPressure} is NaN.
     */
    public static float lclTemperature(float lclPressure, float w) {
        return dewpoint(vapourPressureFromMixingRatio(lclPressure, w));
    }

    /**
     * All eight outputs of one grid point, in the order of {@link WeatherOutput#values()}: theta, es, e, rh, td,
     * thetae, lcl_p, lcl_t. Every output is NaN where {@code T} or {@code q} is missing; td, thetae, lcl_p and
     * lcl_t are NaN where {@code q <= 0}, and lcl_p and lcl_t where the level's iteration does not converge.
     *
     * @param out receives the outputs at indices 0 to {@link WeatherOutput#COUNT} − 1
     */
    public static void point(float T, float q, float p, float[] out) {
        if (isMissing(T) || isMissing(q)) {
            java.util.Arrays.fill(out, 0, WeatherOutput.COUNT, Float.NaN);
            return;
        }
        float w = mixingRatioFromSpecificHumidity(q);
        float e = vapourPressureFromMixingRatio(p, w);
        float saturation = es(T);
        out[0] = theta(T, p);
        out[1] = saturation;
        out[2] = e;
        out[3] = rh(e, saturation);
        if (q > 0) {
            float td = dewpoint(e);
            float lcl = lclPressure(T, p, w);
            out[4] = td;
            out[5] = thetae(T, p, e, td);
            out[6] = lcl;
            out[7] = lclTemperature(lcl, w);
        } else {
            java.util.Arrays.fill(out, 4, WeatherOutput.COUNT, Float.NaN);
        }
    }
}
