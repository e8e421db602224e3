package org.loopnest.perf.ratio;

import java.util.Arrays;
import java.util.Set;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.vector.Lanes;

/**
 * The weather loop as one would write it by hand with the JDK's Vector API: the formulas of
 * {@link WeatherFormulas} (docs/KERNELS.md, "The weather body"), operation for operation in the same order, on
 * {@code FloatVector}s of the preferred species ({@code EXP}, {@code LOG} and {@code POW} lanewise, which the JIT
 * maps to SVML on x86-64), over the flattened {@code (t, z, y)} rows cut into blocks on a fixed pool of threads, as
 * {@link HandWrittenWeather} cuts them. Each {@code (t, z)} plane, one pressure, is one span of consecutive points,
 * taken one vector at a time; its tail goes through a vector of its own padded with missing points (masked loads
 * and stores allocated on JDK 17: the first step took 27 ms a run with them, 9 ms without, one thread). The
 * condensation level's fixed-point loop runs while any lane has not converged, each lane keeping the first step that
 * converges; missing inputs give NaN in every output, dry points ({@code q <= 0}) in the last four. The baseline of
 * {@code cpu-weather-vs-hand-vector}: the practical limit of the weather loop on the JVM, written as the JIT needs it
 * (see {@link #vector}), and allocating nothing per point (measured with the thread's allocated bytes).
 *
 * <p>Results agree with {@link WeatherFormulas} within the outputs' tolerances, not bit for bit: the vector math
 * functions round differently from {@code (float) Math.f((double) x)}.
 *
 * <p><b>Pitfalls:</b> links against {@code jdk.incubator.vector}: load it only through
 * {@link WeatherLoop#handVector} ({@link VectorOnly}), which checks that the module is in the boot layer.
 */
final class HandVectorWeather extends WeatherLoop {
    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;
    private static final float KAPPA = WeatherFormulas.KAPPA;
    private static final float EPSILON = WeatherFormulas.EPSILON;
    private static final float MISSING = WeatherFormulas.MISSING_BELOW;
    /**
     * Powers as {@code exp(y·log x)} (every base here is positive) where the JDK has no vector {@code POW}: x86-64
     * without 512-bit vectors (no AVX-512DQ), by the kernel-language body's own rule ({@link Lanes#powByExpLog}); a
     * constant, so the JIT compiles only one form.
     */
    private static final boolean EXP_LOG = Lanes.of(Set.of(Type.FLOAT), S.vectorBitSize()).powByExpLog();

    /** A loop on {@code threads} threads (made by {@link VectorOnly#create}). */
    HandVectorWeather(int threads) {
        super(threads, "hand-written vector weather loop");
    }

    @Override
    void rows(WeatherFields fields, float[][] o, int firstRow, int endRow) {
        GridShape s = fields.shape();
        Tail tail = new Tail();
        for (int row = firstRow; row < endRow; ) {
            int plane = row / s.y();
            int planeEnd = Math.min(endRow, (plane + 1) * s.y());
            span(fields, o, row * s.x(), planeEnd * s.x(), fields.levels()[plane % s.z()], tail);
            row = planeEnd;
        }
    }

    /**
     * Points {@code [from, to)}, all at pressure {@code level}: full vectors, then the tail through {@code tail}'s
     * arrays, padded with NaN (missing points, so the padding lanes take no step of the condensation level's loop).
     */
    private static void span(WeatherFields fields, float[][] o, int from, int to, float level, Tail tail) {
        float[] temperature = fields.temperature();
        float[] humidity = fields.humidity();
        int k = from;
        for (int bound = from + S.loopBound(to - from); k < bound; k += S.length()) {
            vector(temperature, humidity, level, o, k);
        }
        if (k < to) {
            tail.load(temperature, humidity, k, to - k);
            vector(tail.temperature, tail.humidity, level, tail.outputs, 0);
            tail.store(o, k, to - k);
        }
    }

    /**
     * The outputs of the points {@code k…k + S.length() - 1}, in four steps that each load what they need and store
     * what they compute, and whose vector code is written out in full: the JIT then compiles each step as one
     * method with every vector in registers. (Helper methods taking vectors are not inlined once they have been
     * compiled on their own into more than {@code InlineSmallCode} bytes, nor past C2's node budget, and a vector
     * crossing a call that is not inlined is boxed: on the 3.6 M-point grid, one thread, the loop with helpers
     * allocated 814 MB a run and took 166 ms; this one allocates nothing and takes 134 ms.)
     */
    private static void vector(float[] temperature, float[] humidity, float level, float[][] o, int k) {
        basic(temperature, humidity, level, o, k);
        moist(temperature, humidity, level, o, k);
        condensationPressure(temperature, humidity, level, o, k);
        condensationTemperature(humidity, o, k);
    }

