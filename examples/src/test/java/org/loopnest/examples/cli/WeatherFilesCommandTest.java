package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.examples.weather.WeatherAssertions;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.grads.GradsOption;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.kernel.KernelPath;

/**
 * {@code loopnest weather --input model.ctl --out DIR} on Debian's GrADS sample ({@code grads} package: T on 7
 * levels, Q on 5, UNDEF −2.56e33 below ground), on cpu and on a small simulated device: every output point equals
 * {@link WeatherFormulas#point} of the values read from the data file (bit for bit on the scalar path, within each
 * output's tolerance on the vector path: {@link WeatherAssertions}), the written descriptor parses and GrADS itself
 * opens it and displays the same values. Skipped, saying why, where the sample or GrADS is absent
 * ({@code -Dloopnest.grads.sample=/path/model.ctl}, {@code -Dloopnest.grads.command=/path/grads}).
 */
class WeatherFilesCommandTest {
    static final Path SAMPLE = Path.of(System.getProperty("loopnest.grads.sample",
            "/usr/share/doc/grads/examples/model.ctl"));
    private static final String GRADS = System.getProperty("loopnest.grads.command", "grads");

    @TempDir
    Path dir;

    static void assumeSample() {
        assumeTrue(Files.isRegularFile(SAMPLE), "no GrADS sample at " + SAMPLE + " (install Debian's grads package, "
                + "or name a copy with -Dloopnest.grads.sample=/path/model.ctl)");
    }

