package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.Main;

/**
 * SIGTERM to {@code loopnest weather --input … --out DIR} in the middle of its run (a slow simulated link keeps it
 * running for seconds) leaves the previous outputs as they were and no staged or temporary file, in both formats
 * (the NetCDF writer's temporary file included).
 */
class WeatherFilesInterruptionTest {
    @TempDir
    Path dir;

    @Test
    void shouldLeaveThePreviousOutputsAndNoTemporaryFileWhenTerminatedMidRun() throws Exception {
        assumeFalse(System.getProperty("os.name").startsWith("Windows"), "destroy() is not SIGTERM");
        WeatherFilesCommandTest.assumeSample();
        for (String format : new String[] {"grads", "netcdf"}) {
            Path out = Files.createDirectory(dir.resolve(format));
            List<String> old = format.equals("grads") ? List.of("weather.ctl", "weather.dat") : List.of("weather.nc");
            for (String name : old) {
                Files.writeString(out.resolve(name), "old " + name);
            }
            Process child = new ProcessBuilder(LocalNodes.java(Main.class, "weather", "--input",
                    WeatherFilesCommandTest.SAMPLE.toString(), "--out", out.toString(), "--format", format, "--device",
                    "sim", "--link-bandwidth", "1MB/s", "--split", "3")).redirectErrorStream(true).start();
            try {
                BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                do {
                    line = lines.readLine();
                    assertNotNull(line, format + ": the child ended before its run started");
                } while (!line.startsWith("weather: fields from"));
                List<String> staged = WeatherFilesCommandTest.names(out);
                assertTrue(staged.size() > old.size(), format + ": staged " + staged);
                child.destroy();
                assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not end within a minute of SIGTERM");
                assertEquals(old, WeatherFilesCommandTest.names(out), format + ": the previous outputs, no staged "
                        + "or temporary file");
                for (String name : old) {
                    assertEquals("old " + name, Files.readString(out.resolve(name)), format);
                }
            } finally {
                child.destroyForcibly();
            }
        }
    }
}
