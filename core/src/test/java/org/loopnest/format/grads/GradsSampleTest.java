package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample that Debian's {@code grads} package ships ({@code /usr/share/doc/grads/examples/model.ctl} and
 * {@code model.dat}: 5 days of a 72×46 global model, T on 7 levels and Q on 5). Another copy is named with
 * {@code -Dloopnest.grads.sample=/path/model.ctl}; without one the tests are skipped, saying why.
 */
class GradsSampleTest {
    private static final Path SAMPLE = Path.of(System.getProperty("loopnest.grads.sample",
            "/usr/share/doc/grads/examples/model.ctl"));

    private static final String GRADS = System.getProperty("loopnest.grads.command", "grads");

    @TempDir
    Path dir;

    private static GradsDescriptor sample() throws IOException {
        assumeTrue(Files.isRegularFile(SAMPLE), () -> SAMPLE + " is absent: install Debian's grads package, or name a "
                + "copy with -Dloopnest.grads.sample=/path/model.ctl");
        return GradsDescriptor.parse(SAMPLE);
    }

    private static float[] grid(GradsDescriptor d, String variable, int t, int z) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate((int) d.gridBytes()).order(d.byteOrder());
        try (FileChannel channel = FileChannel.open(d.dataFile())) {
            long at = d.offset(variable, t, z);
            while (bytes.hasRemaining() && channel.read(bytes, at + bytes.position()) >= 0) {
                // positional reads until the grid is full
            }
        }
        float[] values = new float[(int) (d.gridBytes() / Float.BYTES)];
        bytes.flip().asFloatBuffer().get(values);
        return values;
    }

    @Test
    void shouldParseTheDebianSampleAndFindItsDataFile() throws IOException {
        GradsDescriptor d = sample();
        assertEquals(SAMPLE.toAbsolutePath().resolveSibling("model.dat").normalize(), d.dataFile());
        assertEquals(List.of("PS", "U", "V", "Z", "T", "Q", "TS", "P"),
                d.variables().stream().map(GradsVariable::name).toList());
        assertEquals(7, d.variable("t").levels());
        assertEquals(5, d.variable("q").levels());
        assertEquals(d.expectedFileSize(), d.checkDataFile(), "model.dat is exactly as long as described");
        assertEquals(d, GradsDescriptor.parse(d.toText(), SAMPLE), "its own text parses back");
    }

    @Test
    void shouldReadPlausibleTemperaturesAndHumiditiesAtTheOffsetsFound() throws IOException {
        GradsDescriptor d = sample();
        float undef = (float) d.undef();
        for (int z = 0; z < 7; z++) {
            assertPlausible(grid(d, "T", 0, z), undef, 150, 330, "T (K) at " + d.levelsOf("T").get(z) + " hPa");
        }
        for (int z = 0; z < 5; z++) {
            assertPlausible(grid(d, "Q", 4, z), undef, 0, 0.05, "Q (kg/kg) at " + d.levelsOf("Q").get(z) + " hPa");
        }
        assertPlausible(grid(d, "PS", 2, 0), undef, 400, 1100, "PS (hPa)");
        assertPlausible(grid(d, "TS", 4, 0), undef, 200, 340, "TS (K)");
    }

    private static void assertPlausible(float[] grid, float undef, double low, double high, String what) {
        int defined = 0;
        for (float v : grid) {
            if (v != undef) {
                assertTrue(v >= low && v <= high, what + ": " + v + " (expected: in [" + low + ", " + high + "])");
                defined++;
            }
        }
        assertTrue(defined > grid.length / 3, what + ": " + defined + " of " + grid.length + " values defined");
    }

    @Test
    void shouldWriteADescriptorThatGradsItselfOpensAndReadsAlike() throws IOException, InterruptedException {
        GradsDescriptor in = sample();
        Path ctl = dir.resolve("copy.ctl");
        in.withData(in.dataFile(), in.variables(), in.byteOrder()).withTitle("written by LoopNest").write(ctl);
        Path script = Files.writeString(dir.resolve("script.txt"), "open " + ctl + "\nq file\n"
                + "set x 3\nset y 30\nset z 7\nset t 2\nd t\nset x 10\nset y 25\nset z 5\nset t 4\nd q\nquit\n");
        Path log = dir.resolve("grads.log");
        Process grads;
        try {
            grads = new ProcessBuilder(GRADS, "-bl").redirectInput(script.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            assumeTrue(false, () -> "GrADS cannot be started (" + e.getMessage() + "): install Debian's grads "
                    + "package, or name the command with -Dloopnest.grads.command=/path/grads");
            return;
        }
        boolean done = grads.waitFor(60, TimeUnit.SECONDS);
        if (!done) {
            grads.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        String output = Files.readString(log);
        assertTrue(done && grads.exitValue() == 0, "GrADS did not finish in 60 s with status 0:\n" + output);
        assertTrue(output.contains("Descriptor: " + ctl), output);
        assertTrue(output.contains("Number of Variables = 8"), output);
        List<Double> results = Pattern.compile("Result value = (\\S+)").matcher(output).results()
                .map(m -> Double.parseDouble(m.group(1))).toList();
        assertEquals(2, results.size(), output);
        assertEquals(grid(in, "T", 1, 6)[2 + 29 * 72], results.get(0), 0.01, "T at 100 hPa, x=3, y=30, t=2");
        assertEquals(grid(in, "Q", 3, 4)[9 + 24 * 72], results.get(1), 1e-6, "Q at 300 hPa, x=10, y=25, t=4");
    }
}
