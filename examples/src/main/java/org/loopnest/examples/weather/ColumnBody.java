package org.loopnest.examples.weather;

import org.loopnest.kernel.DeviceCode;

/**
 * The weather example's column body, in the kernel language (see {@code docs/KERNELS.md}): per horizontal column
 * {@code (t, y, x)}, the height of each level, the precipitable water and the CAPE and CIN of a parcel lifted from
 * the lowest level, exactly as {@link ColumnFormulas} describes them, in one upward pass over the levels.
 *
 * <p><b>Arrays</b>, all {@code float}: inputs {@code T} (K) and {@code q} (kg/kg), column arrays over the axis
 * {@code z}, and {@code p} (hPa), a column array with only that axis; outputs {@code gh} (m), a column array, and
 * {@code pw} (mm), {@code cape} and {@code cin} (J/kg), one per column. Level {@code k = 0} has the highest pressure.
 * The body writes every element of {@code gh} (NaN where the column has a missing value) and assigns every
 * per-column output on every path.
 *
 * <p><b>Same results:</b> the helpers and the body make the same {@code float} operations in the same order as
 * {@link ColumnFormulas#column}, with the constants formatted in from {@link ColumnFormulas} and
 * {@link WeatherFormulas}; compiled for the JVM they give its results bit for bit. On OpenCL and CUDA the device's
 * {@code exp}, {@code log}, {@code pow} and fused multiply-adds differ by a few ulps, which can move the LCL's
 * iteration by a step and, where the buoyancy is within a rounding of zero, the choice of the LFC or the EL: there
 * the results agree within a tolerance, not bit for bit.
 *
 * <p><b>Names:</b> the thermodynamic helpers are {@link WeatherBody}'s own ({@code wx_missing}, {@code wx_es},
 * {@code wx_dewpoint}, {@code wx_lcl_pressure}, ...: one text, {@link WeatherBody#THERMODYNAMICS}); the column's own
 * helpers are prefixed {@code col_}. Locals avoid the arrays' names ({@code T}, {@code q}, {@code p},
 * {@code gh}, {@code pw}, {@code cape}, {@code cin}), the indices ({@code t}, {@code y}, {@code x}) and the axis
 * {@code z}.
 */
public final class ColumnBody {
    /** The kernel's name, and the stem of the files {@code --dump-kernels} writes. */
    public static final String NAME = "column";

    /**
     * The helper functions: {@link WeatherBody}'s thermodynamic helpers (the missing-value test, Bolton's {@code e_s},
     * vapour pressure, dewpoint and the LCL's fixed point, one text for both bodies), the mixing ratio, virtual
     * temperature and saturation mixing ratio, the pseudo-adiabat's lapse rate, one RK4 step and a stretch of steps, and the layer integrals with the
     * zero crossing inserted ({@code col_before}, {@code col_after}, {@code col_trapezoid}, {@code col_negative}).
     */
    public static final String HELPERS = WeatherBody.THERMODYNAMICS + "\n" + """
            float col_mixing_ratio(float humidity) {
                return humidity / (1.0f - humidity);
            }

            float col_virtual(float kelvin, float w) {
                return kelvin * (w + %1$s) / (%1$s * (1.0f + w));
            }

            float col_saturation_mixing(float kelvin, float pressure) {
                const float es = wx_es(kelvin);
                return %1$s * es / (pressure - es);
            }

            float col_lapse(float pressure, float kelvin) {
                const float rs = col_saturation_mixing(kelvin, pressure);
                return (%2$s * kelvin + %4$s * rs) / (%3$s + %4$s * %4$s * rs * %1$s / (%2$s * kelvin * kelvin))
                        / pressure;
            }

            float col_rk4(float pressure, float kelvin, float h) {
                const float mid = 0.5f * h;
                const float k1 = col_lapse(pressure, kelvin);
                const float k2 = col_lapse(pressure + mid, kelvin + mid * k1);
                const float k3 = col_lapse(pressure + mid, kelvin + mid * k2);
                const float k4 = col_lapse(pressure + h, kelvin + h * k3);
                return kelvin + h / 6.0f * (k1 + 2.0f * k2 + 2.0f * k3 + k4);
            }

            float col_moist(float from, float to, float kelvin) {
                const float count = ceil((from - to) / %5$s);
                const int n = count > 1.0f ? (count < %6$s ? (int) count : %7$d) : 1;
                const float h = (to - from) / (float) n;
                float temperature = kelvin;
                for (int i = 0; i < n; i++) {
                    temperature = col_rk4(from + (float) i * h, temperature, h);
                }
                return temperature;
            }

            float col_crossing(float b0, float b1) {
                return b0 / (b0 - b1);
            }

            float col_before(float b0, float b1, float d) {
                return b0 * 0.5f * (col_crossing(b0, b1) * d);
            }

            float col_after(float b0, float b1, float d) {
                return b1 * 0.5f * ((1.0f - col_crossing(b0, b1)) * d);
            }

            float col_trapezoid(float b0, float b1, float d) {
                if ((b0 > 0.0f) != (b1 > 0.0f)) {
                    return col_before(b0, b1, d) + col_after(b0, b1, d);
                }
                return (b0 + b1) * 0.5f * d;
            }

            float col_negative(float b0, float b1, float d) {
                if (b0 > 0.0f) {
                    if (b1 > 0.0f) {
                        return 0.0f;
                    }
                    return col_after(b0, b1, d);
                }
                if (b1 > 0.0f) {
                    return col_before(b0, b1, d);
                }
                return (b0 + b1) * 0.5f * d;
            }
            """.formatted(WeatherBody.literal(WeatherFormulas.EPSILON), WeatherBody.literal(ColumnFormulas.RD),
            WeatherBody.literal(ColumnFormulas.CP), WeatherBody.literal(ColumnFormulas.LV),
            WeatherBody.literal(ColumnFormulas.MAX_STEP), WeatherBody.literal((float) ColumnFormulas.MAX_STEPS),
            ColumnFormulas.MAX_STEPS);

