package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.Main;

/**
 * SIGTERM to {@code loopnest run} while its kernel runs leaves the previous outputs as they were and no temporary file
 * behind, raw and NetCDF outputs alike: the shutdown hooks delete what was staged.
 */
class RunInterruptionTest {
    @TempDir
    Path dir;

    @Test
    void shouldLeaveThePreviousOutputsAndNoTemporaryWhenTerminatedMidRun() throws IOException, InterruptedException {
        Assumptions.assumeFalse(System.getProperty("os.name").startsWith("Windows"), "destroy() is not SIGTERM");
        Path raw = Files.write(dir.resolve("o.f32"), new byte[] {1, 2, 3});
        Path nc = Files.write(dir.resolve("p.nc"), new byte[] {4, 5});
        String slow = "float s = 0.0f; for (long i = 0; i < 4000000000L; i++) { s = s + 1.0f; } o = s; p = s;";
        Process child = new ProcessBuilder(LocalNodes.java(Main.class, "run", "--shape", "64", "--body", slow,
                "--out", "o=" + raw, "--out", "p=" + nc, "--dump-kernels", dir.resolve("kernels").toString()))
                .redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String line;
            StringBuilder seen = new StringBuilder();
            do {
                line = lines.readLine(); // "wrote kernel" comes after the outputs are staged, before the run starts
                seen.append(line).append('\n');
            } while (line != null && !line.startsWith("wrote kernel"));
            assertNotNull(line, "the child ended before running:\n" + seen);
            assertEquals(3, temporaries().size(), "staged: the raw output's temporary, the NetCDF output's and the "
                    + "file its writer writes: " + temporaries());
            child.destroy();
            assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not end within a minute of SIGTERM");
            assertEquals(List.of(), temporaries(), "temporaries left behind");
            assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(raw), "the previous raw output is untouched");
            assertArrayEquals(new byte[] {4, 5}, Files.readAllBytes(nc), "the previous NetCDF output is untouched");
        } finally {
            child.destroyForcibly();
        }
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }
}
