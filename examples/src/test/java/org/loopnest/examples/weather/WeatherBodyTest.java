package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The weather body in the kernel language: it names every output, carries the constants of
 * {@link WeatherFormulas}, and, read as Java the way the language's JVM target prints it (float math as the
 * {@code double} function of {@link Math} rounded once), computes {@link WeatherFormulas#point} bit for bit.
 */
class WeatherBodyTest {
    @TempDir
    Path dir;

    @Test
    void shouldAssignEveryOutputOnBothPathsOfTheMissingTest() {
        for (WeatherOutput o : WeatherOutput.values()) {
            Matcher assignment = Pattern.compile("(?m)^\\s*" + o.key() + " = ").matcher(WeatherBody.BODY);
            int count = 0;
            while (assignment.find()) {
                count++;
            }
            int expected = o.ordinal() < WeatherOutput.TD.ordinal() ? 2 : 3;
            assertEquals(expected, count, o.key() + " in\n" + WeatherBody.BODY);
        }
    }

    @Test
    void shouldCarryTheConstantsOfTheJavaFormulas() {
        String text = WeatherBody.HELPERS + WeatherBody.BODY;
        for (float constant : new float[] {WeatherFormulas.EPSILON, WeatherFormulas.KAPPA,
                WeatherFormulas.MISSING_BELOW, WeatherFormulas.LCL_RELATIVE_CHANGE}) {
            String literal = WeatherBody.literal(constant);
            assertTrue(text.contains(literal), literal + " in\n" + text);
            assertEquals(constant, Float.parseFloat(literal), literal + " reads back");
            assertTrue(literal.matches("-?[0-9]+\\.[0-9]+(e-?[0-9]+)?f"), literal + " (expected: C's float literal)");
        }
        assertTrue(WeatherBody.HELPERS.contains("i < " + WeatherFormulas.LCL_MAX_ITERATIONS + ";"),
                WeatherBody.HELPERS);
        assertEquals(WeatherBody.NAME, WeatherBody.CODE.name());
        assertEquals(WeatherBody.BODY, WeatherBody.CODE.body());
        assertEquals(WeatherBody.HELPERS, WeatherBody.CODE.helpers());
    }

    @Test
    void shouldComputeTheJavaFormulasBitForBitWhenReadAsJava() throws Exception {
        Method point = KernelAsJava.compile(dir, WeatherBody.HELPERS, WeatherBody.BODY, WeatherOutput.values());
        WeatherFields f = WeatherFields.synthetic(2, 7, 30, 40, 11);
        int perLevel = f.shape().y() * f.shape().x();
        float[] expected = new float[WeatherOutput.COUNT];
        float[] actual = new float[WeatherOutput.COUNT];
        for (int k = 0; k < f.shape().points(); k++) {
            float p = f.levels()[(k / perLevel) % f.shape().z()];
            assertSame(point, f.temperature()[k], f.humidity()[k], p, expected, actual);
        }
        float[][] edges = {{303.15f, 0.0147f, 1000f}, {290f, 0f, 850f}, {290f, -0.001f, 850f},
                {Float.NaN, 0.01f, 850f}, {WeatherFormulas.GRADS_UNDEFINED, 0.01f, 850f},
                {290f, WeatherFormulas.GRADS_UNDEFINED, 850f}, {Float.POSITIVE_INFINITY, 0.01f, 850f}};
        for (float[] e : edges) {
            assertSame(point, e[0], e[1], e[2], expected, actual);
        }
    }

    private static void assertSame(Method point, float t, float q, float p, float[] expected, float[] actual)
            throws Exception {
        WeatherFormulas.point(t, q, p, expected);
        point.invoke(null, t, q, p, actual);
        assertArrayEquals(expected, actual, "T=" + t + " q=" + q + " p=" + p);
    }
}
