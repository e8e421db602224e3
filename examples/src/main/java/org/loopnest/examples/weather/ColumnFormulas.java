package org.loopnest.examples.weather;

import java.util.Arrays;

/**
 * The column physics of the weather example in {@code float}: per column of levels, the geopotential height of each
 * level above the lowest ({@code gh}, m), the precipitable water ({@code pw}, mm) and the convective available
 * potential energy and convective inhibition of a parcel lifted from the lowest level ({@code cape}, {@code cin},
 * J/kg). The same operations in the same order as {@link ColumnBody}, so that the body compiled for the JVM gives
 * these results bit for bit; the perf comparisons use {@link #column} as the hand-written loop. A {@code float}
 * math function is the {@code double} one of {@link Math} rounded once, as in {@link WeatherFormulas}.
 *
 * <p><b>Constants</b> (MetPy 1.6): {@code Rd = 8.314462618/0.02896546} J/(kg·K), {@code Cp = 3.5·Rd},
 * {@code ε = 18.015268/28.96546} ({@link WeatherFormulas#EPSILON}), {@code κ = 2/7} ({@link WeatherFormulas#KAPPA}),
 * {@code g = 9.80665} m/s², {@code Lv = 2.50084e6} J/kg; each is worked out in {@code double} and rounded once, and
 * so are the two quotients the formulas use, {@link #RD_OVER_G} and {@link #PW_SCALE}.
 *
 * <p><b>The column</b>: level {@code k = 0} has the highest pressure and {@code k} grows upward; the pressures must
 * be positive and strictly decreasing (not checked). With {@code w = q/(1 − q)} and the virtual temperature
 * {@code Tv = T·(w + ε)/(ε·(1 + w))}:
 * <ul>
 *   <li>{@code gh₀ = 0}, {@code gh_k = gh_{k−1} + (Rd/g)·((Tv_{k−1} + Tv_k)·0.5)·ln(p_{k−1}/p_k)};
 *   <li>{@code pw = Σ (w_{k−1} + w_k)·0.5·(p_{k−1} − p_k)·(100/g)} over the layers (hPa → Pa, kg/m² = mm);
 *   <li>the parcel starts at level 0 with the environment's {@code T₀, p₀, w₀} (so its buoyancy there is 0). Its
 *       lifting condensation level (LCL) is the weather example's fixed point
 *       ({@link WeatherFormulas#lclPressure}) with the temperature {@link WeatherFormulas#lclTemperature} there. An
 *       LCL at or below level 0 ({@code p_LCL ≥ p₀}: the parcel is saturated already) is taken as
 *       {@code (p₀, T₀)}. At and below the LCL ({@code p_k ≥ p_LCL}) the parcel is {@code T₀·(p_k/p₀)^κ} with
 *       mixing ratio {@code w₀}; above it, the pseudo-adiabat {@code dT/dp = (Rd·T + Lv·r_s)/(Cp +
 *       Lv·Lv·r_s·ε/(Rd·T·T))/p}, {@code r_s = ε·e_s/(p − e_s)} (Bolton's {@code e_s}, {@link WeatherFormulas#es}),
 *       integrated by classic RK4 in {@code p} from the LCL to the first level above it, then from level to level,
 *       each stretch in {@code n = ceil((p_from − p_to)/5)} equal steps ({@code n} at least 1, at most
 *       {@link #MAX_STEPS}), with mixing ratio {@code r_s} at the level;
 *   <li>buoyancy {@code b_k = Tv(parcel) − Tv(environment)}; between two points of opposite sign
 *       ({@code b > 0} against {@code b ≤ 0}) the zero crossing is inserted at the fraction
 *       {@code b_a/(b_a − b_b)} of the layer in {@code ln p}. Integrals are trapezoids in {@code −ln p} over the
 *       points, times {@code Rd};
 *   <li>level of free convection (LFC): if {@code b > 0} at the first level above the LCL, the LCL itself, taken
 *       as a point of the profile whose buoyancy is the parcel's {@code Tv(T_LCL, w₀)} minus the environment's
 *       {@code Tv} interpolated linearly in {@code ln p} between the levels around it; CIN then runs to it over
 *       the points below and CAPE from it (a crossing between it and the next level is inserted, so a
 *       {@code b ≤ 0} there is a small negative part of CAPE). Otherwise the first upward crossing ({@code b} from
 *       {@code ≤ 0} to {@code > 0}) in a layer whose lower level is above the LCL;
 *   <li>equilibrium level (EL): the highest downward crossing ({@code b} from {@code > 0} to {@code ≤ 0}) above
 *       the LFC, else the top level. CAPE integrates {@code b} from the LFC to the EL, negative pockets between them
 *       included; CIN integrates {@code min(b, 0)} from level 0 to the LFC. One upward pass computes both: a running
 *       integral from the LFC, remembered at each downward crossing.
 * </ul>
 *
 * <p><b>Special cases</b>: any missing {@code T} or {@code q} ({@link WeatherFormulas#isMissing}) in a column, or a
 * column of no levels: {@code gh} of every level, {@code pw}, {@code cape} and {@code cin} NaN. A dry parcel
 * ({@code q₀ ≤ 0}: no LCL), an LCL above the top level or no LFC: {@code cape = cin = 0}. An LCL whose iteration
 * does not converge: {@code cape = cin = NaN} ({@code gh} and {@code pw} are still computed).
 *
 * <p><b>Pitfalls:</b> Bolton's {@code e_s} has a pole at {@code T = 29.65 K}; a parcel lifted from a very cold
 * lowest level to about 1 hPa comes near it, and its buoyancy there is meaningless (NaN past the pole). CAPE is not
 * clamped: negative pockets between the LFC and the EL can make it negative. Stateless and thread-safe; no
 * allocation.
 */
