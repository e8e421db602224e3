package org.loopnest.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.testing.TinyJson;

class ResultsJsonTest {
    private final Machine machine = new Machine(2, "Test VM 17", "Linux amd64");

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteEveryFieldOfEveryResultAsParsableJson() {
        String json = ResultsJson.write(machine, List.of(new BenchResult("a-ratio", 0.95, "ratio", "shape 1 × 2"),
                new BenchResult("b", 3, "ms", "")));

        Map<String, Object> doc = (Map<String, Object>) TinyJson.parse(json);
        List<Map<String, Object>> results = (List<Map<String, Object>>) doc.get("results");
        assertEquals(2, results.size());
        assertEquals(Map.of("name", "a-ratio", "value", 0.95, "unit", "ratio", "detail", "shape 1 × 2"),
                results.get(0));
        assertEquals(3.0, results.get(1).get("value"));
        Map<String, Object> m = (Map<String, Object>) doc.get("machine");
        assertEquals(2.0, m.get("cores"));
        assertEquals("Test VM 17", m.get("jvm"));
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldEscapeQuotesBackslashesAndControlCharacters() {
        String detail = "say \"hi\"\\ then\nnext\tcol\u0001";
        String json = ResultsJson.write(machine, List.of(new BenchResult("x", 1, "ratio", detail)));

        Map<String, Object> doc = (Map<String, Object>) TinyJson.parse(json);
        Map<String, Object> row = ((List<Map<String, Object>>) doc.get("results")).get(0);
        assertEquals(detail, row.get("detail"));
    }

    @Test
    void shouldKeepSixSignificantDigits() {
        assertEquals("0.912346", ResultsJson.number(0.91234567));
        assertEquals("1234570", ResultsJson.number(1234567.8));
        assertEquals("2", ResultsJson.number(2.0));
    }

    @Test
    void shouldWriteAnEmptyResultList() {
        assertTrue(TinyJson.parse(ResultsJson.write(machine, List.of())) instanceof Map);
    }

    @Test
    void shouldRejectANonFiniteValueNamingTheResult() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new BenchResult("cpu-weather-speed-ratio", Double.NaN, "ratio", ""));
        assertEquals("result 'cpu-weather-speed-ratio': value = NaN (expected: finite)", e.getMessage());
    }

    @Test
    void shouldPutTheMachineInTheTableHeader() {
        String table = ResultTable.format(machine, List.of(new BenchResult("a", 0.5, "ratio", "d")));
        assertTrue(table.startsWith("machine: 2 cores, Test VM 17, Linux amd64"), table);
        assertTrue(table.contains("0.500"), table);
    }

    @Test
    void shouldWriteLargeValuesWithThreeSignificantDigitsSoThatColumnsStayAligned() {
        String table = ResultTable.format(machine, List.of(new BenchResult("opencl-h2d-bandwidth", 5926824425.96,
                "bytes/s", "d"), new BenchResult("ratio", 0.5, "ratio", "d")));
        String[] lines = table.split("\\R");
        assertTrue(lines[2].contains("5.927e+09  bytes/s"), table);
        assertEquals(lines[2].indexOf(" d"), lines[3].indexOf(" d"), "detail columns line up:\n" + table);
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteASkippedRowWithANullValueAndItsReason() {
        String json = ResultsJson.write(machine, List.of(BenchResult.skipped("cpu-weather-vs-numpy", "no numpy")));

        Map<String, Object> row = ((List<Map<String, Object>>) ((Map<String, Object>) TinyJson.parse(json))
                .get("results")).get(0);
        assertTrue(row.containsKey("value") && row.get("value") == null, row.toString());
        assertEquals("skipped", row.get("unit"));
        assertEquals("no numpy", row.get("detail"));
    }

    @Test
    void shouldShowASkippedRowAsSkippedInTheTable() {
        String table = ResultTable.format(machine, List.of(BenchResult.skipped("x-ratio", "module absent")));

        assertTrue(table.contains("x-ratio     skipped  skipped   module absent"), table);
    }

    @Test
    void shouldRefuseASkippedRowWithoutAReason() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchResult.skipped("x-ratio", " "));
        assertEquals("result 'x-ratio': skipped with value = NaN and reason ' ' (expected: NaN and a reason)",
                e.getMessage());
    }
}
