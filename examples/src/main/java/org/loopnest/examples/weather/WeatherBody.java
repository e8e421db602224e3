package org.loopnest.examples.weather;

import org.loopnest.kernel.DeviceCode;

/**
 * The weather loop's one body, in the kernel language (a C subset; see {@code docs/KERNELS.md}): all eight
 * outputs of {@link WeatherFormulas#point}, the lifting condensation level's fixed-point loop included, written
 * once for every device. It reads the inputs {@code T} (K), {@code q} (kg/kg) and {@code p} (hPa) and assigns every
 * output named by a {@link WeatherOutput#key() key} on every path.
 *
 * <p><b>Same results:</b> the helpers and the body make the same {@code float} operations in the same order as
 * {@link WeatherFormulas}, with the constants ε, κ, the missing threshold and the iteration's limits formatted in
 * from there. Compiled for the JVM, where a {@code float} math function is the {@code double} one of
 * {@link Math} rounded once (as in {@link WeatherFormulas}), it gives the Java formulas' results bit for bit. On
 * OpenCL and CUDA the device's own {@code exp}, {@code log} and {@code pow} differ from them by a few ulps, which
 * can also end the level's iteration a step earlier or later: there the results agree within each output's
 * {@link WeatherOutput#tolerance() tolerance}, not bit for bit.
 *
 * <p><b>Names:</b> helper parameters and locals avoid the names of the arrays ({@code T}, {@code p}, {@code e},
 * ...) and of the loop indices ({@code t, z, y, x}), which the language does not let them shadow.
 */
public final class WeatherBody {
    /** The kernel's name, and the stem of the files {@code --dump-kernels} writes. */
    public static final String NAME = "weather";

    /**
     * The thermodynamic helpers this body and {@link ColumnBody} share: the missing-value test {@code wx_missing},
     * {@code wx_es}, {@code wx_vapour_pressure}, {@code wx_dewpoint} (one per formula of {@link WeatherFormulas}) and
     * {@code wx_lcl_pressure}, the lifting condensation level's loop with its early {@code return}.
     */
    static final String THERMODYNAMICS = """
            bool wx_missing(float v) {
                return isnan(v) || v <= %3$s;
            }

            float wx_es(float kelvin) {
                return 6.112f * exp(17.67f * (kelvin - 273.15f) / (kelvin - 29.65f));
            }

            float wx_vapour_pressure(float pressure, float w) {
                return pressure * w / (%1$s + w);
            }

            float wx_dewpoint(float vp) {
                const float v = log(vp / 6.112f);
                return 273.15f + 243.5f * v / (17.67f - v);
            }

            float wx_lcl_pressure(float kelvin, float pressure, float w) {
                float level = pressure;
                for (int i = 0; i < %4$d; i++) {
                    const float dew = wx_dewpoint(wx_vapour_pressure(level, w));
                    const float next_level = pressure * pow(dew / kelvin, 1.0f / %2$s);
                    if (fabs(next_level - level) <= %5$s * fabs(next_level)) {
                        return next_level;
                    }
                    level = next_level;
                }
                return NAN;
            }
            """.formatted(literal(WeatherFormulas.EPSILON), literal(WeatherFormulas.KAPPA),
            literal(WeatherFormulas.MISSING_BELOW), WeatherFormulas.LCL_MAX_ITERATIONS,
            literal(WeatherFormulas.LCL_RELATIVE_CHANGE));

    /**
     * The helper functions: the shared {@link #THERMODYNAMICS}, and {@code wx_thetae}, the equivalent potential
     * temperature of {@link WeatherFormulas}.
     */
    public static final String HELPERS = THERMODYNAMICS + "\n" + """
            float wx_thetae(float kelvin, float pressure, float vp, float dew) {
                const float r = %1$s * vp / (pressure - vp);
                const float tl = 56.0f + 1.0f / (1.0f / (dew - 56.0f) + log(kelvin / dew) / 800.0f);
                const float theta_dl = kelvin * pow(1000.0f / (pressure - vp), %2$s) * pow(kelvin / tl, 0.28f * r);
                return theta_dl * exp(r * (1.0f + 0.448f * r) * (3036.0f / tl - 1.78f));
            }
            """.formatted(literal(WeatherFormulas.EPSILON), literal(WeatherFormulas.KAPPA));