public final class ColumnFormulas {
    /** The gas constant of dry air {@code Rd = R/Md = 8.314462618/0.02896546} J/(kg·K). */
    public static final float RD = (float) (8.314462618 / 0.02896546);
    /** The specific heat of dry air at constant pressure {@code Cp = 3.5·Rd} J/(kg·K). */
    public static final float CP = (float) (3.5 * (8.314462618 / 0.02896546));
    /** The latent heat of vaporisation {@code Lv = 2.50084e6} J/kg. */
    public static final float LV = 2.50084e6f;
    /** The standard gravity {@code g = 9.80665} m/s². */
    public static final float G = 9.80665f;
    /** {@code Rd/g} in m/K, the hypsometric factor. */
    public static final float RD_OVER_G = (float) (8.314462618 / 0.02896546 / 9.80665);
    /** {@code 100/g} in s²/m: a layer's mixing ratio times its depth in hPa times this is its water in mm. */
    public static final float PW_SCALE = (float) (100 / 9.80665);
    /** The largest RK4 step of the moist adiabat, in hPa. */
    public static final float MAX_STEP = 5f;
    /** The most RK4 steps between two points of the moist adiabat (a stretch over 5000 hPa: never in practice). */
    public static final int MAX_STEPS = 1000;
    /** The index of {@code pw} in {@link #column}'s result. */
    public static final int PW = 0;
    /** The index of {@code cape} in {@link #column}'s result. */
    public static final int CAPE = 1;
    /** The index of {@code cin} in {@link #column}'s result. */
    public static final int CIN = 2;
    /** The number of per-column results. */
    public static final int COUNT = 3;

    private ColumnFormulas() {
    }

    /**
     * One column stored contiguously: {@code T[k]}, {@code q[k]}, {@code p[k]} for {@code k < nz}.
     *
     * @param T temperatures in K, level 0 at the highest pressure
     * @param q specific humidities in kg/kg
     * @param p pressures in hPa, strictly decreasing
     * @param nz the number of levels
     * @param gh receives the height of each level above level 0 in m ({@code gh[k]}, {@code k < nz})
     * @param result receives pw (mm), cape and cin (J/kg) at {@link #PW}, {@link #CAPE} and {@link #CIN}
     */
    public static void column(float[] T, float[] q, float[] p, int nz, float[] gh, float[] result) {
        column(T, q, 0, 1, p, nz, gh, result);
    }

