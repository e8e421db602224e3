package org.loopnest.examples.weather;

import org.loopnest.LoopNest;

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
     * under their {@link WeatherOutput#key() keys} and the one body, {@link WeatherBody}, in the kernel language:
     * the same text runs on every device (compiled for the JVM on cpu, sim and worker nodes, for OpenCL and CUDA on
     * those). The caller chooses the split and the device, then runs it; the outputs land in {@code f}.
     */
    public static LoopNest nest(WeatherFields f) {
        return withArrays(f).deviceCode(WeatherBody.CODE);
    }

    /**
     * The nest over {@code f} with its names and arrays bound as {@link #nest} binds them, and no body yet: for
     * comparing other bodies with {@link WeatherBody} (the benchmarks attach Java bodies that call
     * {@link WeatherFormulas#point}).
     */
    public static LoopNest withArrays(WeatherFields f) {
        LoopNest nest = LoopNest.of(f.shape().extents()).names(INDEX_NAMES)
                .in("T", f.temperature())
                .in("q", f.humidity())
                .in("p", f.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            nest.out(o.key(), f.output(o));
        }
        return nest;
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