    /** The body of one grid point: NaN where missing, then the eight outputs as {@link WeatherFormulas#point}. */
    public static final String BODY = """
            if (wx_missing(T) || wx_missing(q)) {
                theta = NAN;
                es = NAN;
                e = NAN;
                rh = NAN;
                td = NAN;
                thetae = NAN;
                lcl_p = NAN;
                lcl_t = NAN;
            } else {
                const float w = q / (1.0f - q);
                const float vp = wx_vapour_pressure(p, w);
                const float saturation = wx_es(T);
                theta = T * pow(1000.0f / p, %1$s);
                es = saturation;
                e = vp;
                rh = vp / saturation;
                if (q > 0.0f) {
                    const float dew = wx_dewpoint(vp);
                    const float level = wx_lcl_pressure(T, p, w);
                    td = dew;
                    thetae = wx_thetae(T, p, vp, dew);
                    lcl_p = level;
                    lcl_t = wx_dewpoint(wx_vapour_pressure(level, w));
                } else {
                    td = NAN;
                    thetae = NAN;
                    lcl_p = NAN;
                    lcl_t = NAN;
                }
            }
            """.formatted(literal(WeatherFormulas.KAPPA));

    /** The body with its helpers, named {@value #NAME}. */
    public static final DeviceCode CODE = new DeviceCode(NAME, BODY, HELPERS);

    private static final String MISSING_TEST = "if (wx_missing(T) || wx_missing(q)) {";

    private WeatherBody() {
    }

    /**
     * The body with its helpers, where a value of {@code T} or {@code q} equal to one of {@code markers}' values is
     * missing too (a file's {@code UNDEF} or {@code _FillValue} that the rule "NaN or ≤ −1e30" does not catch).
     * Without such markers, {@link #CODE} itself.
     *
     * @param markers the extra missing values of each input
     * @return the device code, named {@value #NAME}
     */
    public static DeviceCode code(MissingMarkers markers) {
        if (markers.none()) {
            return CODE;
        }
        String body = BODY.replace(MISSING_TEST, "if (wx_missing(T) || wx_missing(q) || wx_marked_t(T) || "
                + "wx_marked_q(q)) {");
        return new DeviceCode(NAME, body, HELPERS + "\n" + marked("wx_marked_t", markers.temperature()) + "\n"
                + marked("wx_marked_q", markers.humidity()));
    }

    /**
     * {@return a helper {@code bool function(float v)} that is true where {@code v} equals one of {@code values}: the
     * test of a file's own missing values, for this body and {@link ColumnBody}}
     */
    static String marked(String function, float[] values) {
        StringBuilder test = new StringBuilder();
        for (float v : values) {
            test.append(test.isEmpty() ? "" : " || ").append("v == ").append(literal(v));
        }
        return "bool " + function + "(float v) {\n    return " + (test.isEmpty() ? "false" : test) + ";\n}\n";
    }

    /**
     * {@code value} as a kernel-language expression that reads back as the same {@code float}: its shortest decimal
     * form with a lower-case exponent and the suffix {@code f}, e.g. {@code 0.2857143f}, {@code -1.0e30f}; the
     * literals {@code NAN} and {@code INFINITY} for the values no decimal can spell ({@code (-INFINITY)} for −∞). A
     * marker beyond {@code float}'s range (a GrADS {@code UNDEF} of {@code 1e39}) is ±∞ by then: the readers convert
     * it to {@code float} as they convert the data.
     */
    static String literal(float value) {
        if (Float.isNaN(value)) {
            return "NAN";
        }
        if (Float.isInfinite(value)) {
            return value > 0 ? "INFINITY" : "(-INFINITY)";
        }
        return Float.toString(value).replace('E', 'e') + "f";
    }
}