    /**
     * One column stored with a stride: level {@code k} of {@code T}, {@code q} and {@code gh} at
     * {@code base + k·stride} (a {@code [t][z][y][x]} grid: {@code stride = ny·nx}; negative for levels stored from
     * the top down), of {@code p} at {@code k}. The results are those of the class description; no other element of
     * {@code gh} is touched.
     *
     * @param T temperatures in K, level 0 at the highest pressure
     * @param q specific humidities in kg/kg
     * @param base the index of level 0 in {@code T}, {@code q} and {@code gh}
     * @param stride the distance from one level to the next above it in {@code T}, {@code q} and {@code gh}
     * @param p pressures in hPa of the levels, strictly decreasing
     * @param nz the number of levels
     * @param gh receives the height of each level above level 0 in m
     * @param result receives pw (mm), cape and cin (J/kg) at {@link #PW}, {@link #CAPE} and {@link #CIN}
     */
    public static void column(float[] T, float[] q, int base, int stride, float[] p, int nz, float[] gh,
            float[] result) {
        boolean bad = nz < 1;
        for (int k = 0; k < nz; k++) {
            if (WeatherFormulas.isMissing(T[base + k * stride]) || WeatherFormulas.isMissing(q[base + k * stride])) {
                bad = true;
                break;
            }
        }
        if (bad) {
            for (int k = 0; k < nz; k++) {
                gh[base + k * stride] = Float.NaN;
            }
            Arrays.fill(result, 0, COUNT, Float.NaN);
            return;
        }
        float t0 = T[base];
        float q0 = q[base];
        float p0 = p[0];
        float w0 = WeatherFormulas.mixingRatioFromSpecificHumidity(q0);
        float lclP = p0;
        float lclT = t0;
        boolean unknown = false;
        if (q0 > 0f) {
            float level = WeatherFormulas.lclPressure(t0, p0, w0);
            if (Float.isNaN(level)) {
                unknown = true;
            } else if (level < p0) {
                lclP = level;
                lclT = WeatherFormulas.lclTemperature(level, w0);
            }
        }
        boolean lifted = q0 > 0f && !unknown;
        float tvBelow = virtualTemperature(t0, w0);
        float wBelow = w0;
        float bBelow = 0f;
        float moistP = lclP;
        float moistT = lclT;
        float height = 0f;
        float water = 0f;
        float neg = 0f;
        float area = 0f;
        float areaEl = 0f;
        boolean found = false;
        boolean el = false;
        gh[base] = 0f;
        for (int k = 1; k < nz; k++) {
            float tk = T[base + k * stride];
            float w = WeatherFormulas.mixingRatioFromSpecificHumidity(q[base + k * stride]);
            float tv = virtualTemperature(tk, w);
            float depth = (float) Math.log(p[k - 1] / p[k]);
            height = height + RD_OVER_G * ((tvBelow + tv) * 0.5f) * depth;
            water = water + (wBelow + w) * 0.5f * (p[k - 1] - p[k]) * PW_SCALE;
            gh[base + k * stride] = height;
            if (lifted) {
                float parcelT;
                float parcelW;
                if (p[k] >= lclP) {
                    parcelT = t0 * (float) Math.pow(p[k] / p0, WeatherFormulas.KAPPA);
                    parcelW = w0;
                } else {
                    moistT = moistTemperature(moistP, p[k], moistT);
                    moistP = p[k];
                    parcelT = moistT;
                    parcelW = saturationMixingRatio(moistT, p[k]);
                }
                float b = virtualTemperature(parcelT, parcelW) - tv;
                if (!found) {
                    if (p[k] < lclP && p[k - 1] >= lclP && b > 0f) {
                        float lower = (float) Math.log(p[k - 1] / lclP);
                        float tvLcl = tvBelow + (tv - tvBelow) * (lower / depth);
                        float bLcl = virtualTemperature(lclT, w0) - tvLcl;
                        neg = neg + negativePart(bBelow, bLcl, lower);
                        area = trapezoid(bLcl, b, (float) Math.log(lclP / p[k]));
                        found = true;
                    } else {
                        neg = neg + negativePart(bBelow, b, depth);
                        if (p[k - 1] < lclP && bBelow <= 0f && b > 0f) {
                            area = afterCrossing(bBelow, b, depth);
                            found = true;
                        }
                    }
                } else {
                    if (bBelow > 0f && b <= 0f) {
                        areaEl = area + beforeCrossing(bBelow, b, depth);
                        el = true;
                    }
                    area = area + trapezoid(bBelow, b, depth);
                }
                bBelow = b;
            }
            tvBelow = tv;
            wBelow = w;
        }
        result[PW] = water;
        if (unknown) {
            result[CAPE] = Float.NaN;
            result[CIN] = Float.NaN;
        } else if (found) {
            result[CAPE] = RD * (el ? areaEl : area);
            result[CIN] = RD * neg;
        } else {
            result[CAPE] = 0f;
            result[CIN] = 0f;
        }
    }

