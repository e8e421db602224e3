package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The weather body in the kernel language: it names every output, carries the constants of
 * {@link WeatherFormulas} (that it computes {@link WeatherFormulas#point} bit for bit on the JVM devices is
 * {@link WeatherBodyOnJvmTest}'s).
 */
class WeatherBodyTest {
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
}
