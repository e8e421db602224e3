package org.loopnest.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.cuda.CudaDriver;
import org.loopnest.internal.opencl.OpenCl;
import org.loopnest.testing.TinyJson;

class BenchMainTest {
    /** Rows that need what a machine may lack (NumPy) and are skipped with a reason. */
    private static final List<String> SKIPPABLE = List.of("cpu-weather-vs-numpy", "column-level-check-cost-opencl");
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteEveryRowToTheJsonFileInAQuickRun(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("quick.json");

        int status = run("--quick", "--json", json.toString());

        assertEquals(0, status, text(log));
        Map<String, Object> doc = (Map<String, Object>) TinyJson.parse(Files.readString(json));
        List<Map<String, Object>> results = (List<Map<String, Object>>) doc.get("results");
        List<String> expected = new ArrayList<>(List.of("cpu-weather-speed-ratio", "cpu-weather-speed-ratio-scalar",
                "cpu-weather-speed-ratio-chunk", "cpu-weather-speed-ratio-java-element", "cpu-weather-vs-hand-vector",
                "cpu-weather-vs-numpy", "vector-pow-vs-exp-log", "vector-pow-vs-scalar", "cpu-copy-speed-ratio",
                "cpu-copy-speed-ratio-scalar", "cpu-copy-speed-ratio-chunk",
                "jvm-kernel-compile-first-ms", "jvm-kernel-compile-first-in-process-ms",
                "jvm-kernel-compile-cached-ms", "sim-overlap-efficiency-b1", "sim-overlap-efficiency-b2",
                "sim-overlap-efficiency-b3", "sim-speedup-over-serial", "sim-fraction-of-serial-bound",
                "sim-speedup-over-b1", "sim-overlap-efficiency-b1-balanced",
                "sim-overlap-efficiency-b2-balanced", "sim-overlap-efficiency-b3-balanced",
                "sim-speedup-over-serial-balanced", "sim-fraction-of-serial-bound-balanced",
                "sim-speedup-over-b1-balanced", "sim-out-of-core-ratio",
                "serializer-contiguous-ratio", "cluster-scaling-2", "column-cape-throughput",
                "column-cape-throughput-scalar", "column-cape-vs-hand-java", "column-cape-vs-hand-java-scalar",
                "column-level-check-cost-jvm", "column-level-check-cost-jvm-sum", "column-level-check-cost-jvm-vector",
                "column-level-check-control-jvm-vector", "column-level-check-cost-opencl",
                "sim-overlap-efficiency-b1-columns",
                "sim-overlap-efficiency-b2-columns", "sim-overlap-efficiency-b3-columns",
                "sim-speedup-over-serial-columns", "sim-fraction-of-serial-bound-columns",
                "sim-speedup-over-b1-columns"));
        for (String kind : compiledDevicesPresent()) {
            expected.addAll(List.of(kind + "-h2d-bandwidth", kind + "-weather-bandwidth-fraction",
                    kind + "-overlap-efficiency", kind + "-speedup-over-serial", kind + "-speedup-over-b1"));
        }
        expected.addAll(List.of("auto-split-regret", "auto-split-regret-sim-50MBps", "auto-split-regret-sim-250MBps",
                "auto-split-regret-sim-2000MBps"));
        if (OpenCl.discover().available()) {
            expected.add("auto-split-regret-opencl");
        }
        expected.addAll(List.of("file-stream-ratio", "file-stream-ratio-fsync", "file-stream-ratio-sim",
                "file-stream-ratio-sim-fsync", "file-stream-ratio-in-place", "weather-files-ratio",
                "weather-files-ratio-in-place", "weather-files-ratio-ten-files", "weather-files-ratio-vs-save",
                "weather-netcdf4-ratio", "cluster-data-local-bytes", "cluster-data-local-bytes-shipped",
                "cluster-scaling-2-files", "cluster-scaling-2-files-link-shipped",
                "cluster-scaling-2-files-link-data-local", "cluster-files-link-data-local-vs-shipped",
                "cluster-files-model-fit-shipped", "cluster-files-model-fit-data-local"));
        assertEquals(expected, results.stream().map(r -> (String) r.get("name")).collect(Collectors.toList()));
        for (Map<String, Object> r : results) {
            String name = (String) r.get("name");
            assertTrue(!((String) r.get("detail")).isBlank(), r.toString());
            if ("skipped".equals(r.get("unit"))) { // a tool or module absent here: the detail says which
                assertTrue(SKIPPABLE.contains(name) && r.get("value") == null, r.toString());
                continue;
            }
            assertTrue((Double) r.get("value") > 0, r.toString());
            assertEquals(name.endsWith("-bandwidth") ? "bytes/s" : name.endsWith("-ms") ? "ms"
                    : name.contains("-speedup-") || name.startsWith("cluster-scaling-") ? "x"
                    : name.startsWith("column-cape-throughput") ? "columns/s" : "ratio",
                    r.get("unit"), name);
        }
        assertTrue(text(out).startsWith("machine: "), text(out));
    }

    private static List<String> compiledDevicesPresent() {
        List<String> kinds = new ArrayList<>();
        if (OpenCl.discover().available()) {
            kinds.add("opencl");
        }
        if (CudaDriver.availability().available()) {
            kinds.add("cuda");
        }
        return kinds;
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteTheAutoSplitRegretRowsWithTheAutomaticSplitsPredictionInAQuickRun(@TempDir Path dir)
            throws Exception {
        Path json = dir.resolve("regret.json");

        int status = run("--quick", "--only", "auto split", "--json", json.toString());

        assertEquals(0, status, text(log));
        Map<String, Object> doc = (Map<String, Object>) TinyJson.parse(Files.readString(json));
        List<Map<String, Object>> results = (List<Map<String, Object>>) doc.get("results");
        assertEquals("auto-split-regret", results.get(0).get("name"));
        for (Map<String, Object> r : results) {
            assertTrue((Double) r.get("value") > 0, r.toString());
            assertEquals("ratio", r.get("unit"), r.toString());
        }
        for (Map<String, Object> r : results.subList(1, 4)) {
            String detail = (String) r.get("detail");
            assertTrue(detail.contains("automatic: d=") && detail.contains("ms predicted (")
                    && detail.contains("best of "), detail);
        }
    }

    @Test
    void shouldExitWithStatus2AndTheUsageOnABadArgument() {
        assertEquals(2, run("--nope"));
        assertTrue(text(log).contains("unknown argument '--nope'"), text(log));
        assertTrue(text(log).contains(BenchOptions.USAGE), text(log));
    }

    @Test
    void shouldRefuseAJsonPathThatIsADirectoryBeforeMeasuringAnything(@TempDir Path dir) {
        assertEquals(2, run("--quick", "--only", "cpu copy", "--json", dir.toString()));
        assertEquals("bench: --json " + dir + ": a directory (expected: a file in an existing, writable directory)",
                text(log).strip());
        assertEquals("", text(out));
    }

    private int run(String... args) {
        return BenchMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