    /** Every point as the formulas give it: bit for bit on the scalar path, within tolerance on the vector path. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldMatchTheFormulasAtEveryPointOfTheGradsSampleOnCpuAndSim(KernelPath path) throws IOException {
        assumeSample();
        GradsDescriptor in = GradsDescriptor.parse(SAMPLE);
        String[][] devices = {{"--device", "cpu"}, {"--device", "sim", "--device-memory", "256KiB", "--buffers", "3"}};
        for (String[] device : devices) {
            Path out = dir.resolve(device[1]);
            String[] args = Stream.concat(Stream.of("weather", "--input", SAMPLE.toString(), "--out", out.toString(),
                    "--kernel-path", path.spelling()), Stream.of(device)).toArray(String[]::new);
            Cli run = Cli.run(args);
            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().contains("levels: T on 7, Q on 5 of ZDEF's 7: running the 5 both define (1000.0 to "
                    + "300.0 hPa)"), run.out());
            assertTrue(run.out().contains("wrote weather.dat weather.ctl to " + out), run.out());
            assertEquals(List.of("weather.ctl", "weather.dat"), names(out), "the two files, no temporary left");
            GradsDescriptor written = GradsDescriptor.parse(out.resolve("weather.ctl"));
            assertEquals(in.x(), written.x());
            assertEquals(in.y(), written.y());
            assertEquals(in.z(), written.z());
            assertEquals(in.time(), written.time());
            assertEquals(in.undef(), written.undef());
            assertEquals(out.resolve("weather.dat").toAbsolutePath(), written.dataFile());
            assertTrue(written.options().contains(GradsOption.LITTLE_ENDIAN), written.options().toString());
            assertEquals(5, written.variable("theta").levels());
            assertEquals("Potential temperature [K]", written.variable("theta").description());
            long missing = compareEveryPoint(in, written, path);
            assertTrue(missing > 0, device[1] + ": the sample has points below ground, " + missing + " found");
        }
    }

    @Test
    void shouldWriteTheGradsSampleAsNetcdfWithItsAxesAndTheSameValues() throws IOException {
        assumeSample();
        GradsDescriptor in = GradsDescriptor.parse(SAMPLE);
        Path out = dir.resolve("nc");
        Cli run = Cli.run("weather", "--input", SAMPLE.toString(), "--out", out.toString(), "--format", "netcdf",
                "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verified: 82800 points match"), run.out());
        NetcdfHeader h = NetcdfFile.open(out.resolve("weather.nc"));
        assertEquals("days since 1987-01-02 00:00:00", h.variable("time").attribute("units").get().text());
        assertArrayEquals(new double[] {0, 1, 2, 3, 4}, NetcdfFile.readValues(h, h.variable("time")));
        assertArrayEquals(new double[] {1000, 850, 700, 500, 300}, NetcdfFile.readValues(h, h.variable("level")));
        double[] lat = NetcdfFile.readValues(h, h.variable("lat"));
        assertEquals(46, lat.length);
        assertEquals(-90, lat[0]);
        assertEquals(90, lat[45]);
        assertEquals(355, NetcdfFile.readValues(h, h.variable("lon"))[71]);
        int grid = 72 * 46;
        float[] point = new float[WeatherOutput.COUNT];
        for (int t = 0; t < 5; t++) {
            for (int z = 0; z < 5; z++) {
                float[] temperature = read(in.dataFile(), in.byteOrder(), in.offset("T", t, z), grid);
                float[] humidity = read(in.dataFile(), in.byteOrder(), in.offset("Q", t, z), grid);
                float[] lcl = read(h.file(), ByteOrder.BIG_ENDIAN, h.gridOffset(h.variable("lcl_t"), t, z), grid);
                for (int k = 0; k < grid; k++) {
                    WeatherFormulas.point(temperature[k], humidity[k], (float) in.z().value(z), point);
                    WeatherAssertions.assertMatches(KernelPath.AUTO, WeatherOutput.LCL_T,
                            point[WeatherOutput.LCL_T.ordinal()], lcl[k], "t=" + t + " z=" + z);
                }
            }
        }
    }

    /**
     * Compares every output point with the formulas as {@link WeatherAssertions} does for {@code path}; returns the
     * number of missing input points.
     */
    private static long compareEveryPoint(GradsDescriptor in, GradsDescriptor out, KernelPath path)
            throws IOException {
        int grid = in.x().size() * in.y().size();
        float[] point = new float[WeatherOutput.COUNT];
        long missing = 0;
        for (int t = 0; t < in.time().count(); t++) {
            for (int z = 0; z < 5; z++) {
                float[] temperature = read(in.dataFile(), in.byteOrder(), in.offset("T", t, z), grid);
                float[] humidity = read(in.dataFile(), in.byteOrder(), in.offset("Q", t, z), grid);
                float[][] outputs = new float[WeatherOutput.COUNT][];
                for (WeatherOutput o : WeatherOutput.values()) {
                    outputs[o.ordinal()] = read(out.dataFile(), out.byteOrder(), out.offset(o.key(), t, z), grid);
                }
                for (int k = 0; k < grid; k++) {
                    WeatherFormulas.point(temperature[k], humidity[k], (float) in.z().value(z), point);
                    missing += Float.isNaN(point[0]) ? 1 : 0;
                    for (WeatherOutput o : WeatherOutput.values()) {
                        WeatherAssertions.assertMatches(path, o, point[o.ordinal()], outputs[o.ordinal()][k],
                                "t=" + t + " z=" + z + " k=" + k);
                    }
                }
            }
        }
        return missing;
    }

