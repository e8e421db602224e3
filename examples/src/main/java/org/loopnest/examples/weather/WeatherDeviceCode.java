package org.loopnest.examples.weather;

import org.loopnest.kernel.DeviceCode;

/**
 * The weather loop's body in C, for OpenCL and CUDA devices: the formulas of {@link WeatherFormulas} (MetPy 1.6,
 * Bolton 1980) in {@code float} with the device's own {@code exp}, {@code log} and {@code pow}, and the same
 * missing-value rule. Results agree with the Java body within each output's
 * {@link WeatherOutput#tolerance() tolerance} (not bit for bit: the Java body evaluates transcendental functions
 * in {@code double}).
 */
public final class WeatherDeviceCode {
    /** The kernel's entry point, and the name of the files {@code --dump-kernels} writes. */
    public static final String NAME = "weather";

    /** The helper functions, one per formula, placed before the kernel. */
    public static final String HELPERS = """
            LN_FUNC int wx_missing(float v) { return isnan(v) || v <= %sf; }
            LN_FUNC float wx_es(float T) { return 6.112f * exp(17.67f * (T - 273.15f) / (T - 29.65f)); }
            LN_FUNC float wx_vapour_pressure(float p, float w) { return p * w / (%sf + w); }
            LN_FUNC float wx_dewpoint(float vp) { const float v = log(vp / 6.112f); return 273.15f + 243.5f * v / (17.67f - v); }
            LN_FUNC float wx_thetae(float T, float p, float vp, float dew) {
                const float r = %sf * vp / (p - vp);
                const float tl = 56.0f + 1.0f / (1.0f / (dew - 56.0f) + log(T / dew) / 800.0f);
                const float theta_dl = T * pow(1000.0f / (p - vp), %sf) * pow(T / tl, 0.28f * r);
                return theta_dl * exp(r * (1.0f + 0.448f * r) * (3036.0f / tl - 1.78f));
            }
            LN_FUNC float wx_lcl_pressure(float T, float p, float w) {
                float level = p;
                for (int i = 0; i < %d; i++) {
                    const float next = p * pow(wx_dewpoint(wx_vapour_pressure(level, w)) / T, 1.0f / %sf);
                    if (fabs(next - level) <= %sf * fabs(next)) {
                        return next;
                    }
                    level = next;
                }
                return NAN;
            }
            """.formatted(WeatherFormulas.MISSING_BELOW, WeatherFormulas.EPSILON, WeatherFormulas.EPSILON,
            WeatherFormulas.KAPPA, WeatherFormulas.LCL_MAX_ITERATIONS, WeatherFormulas.KAPPA,
            WeatherFormulas.LCL_RELATIVE_CHANGE);

    /** The body of one grid point: inputs {@code T}, {@code q}, {@code p}; the eight outputs by their keys. */
    public static final String BODY = """
            if (wx_missing(T) || wx_missing(q)) {
                theta = NAN; es = NAN; e = NAN; rh = NAN; td = NAN; thetae = NAN; lcl_p = NAN; lcl_t = NAN;
            } else {
                const float w = q / (1.0f - q);
                const float vp = wx_vapour_pressure(p, w);
                const float saturation = wx_es(T);
                theta = T * pow(1000.0f / p, %sf);
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
            """.formatted(WeatherFormulas.KAPPA);

    /** The device code: {@link #BODY} with {@link #HELPERS}, named {@value #NAME}. */
    public static final DeviceCode CODE = new DeviceCode(NAME, BODY, HELPERS);

    private WeatherDeviceCode() {
    }
}
