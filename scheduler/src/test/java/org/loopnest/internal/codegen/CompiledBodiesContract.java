package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.Device;
import org.loopnest.internal.lang.Type;
import org.loopnest.internal.lang.vector.VectorSupport;
import org.loopnest.kernel.KernelPath;
import org.loopnest.report.DeviceReport;
import org.loopnest.report.RunReport;

/**
 * Every body of {@link BodyCases} run on a device that runs compiled kernels, compared element by element with its
 * Java reference: integers and comparisons exactly, floating results within {@link #ulps} of the case (NaN matches
 * NaN, −0 matches 0) on OpenCL and CUDA; on the devices that run the body compiled for the JVM bit for bit on the
 * scalar path, and on the vector path within the vector path's ulps where SVML computes a function, bit for bit
 * elsewhere ({@link #bitExact}), each run's report saying the path asked for ran (a body whose vector code does not
 * compile falls back to the scalar one: a failure here); and the weather body on MetPy's example of the lifting
 * condensation level. Subclasses open the device, or skip with the reason when it is absent.
 *
 * <p>Each body runs once over {@value BodyCases#LENGTH} elements, too few for the JIT compiler to compile it: the
 * vector path's functions are then {@code java.lang.Math}'s lane by lane. Core's {@code VectorAccuracyTest} measures
 * the compiled (SVML) side.
 */
abstract class CompiledBodiesContract {
    /** {@return the device to run on, which the test closes; skips the test if there is none} */
    protected abstract Device openDevice();

    /**
     * {@return whether a result allowed 0 ulps must have the reference's bits exactly} (a JVM device: {@code -0} is
     * not {@code 0}), rather than compare equal
     */
    protected boolean bitExact() {
        return false;
    }

    /**
     * {@return how a device that runs Java runs the bodies}; by default {@link KernelPath#VECTOR}, asked for, since
     * {@link KernelPath#AUTO} would take the scalar path for runs this short
     */
    protected KernelPath kernelPath() {
        return KernelPath.VECTOR;
    }

    /**
     * {@return how far a floating result of {@code c} may be from its reference, in ulps}: on a device that compiles
     * kernels the case's own bound (the largest of OpenCL's and CUDA's); on a JVM device ({@link #bitExact}) 0 on the
     * scalar path and {@link BodyCases.Case#vectorUlps()} on the vector path
     *
     * @param c a case of the corpus
     */
    protected int ulps(BodyCases.Case c) {
        if (!bitExact()) {
            return c.ulps();
        }
        return kernelPath() == KernelPath.SCALAR ? 0 : c.vectorUlps();
    }