    /** Virtual temperature {@code T·(w + ε)/(ε·(1 + w))} in K of temperature {@code T} (K), mixing ratio {@code w}. */
    public static float virtualTemperature(float T, float w) {
        return T * (w + WeatherFormulas.EPSILON) / (WeatherFormulas.EPSILON * (1f + w));
    }

    /** Saturation mixing ratio {@code ε·e_s/(p − e_s)} (kg/kg) at temperature {@code T} (K), pressure {@code p}. */
    public static float saturationMixingRatio(float T, float p) {
        float es = WeatherFormulas.es(T);
        return WeatherFormulas.EPSILON * es / (p - es);
    }

    /**
     * The pseudo-adiabatic lapse rate {@code dT/dp} in K/hPa at pressure {@code p} (hPa) and temperature {@code T}
     * (K): {@code (Rd·T + Lv·r_s)/(Cp + Lv·Lv·r_s·ε/(Rd·T·T))/p}, {@code r_s} of {@link #saturationMixingRatio}.
     */
    public static float moistLapseRate(float p, float T) {
        float rs = saturationMixingRatio(T, p);
        return (RD * T + LV * rs) / (CP + LV * LV * rs * WeatherFormulas.EPSILON / (RD * T * T)) / p;
    }

    /**
     * One classic RK4 step of {@link #moistLapseRate} from {@code (p, T)} by {@code h} hPa (negative upward).
     *
     * @return the temperature in K at {@code p + h}
     */
    public static float rk4Step(float p, float T, float h) {
        float half = 0.5f * h;
        float k1 = moistLapseRate(p, T);
        float k2 = moistLapseRate(p + half, T + half * k1);
        float k3 = moistLapseRate(p + half, T + half * k2);
        float k4 = moistLapseRate(p + h, T + h * k3);
        return T + h / 6f * (k1 + 2f * k2 + 2f * k3 + k4);
    }

    /**
     * The temperature in K at pressure {@code to} of the pseudo-adiabat through {@code (from, T)}: {@code n} RK4
     * steps of {@code (to − from)/n} hPa, {@code n = ceil((from − to)/}{@link #MAX_STEP}{@code )} when that is
     * above 1 (at most {@link #MAX_STEPS}), else 1; step {@code i} starts at {@code from + i·h}.
     */
    public static float moistTemperature(float from, float to, float T) {
        float count = (float) Math.ceil((from - to) / MAX_STEP);
        int n = count > 1f ? (count < MAX_STEPS ? (int) count : MAX_STEPS) : 1;
        float h = (to - from) / (float) n;
        float temperature = T;
        for (int i = 0; i < n; i++) {
            temperature = rk4Step(from + (float) i * h, temperature, h);
        }
        return temperature;
    }

    /** The fraction {@code b0/(b0 − b1)} of a layer where the buoyancy, linear from {@code b0} to {@code b1}, is 0. */
    static float crossing(float b0, float b1) {
        return b0 / (b0 - b1);
    }

    /** The trapezoid from {@code b0} to the zero crossing, over the crossing's part of a layer {@code d} deep. */
    static float beforeCrossing(float b0, float b1, float d) {
        return b0 * 0.5f * (crossing(b0, b1) * d);
    }

    /** The trapezoid from the zero crossing to {@code b1}, over the rest of a layer {@code d} deep. */
    static float afterCrossing(float b0, float b1, float d) {
        return b1 * 0.5f * ((1f - crossing(b0, b1)) * d);
    }

    /** The integral over a layer {@code d} deep from {@code b0} to {@code b1}, split at a crossing of signs. */
    static float trapezoid(float b0, float b1, float d) {
        if ((b0 > 0f) != (b1 > 0f)) {
            return beforeCrossing(b0, b1, d) + afterCrossing(b0, b1, d);
        }
        return (b0 + b1) * 0.5f * d;
    }

    /** The integral of {@code min(b, 0)} over a layer {@code d} deep from {@code b0} to {@code b1}, split likewise. */
    static float negativePart(float b0, float b1, float d) {
        if (b0 > 0f) {
            if (b1 > 0f) {
                return 0f;
            }
            return afterCrossing(b0, b1, d);
        }
        if (b1 > 0f) {
            return beforeCrossing(b0, b1, d);
        }
        return (b0 + b1) * 0.5f * d;
    }
}
