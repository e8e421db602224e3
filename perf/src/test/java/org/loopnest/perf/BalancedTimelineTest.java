package org.loopnest.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BalancedTimelineTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @Test
    void shouldDrawOneBarPerChunkAndStage(@TempDir Path dir) throws Exception {
        Path svg = dir.resolve("timeline.svg");

        assertEquals(0, run("--one-engine", svg.toString()), text(log));

        String picture = Files.readString(svg);
        for (String stage : new String[] {"serialize", "copy-in", "kernel", "copy-out", "deserialize"}) {
            long bars = Pattern.compile("<title>chunk \\d+, " + stage + ",").matcher(picture).results().count();
            assertEquals(24, bars, stage);
        }
        assertTrue(text(out).contains("one engine for copies and kernels"), text(out));
    }

    @Test
    void shouldRefuseAnUnknownOptionAndAMissingFile() {
        assertEquals(2, run("--wide", "x.svg"));
        assertEquals("BalancedTimeline: unexpected argument '--wide' (expected: [--one-engine] FILE.svg)\n",
                text(log));
        log.reset();
        assertEquals(2, run("--one-engine"));
        assertEquals("usage: BalancedTimeline [--one-engine] FILE.svg\n", text(log));
    }

    private int run(String... args) {
        return BalancedTimeline.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(log, true, StandardCharsets.UTF_8));
    }

    private static String text(ByteArrayOutputStream stream) {
        return stream.toString(StandardCharsets.UTF_8);
    }
}
