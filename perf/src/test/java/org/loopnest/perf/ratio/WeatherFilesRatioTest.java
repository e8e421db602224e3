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

        assertEquals(List.of("weather-files-ratio"), rows.stream().map(BenchResult::name).toList());
        assertTrue(rows.get(0).value() > 0 && rows.get(0).detail().contains("outputs compared bit for bit"),
                rows.toString());
        assertEquals(before, FileStreamRatioTest.scratch("loopnest-weather-files"), "the scratch directory deleted");
    }
}
