package org.loopnest.examples.weather;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The column physics of {@link ColumnFormulas} in {@code double}, written the plain way: whole profiles first (the
 * environment's mixing ratio and virtual temperature, the parcel, the buoyancy at every level), then the list of
 * points in {@code ln p} with the LCL and the zero crossings inserted, then the LFC and EL found in that list and
 * the integrals taken over it. The yardstick for the {@code float} one-pass code, not what the example computes.
 *
 * <p>Same definitions as {@link ColumnFormulas}: MetPy 1.6's constants; the LCL of
 * {@link DoubleWeatherFormulas#lclPressure} ({@code (p₀, T₀)} when it is at or below level 0); RK4 stretches of at
 * most 5 hPa; buoyancy of virtual temperatures; the LCL a point of the profile only when it is the LFC ({@code b > 0}
 * at the first level above it), its buoyancy that of the parcel at the LCL against the environment interpolated
 * linearly in {@code ln p}; CAPE from the LFC to the highest downward crossing above it (else the top), CIN of
 * {@code min(b, 0)} from level 0 to the LFC; NaN for a column with a missing value, 0 for a dry parcel or no LFC.
 * Thread-safe (stateless).
 */
final class ColumnReference {
    /** {@code Rd} in J/(kg·K). */
    static final double RD = 8.314462618 / 0.02896546;
    /** {@code Cp = 3.5·Rd} in J/(kg·K). */
    static final double CP = 3.5 * RD;
    /** {@code ε = Mw/Md}. */
    static final double EPSILON = 18.015268 / 28.96546;
    /** {@code κ = 2/7}. */
    static final double KAPPA = 2.0 / 7.0;
    /** {@code g} in m/s². */
    static final double G = 9.80665;
    /** {@code Lv} in J/kg. */
    static final double LV = 2.50084e6;

    private ColumnReference() {
    }

    /**
     * The outputs of one column and the levels found on the way.
     *
     * @param gh the height of each level above level 0 in m
     * @param pw precipitable water in mm
     * @param cape CAPE in J/kg
     * @param cin CIN in J/kg
     * @param lclPressure the parcel's LCL in hPa (NaN for a dry parcel or a missing value)
     * @param lfcPressure the LFC in hPa (NaN if none)
     * @param elPressure the EL in hPa (NaN if no LFC)
     * @param margin the smallest {@code |b|} in K over the levels above the LCL and the LCL (∞ if none): how near
     *     the choice of LFC and EL is to being decided by a rounding
     */
    record Result(double[] gh, double pw, double cape, double cin, double lclPressure, double lfcPressure,
            double elPressure, double margin) {
    }

    private record Point(double lnp, double b) {
    }

    /** {@return the outputs of a sounding's column} */
    static Result of(Soundings.Sounding s) {
        return of(s.T(), s.q(), s.p());
    }

    /**
     * The outputs of one column.
     *
     * @param T temperatures in K, level 0 at the highest pressure
     * @param q specific humidities in kg/kg
     * @param p pressures in hPa, strictly decreasing
     * @return the outputs
     */
    static Result of(float[] T, float[] q, float[] p) {
        int n = p.length;
        double[] gh = new double[n];
        boolean missing = n == 0;
        for (int k = 0; k < n; k++) {
            missing |= WeatherFormulas.isMissing(T[k]) || WeatherFormulas.isMissing(q[k]);
        }
        if (missing) {
            Arrays.fill(gh, Double.NaN);
            return new Result(gh, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] w = new double[n];
        double[] tv = new double[n];
        for (int k = 0; k < n; k++) {
            w[k] = q[k] / (1.0 - q[k]);
            tv[k] = virtual(T[k], w[k]);
        }
        double pw = 0;
        for (int k = 1; k < n; k++) {
            gh[k] = gh[k - 1] + RD / G * (tv[k - 1] + tv[k]) / 2 * Math.log((double) p[k - 1] / p[k]);
            pw += (w[k - 1] + w[k]) / 2 * ((double) p[k - 1] - p[k]) * 100 / G;
        }
        double inf = Double.POSITIVE_INFINITY;
        if (q[0] <= 0) {
            return new Result(gh, pw, 0, 0, Double.NaN, Double.NaN, Double.NaN, inf);
        }
        double lcl = DoubleWeatherFormulas.lclPressure(T[0], p[0], w[0]);
        if (Double.isNaN(lcl)) {
            return new Result(gh, pw, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, inf);
        }
        double lclT = lcl < p[0] ? DoubleWeatherFormulas.lclTemperature(lcl, w[0]) : T[0];
        lcl = Math.min(lcl, p[0]);
        double[] b = buoyancy(T, p, w, tv, lcl, lclT);
        int above = 0;
        while (above < n && p[above] >= lcl) {
            above++;
        }
        if (above == n) {
            return new Result(gh, pw, 0, 0, lcl, Double.NaN, Double.NaN, inf);
        }
        double margin = inf;
        for (int k = above; k < n; k++) {
            margin = Math.min(margin, Math.abs(b[k]));
        }
        List<Point> points = new ArrayList<>();
        int lfc = -1;
        for (int k = 0; k < n; k++) {
            if (k == above && b[k] > 0) {
                double share = (Math.log(p[k - 1]) - Math.log(lcl)) / (Math.log(p[k - 1]) - Math.log(p[k]));
                double bLcl = virtual(lclT, w[0]) - (tv[k - 1] + share * (tv[k] - tv[k - 1]));
                margin = Math.min(margin, Math.abs(bLcl));
                add(points, new Point(Math.log(lcl), bLcl));
                lfc = points.size() - 1;
            }
            add(points, new Point(Math.log(p[k]), b[k]));
            if (lfc < 0 && k > above && b[k - 1] <= 0 && b[k] > 0) {
                lfc = points.size() - 2; // the crossing just inserted
            }
        }
        if (lfc < 0) {
            return new Result(gh, pw, 0, 0, lcl, Double.NaN, Double.NaN, margin);
        }
        int el = points.size() - 1;
        for (int j = lfc + 1; j < points.size(); j++) {
            if (points.get(j - 1).b() > 0 && points.get(j).b() <= 0) {
                el = j;
            }
        }
        double cape = 0;
        for (int i = lfc; i < el; i++) {
            cape += layer(points.get(i).b(), points.get(i + 1).b(), points.get(i), points.get(i + 1));
        }
        double cin = 0;
        for (int i = 0; i < lfc; i++) {
            cin += layer(Math.min(points.get(i).b(), 0), Math.min(points.get(i + 1).b(), 0), points.get(i),
                    points.get(i + 1));
        }
        return new Result(gh, pw, RD * cape, RD * cin, lcl, Math.exp(points.get(lfc).lnp()),
                Math.exp(points.get(el).lnp()), margin);
    }

    /** The trapezoid of {@code b0}, {@code b1} over the depth in {@code −ln p} between two points. */
    private static double layer(double b0, double b1, Point lower, Point upper) {
        return (b0 + b1) / 2 * (lower.lnp() - upper.lnp());
    }

    /** Appends {@code next}, after the zero crossing between it and the last point if their signs differ. */
    private static void add(List<Point> points, Point next) {
        if (!points.isEmpty()) {
            Point last = points.get(points.size() - 1);
            if ((last.b() > 0) != (next.b() > 0)) {
                double share = last.b() / (last.b() - next.b());
                points.add(new Point(last.lnp() + share * (next.lnp() - last.lnp()), 0));
            }
        }
        points.add(next);
    }

    /** The parcel's virtual temperature minus the environment's at every level. */
    private static double[] buoyancy(float[] T, float[] p, double[] w, double[] tv, double lcl, double lclT) {
        int n = p.length;
        double[] b = new double[n];
        double moistP = lcl;
        double moistT = lclT;
        for (int k = 0; k < n; k++) {
            double parcel;
            if (p[k] >= lcl) {
                parcel = virtual(T[0] * Math.pow((double) p[k] / p[0], KAPPA), w[0]);
            } else {
                moistT = pseudoAdiabat(moistP, p[k], moistT);
                moistP = p[k];
                parcel = virtual(moistT, saturationMixingRatio(moistT, p[k]));
            }
            b[k] = parcel - tv[k];
        }
        return b;
    }

    /** The temperature at {@code to} of the pseudo-adiabat through {@code (from, t)}, by RK4 in steps of ≤ 5 hPa. */
    static double pseudoAdiabat(double from, double to, double t) {
        int steps = (int) Math.min(ColumnFormulas.MAX_STEPS, Math.max(1, Math.ceil((from - to) / 5)));
        double h = (to - from) / steps;
        double temperature = t;
        for (int i = 0; i < steps; i++) {
            double pressure = from + i * h;
            double k1 = lapse(pressure, temperature);
            double k2 = lapse(pressure + h / 2, temperature + h / 2 * k1);
            double k3 = lapse(pressure + h / 2, temperature + h / 2 * k2);
            double k4 = lapse(pressure + h, temperature + h * k3);
            temperature += h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
        }
        return temperature;
    }

    /** {@code dT/dp} of the pseudo-adiabat in K/hPa. */
    private static double lapse(double p, double t) {
        double rs = saturationMixingRatio(t, p);
        return (RD * t + LV * rs) / (CP + LV * LV * rs * EPSILON / (RD * t * t)) / p;
    }

    private static double saturationMixingRatio(double t, double p) {
        double es = DoubleWeatherFormulas.es(t);
        return EPSILON * es / (p - es);
    }

    /** {@code T·(w + ε)/(ε·(1 + w))}. */
    static double virtual(double t, double w) {
        return t * (w + EPSILON) / (EPSILON * (1 + w));
    }
}
