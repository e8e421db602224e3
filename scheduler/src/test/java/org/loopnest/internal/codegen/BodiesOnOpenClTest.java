package org.loopnest.internal.codegen;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.LoopNest;
import org.loopnest.device.opencl.OpenClDevice;
import org.loopnest.device.opencl.OpenClSupport;
import org.loopnest.internal.lang.Type;

/**
 * Every body of {@link BodyCases} run on {@code opencl:0} (PoCL in CI), compared element by element with its Java
 * reference: integers and comparisons exactly, floating results within the case's ulps (NaN matches NaN, −0 matches
 * 0).
 */
@Tag("opencl")
class BodiesOnOpenClTest {

    @Test
    void shouldComputeWhatTheJavaReferenceComputesForEveryBody() {
        OpenClSupport.assumeOpenCl();
        Assumptions.assumeTrue(KernelCorpus.frontEndChecks(), "the kernel-language front end is not on this branch");
        List<String> mismatches = new ArrayList<>();
        try (OpenClDevice opencl = OpenClDevice.open(0)) {
            for (BodyCases.Case c : BodyCases.all()) {
                run(c, opencl, mismatches);
            }
        }
        assertTrue(mismatches.isEmpty(), mismatches.size() + " mismatches:\n" + String.join("\n", mismatches));
    }

    private static void run(BodyCases.Case c, OpenClDevice opencl, List<String> mismatches) {
        int n = BodyCases.LENGTH;
        Object x = c.inputs().values(c.in(), n, false);
        Object y = c.inputs().values(c.in(), n, true);
        Object r = output(c.out(), n);
        LoopNest.of(n).names("i").in("x", x).in("y", y).out("r", r).deviceCode(c.code()).on(opencl).run();
        for (int k = 0; k < n; k++) {
            Object expected = c.reference().apply(Array.get(x, k), Array.get(y, k), k);
            Object actual = Array.get(r, k);
            if (!matches(c.out(), (Number) expected, (Number) actual, c.ulps())) {
                mismatches.add(c.name() + " at i=" + k + ": x=" + Array.get(x, k) + ", y=" + Array.get(y, k)
                        + ": expected " + expected + ", was " + actual);
            }
        }
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
