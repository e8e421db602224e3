package org.loopnest.examples.weather.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.LoopNest;
import org.loopnest.data.FloatView;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;
import org.loopnest.error.LoopNestException;
import org.loopnest.examples.weather.StagedFiles;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;

/**
 * A run over files that fails half way, on cpu and sim, in each output format: what the command does on failure
 * (closing the output files and the staged set) leaves the previous outputs as they were and no temporary file.
 */
class FailedRunTest {
    @TempDir
    Path dir;

    @Test
    void shouldLeaveThePreviousOutputsAndNoTemporaryFileWhenTheRunFails() throws IOException {
        Path ctl = SmallGrads.write(dir.resolve(Files.createDirectory(dir.resolve("in"))));
        Path out = Files.createDirectory(dir.resolve("out"));
        Files.writeString(out.resolve("weather.ctl"), "old ctl");
        Files.writeString(out.resolve("weather.nc"), "old nc");
        try (SimDevice sim = new SimDevice(SimConfig.builder().name("sim").memory(4096).threads(2).build())) {
            for (OutputFormat format : OutputFormat.values()) {
                for (SimDevice device : new SimDevice[] {null, sim}) {
                    String where = format + (device == null ? " on cpu" : " on sim");
                    try (WeatherInput in = GradsInput.open(ctl, "T", "Q"); StagedFiles set = StagedFiles.open();
                         OutputFiles files = format.create(set, out, in, 4, null)) {
                        LoopNest nest = failingHalfWay(in, files);
                        if (device != null) {
                            nest.on(device);
                        }
                        LoopNestException e = assertThrows(LoopNestException.class, nest::run, where);
                        assertTrue(String.valueOf(e.getCause()).contains("bad point"), where + ": " + e);
                    }
                    assertEquals(List.of("weather.ctl", "weather.nc"), names(out), where);
                    assertEquals("old ctl", Files.readString(out.resolve("weather.ctl")), where);
                    assertEquals("old nc", Files.readString(out.resolve("weather.nc")), where);
                }
            }
        }
    }

    /** The nest over the files with a Java body that writes 1 everywhere and fails at the last point but two. */
    private static LoopNest failingHalfWay(WeatherInput in, OutputFiles files) {
        long points = in.points();
        LoopNest nest = LoopNest.of(in.extents()).names(WeatherNest.INDEX_NAMES)
                .in("T", in.temperature().input()).in("q", in.humidity().input()).in("p", in.levels(), "z");
        for (WeatherOutput o : WeatherOutput.values()) {
            nest.out(o.key(), files.holder(o));
        }
        return nest.splitAt(2).kernel(arrays -> {
            FloatView theta = arrays.floats("theta");
            return it -> {
                if (it.flat() == points - 2) {
                    throw new IllegalStateException("bad point");
                }
                theta.set(it, 1f);
            };
        });
    }

    private static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
