package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import org.loopnest.kernel.KernelPath;

/**
 * How a test compares a weather output with {@link WeatherFormulas#point}'s: bit for bit where the body ran on the
 * scalar path (the same {@code float} code as the formulas), within the output's {@link WeatherOutput#tolerance()}
 * (what {@code --verify} accepts, no wider) where it ran on the vector path, whose {@code exp}, {@code log} and
 * {@code pow} are the JDK's SVML routines once the JIT compiler has compiled the body (docs/KERNELS.md §8), or on
 * {@link KernelPath#AUTO}, the default, which takes either (by the body's iterations so far in this JVM). NaN
 * matches NaN only.
 */
public final class WeatherAssertions {
    private WeatherAssertions() {
    }

    /**
     * Asserts that {@code actual}, computed on {@code path}, matches {@code expected} as that path promises.
     *
     * @param path  the path the body ran on, as asked for
     * @param o     the output compared
     * @param where the point, for the message
     */
    public static void assertMatches(KernelPath path, WeatherOutput o, float expected, float actual, String where) {
        if (path == KernelPath.SCALAR) {
            assertEquals(expected, actual, o.key() + " at " + where + " (scalar path: bit for bit)");
        } else if (!matches(path, o, expected, actual)) {
            fail(o.key() + " at " + where + ": " + actual + " (expected: " + expected + " within "
                    + o.tolerance() + (o.relative() ? " relative" : " " + o.unit()) + ", vector path)");
        }
    }

    /**
     * Asserts {@link #assertMatches(KernelPath, WeatherOutput, float, float, String)} at every index.
     *
     * @param label what the arrays are, for the message
     */
    public static void assertMatches(KernelPath path, WeatherOutput o, float[] expected, float[] actual,
                                     String label) {
        assertEquals(expected.length, actual.length, label + " " + o.key() + ": length");
        for (int k = 0; k < expected.length; k++) {
            if (!matches(path, o, expected[k], actual[k])) {
                assertMatches(path, o, expected[k], actual[k], label + " " + k);
            }
        }
    }

    private static boolean matches(KernelPath path, WeatherOutput o, float expected, float actual) {
        return path == KernelPath.SCALAR ? Float.floatToIntBits(expected) == Float.floatToIntBits(actual)
                : o.accepts(actual, expected);
    }
}