    @Test
    void shouldComputeWhatTheJavaReferenceComputesForEveryBody() {
        List<String> mismatches = new ArrayList<>();
        try (Device device = openDevice()) {
            for (BodyCases.Case c : BodyCases.all()) {
                run(c, device, mismatches);
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " mismatches:\n" + String.join("\n", mismatches));
    }

    @Test
    void shouldFindTheLiftingCondensationLevelOfMetPysExampleWithTheWeatherBody() {
        double vapour = 6.112 * Math.exp(17.67 * 20.0 / (20.0 + 243.5)); // hPa at a dewpoint of 20 °C (Bolton)
        double w = 0.62197 * vapour / (1000.0 - vapour);
        float[] q = {(float) (w / (1 + w)), 0.0f};
        float[] lclP = new float[2];
        float[] lclT = new float[2];
        LoopNest nest = LoopNest.of(1, 1, 1, 2).names("t", "z", "y", "x")
                .in("T", new float[] {303.15f, 303.15f}).in("q", q).in("p", new float[] {1000.0f, 1000.0f});
        for (String out : List.of("theta", "es", "e", "rh", "td", "thetae")) {
            nest.out(out, new float[2]);
        }
        try (Device device = openDevice()) {
            nest.out("lcl_p", lclP).out("lcl_t", lclT).deviceCode(KernelCorpus.WEATHER).kernelPath(kernelPath())
                    .on(device).run();
        }
        assertEquals(864.806, lclP[0], 0.01, "lcl_p (MetPy: 864.806 hPa)");
        assertEquals(17.676, lclT[0] - 273.15, 0.01, "lcl_t (MetPy: 17.676 °C)");
        assertTrue(Float.isNaN(lclP[1]) && Float.isNaN(lclT[1]), "a dry point: " + lclP[1] + ", " + lclT[1]);
    }

    private void run(BodyCases.Case c, Device device, List<String> mismatches) {
        int n = BodyCases.LENGTH;
        Object x = c.inputs().values(c.in(), n, false);
        Object y = c.inputs().values(c.in(), n, true);
        Object r = output(c.out(), n);
        RunReport report = LoopNest.of(n).names("i").in("x", x).in("y", y).out("r", r).deviceCode(c.code())
                .kernelPath(kernelPath()).on(device).run();
        for (DeviceReport d : report.perDevice()) {
            d.kernelPath().filter(path -> !path.startsWith(expectedPathPrefix()))
                    .ifPresent(path -> mismatches.add(c.name() + ": kernel path: " + path + " (expected: "
                            + expectedPathPrefix() + "…)"));
        }
        int ulps = ulps(c);
        boolean exact = bitExact() && ulps == 0;
        for (int k = 0; k < n; k++) {
            Object expected = c.reference().apply(Array.get(x, k), Array.get(y, k), k);
            Object actual = Array.get(r, k);
            if (exact ? !sameBits(c.out(), (Number) expected, (Number) actual)
                    : !matches(c.out(), (Number) expected, (Number) actual, ulps)) {
                mismatches.add(c.name() + " at i=" + k + ": x=" + Array.get(x, k) + ", y=" + Array.get(y, k)
                        + ": expected " + expected + (exact ? "" : " within " + ulps + " ulps") + ", was " + actual);
            }
        }
    }

    /** What the report's kernel path of a device that runs Java begins with: the vector path wherever it can run. */
    private String expectedPathPrefix() {
        return kernelPath() == KernelPath.VECTOR && VectorSupport.unavailable().isEmpty() ? "vector (" : "scalar: ";
    }

    private static Object output(Type type, int n) {
        return switch (type) {
            case INT -> new int[n];
            case LONG -> new long[n];
            case FLOAT -> new float[n];
            case DOUBLE -> new double[n];
            case BOOL -> throw new IllegalArgumentException("no bool outputs (expected: a numeric type)");
        };
    }

    /** The same value bit for bit (every NaN the same: Java does not promise one NaN's payload). */
    private static boolean sameBits(Type type, Number expected, Number actual) {
        return switch (type) {
            case FLOAT -> Float.floatToIntBits(expected.floatValue()) == Float.floatToIntBits(actual.floatValue());
            case DOUBLE -> Double.doubleToLongBits(expected.doubleValue())
                    == Double.doubleToLongBits(actual.doubleValue());
            default -> matches(type, expected, actual, 0);
        };
    }

    private static boolean matches(Type type, Number expected, Number actual, int ulps) {
        return switch (type) {
            case INT -> expected.intValue() == actual.intValue();
            case LONG -> expected.longValue() == actual.longValue();
            case FLOAT -> close(expected.floatValue(), actual.floatValue(), ulps);
            case DOUBLE -> close(expected.doubleValue(), actual.doubleValue(), ulps);
            case BOOL -> false;
        };
    }

    private static boolean close(double expected, double actual, int ulps) {
        if (Double.isNaN(expected) || Double.isNaN(actual)) {
            return Double.isNaN(expected) && Double.isNaN(actual);
        }
        if (expected == actual) {
            return true;
        }
        if (Double.isInfinite(expected) || Double.isInfinite(actual)) {
            return false;
        }
        double ulp = Math.max(Math.ulp(expected), Math.ulp(actual));
        return Math.abs(expected - actual) <= ulps * ulp;
    }

    private static boolean close(float expected, float actual, int ulps) {
        if (Float.isNaN(expected) || Float.isNaN(actual)) {
            return Float.isNaN(expected) && Float.isNaN(actual);
        }
        if (expected == actual) {
            return true;
        }
        if (Float.isInfinite(expected) || Float.isInfinite(actual)) {
            return false;
        }
        float ulp = Math.max(Math.ulp(expected), Math.ulp(actual));
        return Math.abs(expected - actual) <= ulps * ulp;
    }
}