    /** theta, es, e, rh; NaN where an input is missing. */
    private static void basic(float[] temperature, float[] humidity, float level, float[][] o, int k) {
        FloatVector t = FloatVector.fromArray(S, temperature, k);
        FloatVector q = FloatVector.fromArray(S, humidity, k);
        FloatVector p = FloatVector.broadcast(S, level);
        FloatVector nan = FloatVector.broadcast(S, Float.NaN);
        // present: > MISSING_BELOW (false for NaN too)
        VectorMask<Float> tPresent = t.compare(VectorOperators.GT, MISSING);
        VectorMask<Float> qPresent = q.compare(VectorOperators.GT, MISSING);
        FloatVector w = q.div(FloatVector.broadcast(S, 1f).sub(q));
        FloatVector e = p.mul(w).div(w.add(EPSILON));
        FloatVector es = t.sub(273.15f).mul(17.67f).div(t.sub(29.65f)).lanewise(VectorOperators.EXP).mul(6.112f);
        FloatVector ratio = FloatVector.broadcast(S, 1000f).div(p);
        FloatVector theta = t.mul(EXP_LOG ? ratio.lanewise(VectorOperators.LOG).mul(KAPPA)
                .lanewise(VectorOperators.EXP) : ratio.pow(KAPPA));
        nan.blend(nan.blend(theta, tPresent), qPresent).intoArray(o[0], k);
        nan.blend(nan.blend(es, tPresent), qPresent).intoArray(o[1], k);
        nan.blend(nan.blend(e, tPresent), qPresent).intoArray(o[2], k);
        nan.blend(nan.blend(e.div(es), tPresent), qPresent).intoArray(o[3], k);
    }

    /** td and thetae (Bolton), from e as {@link #basic} stored it; NaN where missing or dry. */
    private static void moist(float[] temperature, float[] humidity, float level, float[][] o, int k) {
        FloatVector t = FloatVector.fromArray(S, temperature, k);
        FloatVector q = FloatVector.fromArray(S, humidity, k);
        FloatVector e = FloatVector.fromArray(S, o[2], k);
        FloatVector p = FloatVector.broadcast(S, level);
        FloatVector one = FloatVector.broadcast(S, 1f);
        FloatVector nan = FloatVector.broadcast(S, Float.NaN);
        VectorMask<Float> tPresent = t.compare(VectorOperators.GT, MISSING);
        VectorMask<Float> humid = q.compare(VectorOperators.GT, 0f); // false where q is missing
        FloatVector v = e.div(6.112f).lanewise(VectorOperators.LOG);
        FloatVector td = v.mul(243.5f).div(FloatVector.broadcast(S, 17.67f).sub(v)).add(273.15f);
        FloatVector r = e.mul(EPSILON).div(p.sub(e));
        FloatVector logRatio = t.div(td).lanewise(VectorOperators.LOG).div(800f);
        FloatVector tl = one.div(one.div(td.sub(56f)).add(logRatio)).add(56f);
        FloatVector dry = FloatVector.broadcast(S, 1000f).div(p.sub(e));
        FloatVector tOverTl = t.div(tl);
        FloatVector thetaDl = t.mul(EXP_LOG ? dry.lanewise(VectorOperators.LOG).mul(KAPPA)
                        .lanewise(VectorOperators.EXP) : dry.pow(KAPPA))
                .mul(EXP_LOG ? tOverTl.lanewise(VectorOperators.LOG).mul(r.mul(0.28f)).lanewise(VectorOperators.EXP)
                        : tOverTl.pow(r.mul(0.28f)));
        FloatVector exponent = r.mul(r.mul(0.448f).add(1f)).mul(FloatVector.broadcast(S, 3036f).div(tl).sub(1.78f));
        FloatVector thetae = thetaDl.mul(exponent.lanewise(VectorOperators.EXP));
        nan.blend(nan.blend(td, tPresent), humid).intoArray(o[4], k);
        nan.blend(nan.blend(thetae, tPresent), humid).intoArray(o[5], k);
    }

