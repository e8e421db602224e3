package org.loopnest.internal.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.report.RunReport;
import org.loopnest.report.Stage;
import org.loopnest.testing.TinyJson;

/** A run's timeline as Chrome Trace Event JSON (checked against the format) and as an SVG Gantt chart. */
class TimelineTest {
    private static final int CHUNKS = 8;

    @TempDir
    Path dir;

    private RunReport tracedRun(Path json, Path svg) {
        float[] in = new float[CHUNKS * 1000];
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build())) {
            return LoopNest.of(CHUNKS, 1000).in("a", in).out("b", new float[in.length]).kernel(arrays -> {
                FloatView a = arrays.floats("a");
                FloatView b = arrays.floats("b");
                return it -> b.set(it, a.get(it) + 1);
            }).splitAt(1).on(sim).trace(json).traceSvg(svg).run();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void shouldWriteOneSlicePerStagePerChunkInTheChromeTraceFormat() throws IOException {
        Path json = dir.resolve("run.json");
        RunReport report = tracedRun(json, dir.resolve("run.svg"));
        Map<String, Object> doc = (Map<String, Object>) TinyJson.parse(Files.readString(json));
        assertEquals("ms", doc.get("displayTimeUnit"));
        List<Object> events = (List<Object>) doc.get("traceEvents");
        Map<String, Integer> slicesPerStage = new HashMap<>();
        Map<Double, String> trackNames = new HashMap<>();
        for (Object e : events) {
            Map<String, Object> event = (Map<String, Object>) e;
            assertInstanceOf(String.class, event.get("name"), event.toString());
            assertInstanceOf(Double.class, event.get("pid"), event.toString());
            assertInstanceOf(Double.class, event.get("tid"), event.toString());
            String phase = (String) event.get("ph");
            assertTrue(Set.of("X", "M").contains(phase), event.toString());
            if (phase.equals("X")) {
                assertTrue((Double) event.get("ts") >= 0 && (Double) event.get("dur") >= 0, event.toString());
                String stage = (String) event.get("cat");
                assertTrue(java.util.Arrays.stream(Stage.values()).anyMatch(st -> st.toString().equals(stage)),
                        "unknown stage " + stage);
                double chunk = (Double) ((Map<String, Object>) event.get("args")).get("chunk");
                assertEquals("chunk " + (long) chunk, event.get("name"));
                slicesPerStage.merge(stage, 1, Integer::sum);
            } else if (event.get("name").equals("thread_name")) {
                trackNames.put((Double) event.get("tid"),
                        (String) ((Map<String, Object>) event.get("args")).get("name"));
            }
        }
        for (Stage stage : Stage.values()) {
            assertEquals(CHUNKS, slicesPerStage.get(stage.toString()), stage + " slices");
            assertEquals("sim / " + stage, trackNames.get((double) stage.ordinal() + 1));
        }
        assertTrue(report.notes().stream().anyMatch(n -> n.startsWith("trace: " + 5 * CHUNKS + " slices written to "
                + json)), report.notes().toString());
    }

    @Test
    void shouldDrawOneBarPerSliceInTheGanttChart() throws IOException {
        Path svg = dir.resolve("run.svg");
        tracedRun(dir.resolve("run.json"), svg);
        String picture = Files.readString(svg);
        assertTrue(picture.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), picture);
        assertEquals(5 * CHUNKS, picture.split("<rect ", -1).length - 1);
        assertTrue(picture.contains(">sim / kernel</text>"), picture);
        assertTrue(picture.strip().endsWith("</svg>"));
    }

    @Test
    void shouldRefuseANullTraceFile() {
        LoopNest nest = LoopNest.of(4);
        assertEquals("trace file is null (expected: a path for the JSON timeline)",
                assertThrows(IllegalArgumentException.class, () -> nest.trace(null)).getMessage());
    }

    @Test
    void shouldKeepATimelineBoundedAndSayHowManySlicesItDropped() {
        Timeline timeline = new Timeline(0, 10);
        for (int k = 0; k < 25; k++) {
            timeline.record("cpu", org.loopnest.report.Stage.KERNEL, k, k, k + 1);
        }
        assertEquals(10, timeline.slices().size());
        assertEquals(15, timeline.dropped());
    }

    @Test
    void shouldWriteSvgTextWithoutCharactersXmlForbids() {
        String escaped = GanttSvg.escape("dev\u0001ice <a> & \"b\" \uD83D\uDE00 \uD800 tab\tend");
        assertEquals("dev\uFFFDice &lt;a&gt; &amp; &quot;b&quot; \uD83D\uDE00 \uFFFD tab\tend", escaped);
    }
}
