package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.Main;
import org.loopnest.examples.weather.GridShape;
import org.loopnest.examples.weather.RawFloats;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.examples.weather.files.FileVerification;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.files.Processes;

/**
 * {@code loopnest weather --input-t --input-q}: raw inputs and their outputs are file-backed arrays, streamed chunk by
 * chunk, so the heap does not limit the grid (as with {@code --input} and {@code loopnest run}); {@code --verify}
 * compares grid by grid.
 */
class WeatherRawFilesTest {
    private static final String HEAP = "-Xmx48m";
    private static final long HEAP_BYTES = 48L << 20;

    @TempDir
    Path dir;

    @Test
    void shouldStreamRawInputsThroughAHeapTooSmallToHoldThemAndVerify() throws Exception {
        GridShape shape = new GridShape(4, 16, 128, 128); // 4 MiB a field: 16 float32 grids of 64 KiB per time step
        assertTrue(WeatherFields.heapBytes(shape, true) > HEAP_BYTES, "the fields in the heap would not fit " + HEAP
                + ", so a run that reads them into it is refused");
        WeatherFields made = WeatherFields.synthetic(shape, WeatherFields.defaultLevels(shape.z()), 3);
        List<Path> inputs = write(made, dir.resolve("t.f32"), dir.resolve("q.f32"));
        Path t = inputs.get(0);
        Path q = inputs.get(1);
        Path out = dir.resolve("out");
        Child child = weatherInSmallHeap(shape, t, q, out);
        String output = child.output();
        assertEquals(0, child.exit(), output);
        assertTrue(output.contains("weather: fields from " + t + ", " + q + " (raw float32); t=4 z=16 y=128 x=128"),
                output);
        assertTrue(output.contains("verified: " + shape.points() + " points match the sequential loop"), output);
        float[][] expected = made.newOutputs();
        WeatherNest.sequential(made, expected);
        float[] written = new float[shape.points()];
        for (WeatherOutput o : List.of(WeatherOutput.THETA, WeatherOutput.LCL_T)) {
            RawFloats.read(out.resolve(o.fileName()), written);
            float[] sequential = expected[o.ordinal()];
            for (int i = 0; i < written.length; i++) { // the child runs the vector path: within the tolerance
                assertTrue(o.accepts(written[i], sequential[i]), o.key() + " at " + i + ": " + written[i]
                        + " (expected: " + sequential[i] + " within " + o.tolerance() + ")");
            }
        }
    }

    @Test
    void shouldRefuseAVerificationWhoseGridsDoNotFitTheHeapBeforeTheRun() throws Exception {
        GridShape shape = new GridShape(1, 1, 1024, 1024); // 4 MiB a field; verifying holds 18 grids: 72 MiB
        assertTrue(FileVerification.heapBytes(shape.y(), shape.x()) > HEAP_BYTES, "verifying needs more than " + HEAP);
        List<Path> inputs = write(WeatherFields.synthetic(shape, WeatherFields.defaultLevels(shape.z()), 3),
                dir.resolve("t.f32"), dir.resolve("q.f32"));
        Path out = dir.resolve("out");
        Child child = weatherInSmallHeap(shape, inputs.get(0), inputs.get(1), out);
        String output = Cli.withoutIncubatorWarning(child.output());
        assertEquals(2, child.exit(), output);
        assertTrue(output.startsWith("loopnest weather: --verify: the run needs about 72.0 MiB of heap (18 float32 "
                + "grids of 1024 x 1024 points, compared one level at a time, and the columns of one time step) but "
                + "the "
                + "JVM may use"), output);
        assertTrue(output.contains("or --no-verify)"), output);
        assertTrue(!output.contains("OutOfMemoryError"), output);
        assertTrue(!Files.exists(out), "nothing written, not even --out");
    }

    @Test
    void shouldWriteTheOutputsOfARunWithoutOutToTemporariesItDeletes() throws IOException {
        WeatherFields made = WeatherFields.synthetic(2, 3, 4, 5, 8);
        List<Path> inputs = write(made, dir.resolve("t.f32"), dir.resolve("q.f32"));
        Path t = inputs.get(0);
        Path q = inputs.get(1);
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        List<Path> before = temporaries(tmp);
        Cli run = Cli.run("weather", "--shape", "2,3,4,5", "--input-t", t.toString(), "--input-q", q.toString(),
                "--verify", "--report", dir.resolve("run.json").toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verified: 120 points"), run.out());
        assertTrue(!run.out().contains("wrote theta.f32"), run.out());
        assertTrue(Files.readString(dir.resolve("run.json")).contains("\"chunks\":"), "the report");
        List<Path> left = temporaries(tmp);
        left.removeAll(before);
        assertEquals(List.of(), left, "the outputs' temporaries are deleted");
        assertEquals(List.of("q.f32", "run.json", "t.f32"), WeatherFilesCommandTest.names(dir));
    }

    @Test
    void shouldRemoveWhatAKilledRunWithoutOutLeftInTheTemporaryDirectory() throws Exception {
        WeatherFields made = WeatherFields.synthetic(2, 3, 4, 5, 8);
        List<Path> inputs = write(made, dir.resolve("t.f32"), dir.resolve("q.f32"));
        Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
        Path stale = Files.write(OwnedNames.name(tmp.resolve("theta.f32"), OwnedNames.Kind.TEMPORARY,
                Processes.finished()), new byte[16]);
        try {
            Cli run = Cli.run("weather", "--shape", "2,3,4,5", "--input-t", inputs.get(0).toString(), "--input-q",
                    inputs.get(1).toString());
            assertEquals(0, run.code(), run.err());
            assertTrue(!Files.exists(stale), stale + " of a gone owner is removed");
        } finally {
            Files.deleteIfExists(stale);
        }
    }

    /** What a child JVM printed (standard output and error together) and its exit code. */
    private record Child(int exit, String output) {
    }

    /** Runs {@code weather --verify} over raw {@code t} and {@code q} into {@code out} in a JVM with {@link #HEAP}. */
    private static Child weatherInSmallHeap(GridShape shape, Path t, Path q, Path out) throws Exception {
        Process child = new ProcessBuilder(LocalNodes.java(List.of(HEAP), Main.class, "weather", "--shape",
                shape.toString(), "--input-t", t.toString(), "--input-q", q.toString(), "--verify", "--out",
                out.toString())).redirectErrorStream(true).start();
        try {
            String output = new String(child.getInputStream().readAllBytes());
            assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child ended");
            return new Child(child.exitValue(), output);
        } finally {
            child.destroyForcibly();
        }
    }

    private static List<Path> temporaries(Path tmp) throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return new java.util.ArrayList<>(files.filter(f -> f.getFileName().toString().startsWith(".theta.f32."))
                    .toList());
        }
    }

    /** Writes the fields' T and q as raw float32 files {@code t} and {@code q}; returns them. */
    static List<Path> write(WeatherFields fields, Path t, Path q) throws IOException {
        RawFloats.write(t, fields.temperature());
        RawFloats.write(q, fields.humidity());
        return List.of(t, q);
    }
}