    @Test
    void shouldWriteADescriptorThatGradsOpensAndDisplays() throws IOException, InterruptedException {
        assumeSample();
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--input", SAMPLE.toString(), "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        Path ctl = out.resolve("weather.ctl");
        String output = grads(ctl, "set x 3\nset y 30\nset z 2\nset t 2\nd theta\nd lcl_p\n");
        assertTrue(output.contains("Descriptor: " + ctl.toAbsolutePath()), output);
        assertTrue(output.contains("Number of Variables = 12"), output);
        assertTrue(!output.toLowerCase(java.util.Locale.ROOT).contains("error"), output);
        List<Double> values = java.util.regex.Pattern.compile("Result value = (\\S+)").matcher(output).results()
                .map(m -> Double.parseDouble(m.group(1))).toList();
        GradsDescriptor written = GradsDescriptor.parse(ctl);
        int at = 2 + 29 * 72;
        assertEquals(2, values.size(), output);
        float theta = read(written.dataFile(), ByteOrder.LITTLE_ENDIAN, written.offset("theta", 1, 1), 72 * 46)[at];
        float lcl = read(written.dataFile(), ByteOrder.LITTLE_ENDIAN, written.offset("lcl_p", 1, 1), 72 * 46)[at];
        assertEquals(theta, values.get(0), 1e-5 * theta, "theta at x=3 y=30 z=2 t=2 as GrADS displays it");
        assertEquals(lcl, values.get(1), 1e-5 * lcl, "lcl_p at x=3 y=30 z=2 t=2 as GrADS displays it");
        float[] pws = read(written.dataFile(), ByteOrder.LITTLE_ENDIAN, written.offset("pw", 1, 0), 72 * 46);
        int column = 0;
        while (column < pws.length && !(pws[column] > 0)) { // a column with every level present
            column++;
        }
        assertTrue(column < pws.length, "no column of the sample has every level");
        float gh = read(written.dataFile(), ByteOrder.LITTLE_ENDIAN, written.offset("gh", 1, 1), 72 * 46)[column];
        String columns = grads(ctl, "set x " + (column % 72 + 1) + "\nset y " + (column / 72 + 1) + "\nset z 2\n"
                + "set t 2\nd gh\nd pw\n");
        assertTrue(columns.contains("Number of Variables = 12"), columns);
        values = java.util.regex.Pattern.compile("Result value = (\\S+)").matcher(columns).results()
                .map(m -> Double.parseDouble(m.group(1))).toList();
        float pw = pws[column];
        assertTrue(gh > 100, "a level above the lowest: gh " + gh + " m");
        assertEquals(gh, values.get(0), 1e-5 * gh, "gh at level 2, time 2 as GrADS displays it");
        assertEquals(pw, values.get(1), 1e-5 * pw, "pw (no levels) at time 2 as GrADS displays it");
    }

    /** Runs GrADS in batch mode on {@code ctl} with {@code commands}; skips the test where it cannot start. */
    static String grads(Path ctl, String commands) throws IOException, InterruptedException {
        Path script = Files.createTempFile(ctl.getParent(), "grads", ".txt");
        Path log = Files.createTempFile(ctl.getParent(), "grads", ".log");
        try {
            Files.writeString(script, "open " + ctl.toAbsolutePath() + "\nq file\n" + commands + "quit\n");
            Process grads;
            try {
                grads = new ProcessBuilder(GRADS, "-bl").redirectInput(script.toFile()).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
            } catch (IOException e) {
                assumeTrue(false, () -> "GrADS cannot be started (" + e.getMessage() + "): install Debian's grads "
                        + "package, or name the command with -Dloopnest.grads.command=/path/grads");
                return "";
            }
            boolean done = grads.waitFor(60, TimeUnit.SECONDS);
            if (!done) {
                grads.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
            String output = Files.readString(log);
            assertTrue(done && grads.exitValue() == 0, "GrADS did not finish in 60 s with status 0:\n" + output);
            return output;
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(log);
        }
    }

    static float[] read(Path file, ByteOrder order, long at, int count) throws IOException {
        ByteBuffer bytes = ByteBuffer.allocate(count * Float.BYTES).order(order);
        try (FileChannel channel = FileChannel.open(file)) {
            while (bytes.hasRemaining()) {
                if (channel.read(bytes, at + bytes.position()) < 0) {
                    throw new IOException(file + " ends before byte " + (at + bytes.capacity()));
                }
            }
        }
        float[] values = new float[count];
        bytes.flip().asFloatBuffer().get(values);
        return values;
    }

    static List<String> names(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
