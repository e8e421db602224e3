package org.loopnest.examples.weather;

import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.kernel.BoundArrays;

/**
 * The weather loop two ways: as a {@link LoopNest} over {@code t, z, y, x} with the pressure an input indexed by
 * {@code z} alone, and as the plain sequential four-fold loop that serves as the reference.
 *
 * <pre>
 * for t, z, y, x:                      k = ((t·Z + z)·Y + y)·X + x
 *     (theta, es, e, rh, td, thetae, lcl_p, lcl_t)[k] = point(T[k], q[k], p[z])
 * </pre>
 */
public final class WeatherNest {
    /** The loop indices, outermost first. */
    public static final String[] INDEX_NAMES = {"t", "z", "y", "x"};

    private WeatherNest() {
    }

    /**
     * The nest over {@code f}: names, inputs {@code T}, {@code q}, {@code p} (by {@code z}), the eight outputs
     * under their {@link WeatherOutput#key() keys} and the per-element kernel. The caller chooses the split and
     * the device, then runs it; the outputs land in {@code f}. The nest also carries {@link WeatherDeviceCode}, so
     * it runs on OpenCL and CUDA devices too.
     */
    public static LoopNest nest(WeatherFields f) {
        return bound(f).kernel(new WeatherKernel());
    }

    /**
     * The same nest with the kernel in per-block form: the body walks each block run by run (a counted loop over
     * the innermost index, {@code Iteration.run}), so the JIT compiles loop and body together (measurably faster
     * on the CPU than the per-element form, whose body is called once per iteration). Same results bit for bit.
     */
    public static LoopNest chunkNest(WeatherFields f) {
        return bound(f).blockKernel(arrays -> {
            FloatView temperature = arrays.floats("T");
            FloatView humidity = arrays.floats("q");
            FloatView pressure = arrays.floats("p");
            FloatView[] outputs = outputs(arrays);
            float[] point = new float[WeatherOutput.COUNT];
            return cursor -> {
                while (cursor.valid()) {
                    int n = cursor.runLength();
                    for (int k = 0; k < n; k++) {
                        WeatherFormulas.point(temperature.get(cursor, k), humidity.get(cursor, k),
                                pressure.get(cursor, k), point);
                        for (int o = 0; o < point.length; o++) {
                            outputs[o].set(cursor, k, point[o]);
                        }
                    }
                    cursor.advance(n);
                }
            };
        });
    }

    private static LoopNest bound(WeatherFields f) {
        LoopNest nest = LoopNest.of(f.shape().extents()).names(INDEX_NAMES).deviceCode(WeatherDeviceCode.CODE)
                .in("T", f.temperature())
                .in("q", f.humidity())
                .in("p", f.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            nest.out(o.key(), f.output(o));
        }
        return nest;
    }

    static FloatView[] outputs(BoundArrays arrays) {
        FloatView[] outputs = new FloatView[WeatherOutput.COUNT];
        for (WeatherOutput o : WeatherOutput.values()) {
            outputs[o.ordinal()] = arrays.floats(o.key());
        }
        return outputs;
    }

    /**
     * The reference: a plain sequential loop over {@code t, z, y, x} writing into {@code outputs}
     * ({@value WeatherOutput#COUNT} arrays of {@code f}'s size, in the order of {@link WeatherOutput#values()}).
     */
    public static void sequential(WeatherFields f, float[][] outputs) {
        GridShape s = f.shape();
        float[] point = new float[WeatherOutput.COUNT];
        int k = 0;
        for (int t = 0; t < s.t(); t++) {
            for (int z = 0; z < s.z(); z++) {
                float p = f.levels()[z];
                for (int y = 0; y < s.y(); y++) {
                    for (int x = 0; x < s.x(); x++, k++) {
                        WeatherFormulas.point(f.temperature()[k], f.humidity()[k], p, point);
                        for (int o = 0; o < point.length; o++) {
                            outputs[o][k] = point[o];
                        }
                    }
                }
            }
        }
    }

    /** Runs {@link #sequential} into fresh arrays and compares {@code f}'s outputs with them point by point. */
    public static Verification verify(WeatherFields f) {
        float[][] expected = f.newOutputs();
        sequential(f, expected);
        float[][] actual = new float[WeatherOutput.COUNT][];
        for (WeatherOutput o : WeatherOutput.values()) {
            actual[o.ordinal()] = f.output(o);
        }
        return Verification.compare(expected, actual);
    }
}