    /**
     * lcl_p: the fixed point {@code p' ← p·(Td(e(p', w))/T)^(1/κ)} from {@code p' = p}, stepped while any humid lane
     * has not converged (at most {@link WeatherFormulas#LCL_MAX_ITERATIONS} steps), each lane keeping the first step
     * that changes by at most {@link WeatherFormulas#LCL_RELATIVE_CHANGE} of itself; NaN where missing, dry or not
     * converged. Which lanes still step is a vector of 1s and 0s, not a mask: on JDK 17 the JIT boxed a mask combined
     * with {@code and} in the loop (measured: a third of the loop's time).
     */
    private static void condensationPressure(float[] temperature, float[] humidity, float level, float[][] o,
            int k) {
        FloatVector t = FloatVector.fromArray(S, temperature, k);
        FloatVector q = FloatVector.fromArray(S, humidity, k);
        FloatVector p = FloatVector.broadcast(S, level);
        FloatVector zero = FloatVector.zero(S);
        FloatVector w = q.div(FloatVector.broadcast(S, 1f).sub(q));
        FloatVector result = FloatVector.broadcast(S, Float.NaN);
        FloatVector pressure = p;
        // 1 where humid (q > 0: false where q is missing) and T present, else 0
        FloatVector active = zero.blend(zero.blend(1f, q.compare(VectorOperators.GT, 0f)),
                t.compare(VectorOperators.GT, MISSING));
        for (int i = 0; i < WeatherFormulas.LCL_MAX_ITERATIONS
                && active.compare(VectorOperators.NE, 0f).anyTrue(); i++) {
            FloatVector v = pressure.mul(w).div(w.add(EPSILON)).div(6.112f).lanewise(VectorOperators.LOG);
            FloatVector dew = v.mul(243.5f).div(FloatVector.broadcast(S, 17.67f).sub(v)).add(273.15f);
            FloatVector dewOverT = dew.div(t);
            FloatVector next = p.mul(EXP_LOG ? dewOverT.lanewise(VectorOperators.LOG).mul(1f / KAPPA)
                    .lanewise(VectorOperators.EXP) : dewOverT.pow(1f / KAPPA));
            VectorMask<Float> converged = next.sub(pressure).abs()
                    .compare(VectorOperators.LE, next.abs().mul(WeatherFormulas.LCL_RELATIVE_CHANGE));
            // converged now and still active
            VectorMask<Float> done = zero.blend(active, converged).compare(VectorOperators.NE, 0f);
            result = result.blend(next, done);
            active = active.blend(0f, converged);
            pressure = next;
        }
        result.intoArray(o[6], k);
    }

    /** lcl_t: the dewpoint of the vapour pressure at lcl_p as stored; NaN where lcl_p is. */
    private static void condensationTemperature(float[] humidity, float[][] o, int k) {
        FloatVector q = FloatVector.fromArray(S, humidity, k);
        FloatVector pressure = FloatVector.fromArray(S, o[6], k);
        FloatVector w = q.div(FloatVector.broadcast(S, 1f).sub(q));
        FloatVector v = pressure.mul(w).div(w.add(EPSILON)).div(6.112f).lanewise(VectorOperators.LOG);
        v.mul(243.5f).div(FloatVector.broadcast(S, 17.67f).sub(v)).add(273.15f).intoArray(o[7], k);
    }

    /** One vector's worth of inputs and outputs, for the tail of a span; one per block of rows (one thread). */
    private static final class Tail {
        final float[] temperature = new float[S.length()];
        final float[] humidity = new float[S.length()];
        final float[][] outputs = new float[WeatherOutput.COUNT][S.length()];

        /** Copies {@code n} points from {@code k} and pads the rest with NaN. */
        void load(float[] t, float[] q, int k, int n) {
            Arrays.fill(temperature, Float.NaN);
            Arrays.fill(humidity, Float.NaN);
            System.arraycopy(t, k, temperature, 0, n);
            System.arraycopy(q, k, humidity, 0, n);
        }

        /** Copies the first {@code n} outputs to {@code o} at {@code k}. */
        void store(float[][] o, int k, int n) {
            for (int j = 0; j < outputs.length; j++) {
                System.arraycopy(outputs[j], 0, o[j], k, n);
            }
        }
    }
}
