package org.loopnest.perf.ratio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.perf.report.BenchResult;

class WeatherFilesRatioTest {

    @Test
    void shouldCompareTheFilesOutputsWithTheArraysAndLeaveNoFileBehind() throws IOException {
        List<String> before = FileStreamRatioTest.scratch("loopnest-weather-files");

        List<BenchResult> rows = WeatherFilesRatio.quick().run();

        assertEquals(List.of("weather-files-ratio", "weather-files-ratio-in-place", "weather-files-ratio-ten-files",
                "weather-files-ratio-vs-save", "weather-netcdf4-ratio"),
                rows.stream().map(BenchResult::name).toList());
        rows.forEach(r -> assertTrue(r.value() > 0 && (r.detail().contains("outputs compared bit for bit")
                || r.detail().contains("copy checked against the outputs")), r.toString()));
        assertEquals(before, FileStreamRatioTest.scratch("loopnest-weather-files"), "the scratch directory deleted");
    }
}