    /**
     * The body of one column: NaN everywhere if a level is missing; else one pass up the levels that accumulates
     * the height, the water, the CIN below the LFC and the CAPE above it, as {@link ColumnFormulas#column}.
     */
    public static final String BODY = """
            const int levels = len(z);
            bool bad = levels < 1;
            for (int k = 0; k < levels; k++) {
                if (wx_missing(T[k]) || wx_missing(q[k])) {
                    bad = true;
                    break;
                }
            }
            if (bad) {
                for (int k = 0; k < levels; k++) {
                    gh[k] = NAN;
                }
                pw = NAN;
                cape = NAN;
                cin = NAN;
            } else {
                const float w0 = col_mixing_ratio(q[0]);
                float lcl_p = p[0];
                float lcl_t = T[0];
                bool unknown = false;
                if (q[0] > 0.0f) {
                    const float level = wx_lcl_pressure(T[0], p[0], w0);
                    if (isnan(level)) {
                        unknown = true;
                    } else if (level < p[0]) {
                        lcl_p = level;
                        lcl_t = wx_dewpoint(wx_vapour_pressure(level, w0));
                    }
                }
                const bool lifted = q[0] > 0.0f && !unknown;
                float tv_below = col_virtual(T[0], w0);
                float w_below = w0;
                float b_below = 0.0f;
                float moist_p = lcl_p;
                float moist_t = lcl_t;
                float height = 0.0f;
                float water = 0.0f;
                float neg = 0.0f;
                float area = 0.0f;
                float area_el = 0.0f;
                bool found = false;
                bool el = false;
                gh[0] = 0.0f;
                for (int k = 1; k < levels; k++) {
                    const float w = col_mixing_ratio(q[k]);
                    const float tv = col_virtual(T[k], w);
                    const float depth = log(p[k - 1] / p[k]);
                    height = height + %3$s * ((tv_below + tv) * 0.5f) * depth;
                    water = water + (w_below + w) * 0.5f * (p[k - 1] - p[k]) * %4$s;
                    gh[k] = height;
                    if (lifted) {
                        float parcel_t;
                        float parcel_w;
                        if (p[k] >= lcl_p) {
                            parcel_t = T[0] * pow(p[k] / p[0], %1$s);
                            parcel_w = w0;
                        } else {
                            moist_t = col_moist(moist_p, p[k], moist_t);
                            moist_p = p[k];
                            parcel_t = moist_t;
                            parcel_w = col_saturation_mixing(moist_t, p[k]);
                        }
                        const float b = col_virtual(parcel_t, parcel_w) - tv;
                        if (!found) {
                            if (p[k] < lcl_p && p[k - 1] >= lcl_p && b > 0.0f) {
                                const float lower = log(p[k - 1] / lcl_p);
                                const float tv_lcl = tv_below + (tv - tv_below) * (lower / depth);
                                const float b_lcl = col_virtual(lcl_t, w0) - tv_lcl;
                                neg = neg + col_negative(b_below, b_lcl, lower);
                                area = col_trapezoid(b_lcl, b, log(lcl_p / p[k]));
                                found = true;
                            } else {
                                neg = neg + col_negative(b_below, b, depth);
                                if (p[k - 1] < lcl_p && b_below <= 0.0f && b > 0.0f) {
                                    area = col_after(b_below, b, depth);
                                    found = true;
                                }
                            }
                        } else {
                            if (b_below > 0.0f && b <= 0.0f) {
                                area_el = area + col_before(b_below, b, depth);
                                el = true;
                            }
                            area = area + col_trapezoid(b_below, b, depth);
                        }
                        b_below = b;
                    }
                    tv_below = tv;
                    w_below = w;
                }
                pw = water;
                if (unknown) {
                    cape = NAN;
                    cin = NAN;
                } else if (found) {
                    cape = %2$s * (el ? area_el : area);
                    cin = %2$s * neg;
                } else {
                    cape = 0.0f;
                    cin = 0.0f;
                }
            }
            """.formatted(WeatherBody.literal(WeatherFormulas.KAPPA), WeatherBody.literal(ColumnFormulas.RD),
            WeatherBody.literal(ColumnFormulas.RD_OVER_G), WeatherBody.literal(ColumnFormulas.PW_SCALE));

    /** The body with its helpers, named {@value #NAME}. */
    public static final DeviceCode CODE = new DeviceCode(NAME, BODY, HELPERS);

    private static final String MISSING_TEST = "if (wx_missing(T[k]) || wx_missing(q[k])) {";

    private ColumnBody() {
    }

    /**
     * The body with its helpers, where a value of {@code T} or {@code q} equal to one of {@code markers}' values is
     * missing too (a file's {@code UNDEF} or {@code _FillValue} that the rule "NaN or ≤ −1e30" does not catch), so
     * that a column holding one is NaN throughout. Without such markers, {@link #CODE} itself.
     *
     * @param markers the extra missing values of each input
     * @return the device code, named {@value #NAME}
     */
    public static DeviceCode code(MissingMarkers markers) {
        if (markers.none()) {
            return CODE;
        }
        String body = BODY.replace(MISSING_TEST, "if (wx_missing(T[k]) || wx_missing(q[k]) || col_marked_t(T[k]) "
                + "|| col_marked_q(q[k])) {");
        return new DeviceCode(NAME, body, HELPERS + "\n" + WeatherBody.marked("col_marked_t", markers.temperature())
                + "\n" + WeatherBody.marked("col_marked_q", markers.humidity()));
    }
}
