package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;

class NumpyWeatherTest {

    @Test
    void shouldComputeTheScalarLoopsOutputsWithinTheTolerancesAndLeaveNoFileBehind() throws IOException {
        Optional<String> why = NumpyWeather.unavailable(false);
        Assumptions.assumeTrue(why.isEmpty(), () -> "NumPy absent: " + why.orElse(""));
        List<String> before = FileStreamRatioTest.scratch("loopnest-numpy-");
        WeatherFields fields = WeatherFields.synthetic(3, 4, 5, 37, 11);
        float[][] expected = fields.newOutputs();
        WeatherNest.sequential(fields, expected);

        float[][] got;
        long nanos;
        try (NumpyWeather numpy = NumpyWeather.start(fields)) {
            nanos = numpy.run();
            got = numpy.outputs();
            assertTrue(numpy.version().matches("\\d+\\.\\d+.*"), numpy.version());
        }

        Verification v = Verification.compare(expected, got);
        assertTrue(v.passed(), v.toString());
        assertTrue(nanos > 0, "nanoseconds " + nanos);
        assertEquals(before, FileStreamRatioTest.scratch("loopnest-numpy-"), "the scratch directory deleted");
    }
}
