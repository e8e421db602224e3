package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.files.SmallGrads;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * No command writes over a file it reads: every path {@code run} and {@code weather} write (outputs, report, traces,
 * kernels, saved inputs) is compared with every file they read (inputs, a descriptor's data file, the body file) by
 * identity, under any spelling, and refused with exit code 2 naming both, the input left as it was.
 */
class OwnInputsTest {
    private static final String SHAPE = "2,3,4,5";

    @TempDir
    Path dir;

    /** Runs the command, expects exit code 2 and one line containing {@code message}, and the files unchanged. */
    private void refused(String message, List<Path> inputs, String... args) throws IOException {
        List<byte[]> before = new ArrayList<>();
        for (Path input : inputs) {
            before.add(Files.readAllBytes(input));
        }
        Cli run = Cli.run(args);
        assertEquals(2, run.code(), String.join(" ", args) + ": " + run.out() + run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains(message), run.err());
        for (int i = 0; i < inputs.size(); i++) {
            assertArrayEquals(before.get(i), Files.readAllBytes(inputs.get(i)), inputs.get(i) + " unchanged");
        }
        try (Stream<Path> files = Files.walk(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(),
                    "no temporary left");
        }
    }

    @Test
    void shouldRefuseWritingTheOutputsOverTheNetcdfInput() throws IOException {
        Path nc = netcdf(dir.resolve("weather.nc"));
        refused("--out " + dir + ": " + nc + " is read by --input " + nc + " (expected: a file no input reads)",
                List.of(nc), "weather", "--input", nc.toString(), "--out", dir.toString(), "--format", "netcdf");
        Path other = dir.resolve("other");
        refused("--report " + dir + "/./weather.nc: " + dir + "/./weather.nc is read by --input " + nc,
                List.of(nc), "weather", "--input", nc.toString(), "--out", other.toString(), "--report",
                dir + "/./weather.nc");
    }

    @Test
    void shouldRefuseWritingOverADescriptorOrTheDataFileItsDsetNames() throws IOException {
        Path small = SmallGrads.write(dir);
        Path data = dir.resolve("small.dat");
        Path ctl = Files.move(small, dir.resolve("weather.ctl"));
        refused("--out " + dir + ": " + dir.resolve("weather.ctl") + " is read by --input " + ctl + " (expected: a "
                + "file no input reads)", List.of(ctl, data), "weather", "--input", ctl.toString(), "--out",
                dir.toString());
        Path described = Files.writeString(dir.resolve("d.ctl"), Files.readString(ctl)
                .replace("^small.dat", "^weather.dat"));
        Path named = Files.copy(data, dir.resolve("weather.dat"));
        refused("--out " + dir + ": " + dir.resolve("weather.dat") + " is read by --input " + described
                + " as its data file " + named.toAbsolutePath() + " (expected: a file no input reads)",
                List.of(described, named), "weather", "--input", described.toString(), "--out", dir.toString());
        refused("--trace " + data + ": " + data + " is read by --in T=" + ctl + ":T (expected: a file no input reads)",
                List.of(ctl, data), "run", "--body", "o = T;", "--in", "T=" + ctl + ":T", "--out", "o="
                        + dir.resolve("o.nc"), "--trace", data.toString());
    }

    @Test
    void shouldRefuseEveryFileWeatherWritesOnARawInputUnderEverySpelling() throws IOException {
        Path d = Files.createDirectory(dir.resolve("d"));
        WeatherFields made = WeatherFields.synthetic(2, 3, 4, 5, 1);
        Path t = d.resolve("T.f32");
        Path q = d.resolve("q.f32");
        WeatherRawFilesTest.write(made, t, q);
        Path link = Files.createSymbolicLink(dir.resolve("link"), d);
        Path hard = createLinkOrSkip(d.resolve("hard.f32"), q);
        Map<String, String> spellings = Map.of(
                "--report", t.toString(),
                "--trace", d + "/./T.f32",
                "--trace-svg", d + "/../d/T.f32",
                "--save-inputs", link.toString());
        for (Map.Entry<String, String> option : spellings.entrySet()) {
            String path = option.getValue();
            refused(option.getKey() + " " + path + ": ", List.of(t, q), "weather", "--shape", SHAPE, "--input-t",
                    t.toString(), "--input-q", q.toString(), option.getKey(), path);
        }
        refused("--report " + link.resolve("T.f32") + ": " + link.resolve("T.f32") + " is read by --input-t " + t,
                List.of(t, q), "weather", "--shape", SHAPE, "--input-t", t.toString(), "--input-q", q.toString(),
                "--report", link.resolve("T.f32").toString());
        refused("--trace " + hard + ": " + hard + " is read by --input-q " + q, List.of(t, q), "weather", "--shape",
                SHAPE, "--input-t", t.toString(), "--input-q", q.toString(), "--trace", hard.toString());
        Path theta = Files.copy(t, d.resolve("theta.f32"));
        refused("--out " + link + ": " + link.resolve("theta.f32") + " is read by --input-t " + theta, List.of(theta),
                "weather", "--shape", SHAPE, "--input-t", theta.toString(), "--input-q", q.toString(), "--out",
                link.toString());
        Path kernel = Files.copy(t, d.resolve("weather.cu"));
        refused("--dump-kernels " + d + ": " + d.resolve("weather.cu") + " is read by --input-q " + kernel,
                List.of(kernel), "weather", "--shape", SHAPE, "--input-t", t.toString(), "--input-q",
                kernel.toString(), "--dump-kernels", d.toString());
    }

    @Test
    void shouldRefuseEveryFileRunWritesOnAnInputOrTheBodyFile() throws IOException {
        Path a = RunCommandTest.writeFloats(dir.resolve("a.f32"), new float[6], java.nio.ByteOrder.LITTLE_ENDIAN);
        Path body = Files.writeString(dir.resolve("run.cl"), "o = a;");
        Path out = dir.resolve("o.f32");
        String[] common = {"run", "--shape", "6", "--body-file", body.toString(), "--in", "a=" + a, "--out",
            "o=" + out};
        refused("--report " + dir + "/../" + dir.getFileName() + "/a.f32: ", List.of(a, body),
                with(common, "--report", dir + "/../" + dir.getFileName() + "/a.f32"));
        refused("--trace " + body + ": " + body + " is read by --body-file " + body, List.of(a, body),
                with(common, "--trace", body.toString()));
        refused("--trace-svg " + dir.toAbsolutePath() + "/./a.f32: ", List.of(a, body),
                with(common, "--trace-svg", dir.toAbsolutePath() + "/./" + a.getFileName()));
        refused("--dump-kernels " + dir + ": " + dir.resolve("run.cl") + " is read by --body-file " + body,
                List.of(a, body), with(common, "--dump-kernels", dir.toString()));
    }

    @Test
    void shouldRefuseWritingOverTheSecretFileOrTheTlsTrustOfTheNodes() throws IOException {
        Path secret = Files.writeString(dir.resolve("s.key"), "0123456789abcdef".repeat(4) + "\n");
        Files.setPosixFilePermissions(secret, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path trust = Files.writeString(dir.resolve("trust.pem"), "not read before the refusal\n");
        refused("--report " + secret + ": " + secret + " is read by --secret-file " + secret, List.of(secret),
                "weather", "--shape", SHAPE, "--nodes", "127.0.0.1:1", "--secret-file", secret.toString(),
                "--report", secret.toString());
        Path a = RunCommandTest.writeFloats(dir.resolve("a.f32"), new float[6], java.nio.ByteOrder.LITTLE_ENDIAN);
        String[] common = {"run", "--shape", "6", "--body", "o = a;", "--in", "a=" + a, "--nodes", "127.0.0.1:1",
            "--secret-file", secret.toString()};
        refused("--report " + secret + ": " + secret + " is read by --secret-file " + secret, List.of(a, secret),
                with(common, "--out", "o=" + dir.resolve("o.f32"), "--report", secret.toString()));
        refused("--trace " + trust + ": " + trust + " is read by --tls-trust " + trust, List.of(a, secret, trust),
                with(common, "--tls-trust", trust.toString(), "--out", "o=" + dir.resolve("o.f32"), "--trace",
                        trust.toString()));
    }

    private static String[] with(String[] common, String... more) {
        return Stream.concat(Stream.of(common), Stream.of(more)).toArray(String[]::new);
    }

    private static Path createLinkOrSkip(Path link, Path existing) throws IOException {
        try {
            return Files.createLink(link, existing);
        } catch (UnsupportedOperationException | IOException e) {
            assumeTrue(false, "no hard links here: " + e);
            return link;
        }
    }

    /** A classic file with t and q on (time, level, lat, lon), 1 × 2 × 2 × 2, levels 1000 and 500 hPa. */
    static Path netcdf(Path file) throws IOException {
        List<String> dims = List.of("time", "level", "lat", "lon");
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", 1).dimension("level", 2).dimension("lat", 2).dimension("lon", 2);
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.variable("t", dims).variable("q", dims);
            w.writeHeader();
            w.write("level", 0, new float[] {1000, 500});
            w.write("t", 0, new float[] {280, 281, 282, 283, 270, 271, 272, 273});
            w.write("q", 0, new float[] {0.01f, 0.01f, 0.01f, 0.01f, 0.005f, 0.005f, 0.005f, 0.005f});
            w.commit();
        }
        return file;
    }
}
