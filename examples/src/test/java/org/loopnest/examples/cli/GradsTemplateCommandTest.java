package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.grads.GradsDescriptor;

/**
 * A GrADS {@code template} descriptor ({@code DSET ^model_%y4%m2%d2.dat}: three daily files of four 6-hourly steps)
 * read as one data set joined along time: {@code loopnest weather} and {@code loopnest run} over it give, byte for
 * byte, the outputs of one descriptor over one file holding the same data, on cpu and on sim; a daily file missing or
 * cut short is exit 2 naming the file and its time steps.
 */
class GradsTemplateCommandTest {
    private static final int DAYS = 3;
    private static final int STEPS_PER_DAY = 4;
    private static final int NT = DAYS * STEPS_PER_DAY;
    private static final int NZ = 3;
    private static final int NY = 3;
    private static final int NX = 4;
    private static final int GRID = NY * NX;
    /** T and Q, each on every level: the bytes of one time step. */
    private static final int STEP_BYTES = 2 * NZ * GRID * Float.BYTES;
    private static final String GRID_RECORDS = """
            UNDEF -9.99e33
            OPTIONS little_endian%s
            XDEF 4 LINEAR 0 90
            YDEF 3 LINEAR -45 45
            ZDEF 3 LEVELS 1000 850 500
            TDEF 12 LINEAR 00Z01JAN2025 6hr
            VARS 2
            T 3 99 Temperature [K]
            Q 3 99 Specific humidity [kg/kg]
            ENDVARS
            """;

    @TempDir
    Path dir;

    /** T (K) at time step t, level z, point k. */
    private static float t(int t, int z, int k) {
        return 290 - 20 * z + 0.5f * k + t;
    }

    /** Q (kg/kg) at time step t, level z, point k. */
    private static float q(int t, int z, int k) {
        return (0.012f - 0.003f * z) * (1 + 0.02f * k) + 0.0005f * t;
    }

    /** The GrADS layout of steps {@code first …}: per step T's levels, then Q's; little-endian float32. */
    private static byte[] steps(int first, int count) {
        ByteBuffer data = ByteBuffer.allocate(count * STEP_BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int s = first; s < first + count; s++) {
            for (int v = 0; v < 2; v++) {
                for (int z = 0; z < NZ; z++) {
                    for (int k = 0; k < GRID; k++) {
                        data.putFloat(v == 0 ? t(s, z, k) : q(s, z, k));
                    }
                }
            }
        }
        return data.array();
    }

    /** {@code one.ctl} over {@code one.dat}, all twelve steps. */
    private Path one() throws IOException {
        Files.write(dir.resolve("one.dat"), steps(0, NT));
        return Files.writeString(dir.resolve("one.ctl"), "DSET ^one.dat\n" + GRID_RECORDS.formatted(""));
    }

    /** {@code days.ctl} over {@code days/model_20250101.dat} … {@code model_20250103.dat}, four steps each. */
    private Path days() throws IOException {
        Files.createDirectories(dir.resolve("days"));
        for (int d = 0; d < DAYS; d++) {
            Files.write(day(d), steps(d * STEPS_PER_DAY, STEPS_PER_DAY));
        }
        return Files.writeString(dir.resolve("days.ctl"), "DSET ^days/model_%y4%m2%d2.dat\n"
                + GRID_RECORDS.formatted(" template"));
    }

    private Path day(int d) {
        return dir.resolve("days/model_2025010" + (d + 1) + ".dat");
    }

    private static Cli ok(String... args) {
        Cli run = Cli.run(args);
        assertEquals(0, run.code(), run.out() + run.err());
        return run;
    }

    private static void assertSameBytes(Path expected, Path actual) throws IOException {
        assertArrayEquals(Files.readAllBytes(expected), Files.readAllBytes(actual), actual + " as " + expected);
    }

    @Test
    void shouldWriteTheWeatherOutputsOfTheOneFileOverTheDailyFiles() throws IOException {
        Path one = one();
        Path days = days();
        // the scalar path: the three runs' outputs are compared bit for bit (Cli.weatherScalar says why)
        ok("weather", "--kernel-path", "scalar", "--input", one.toString(), "--out", dir.resolve("o1").toString());
        Cli cpu = ok("weather", "--kernel-path", "scalar", "--input", days.toString(), "--out",
                dir.resolve("o2").toString());
        assertTrue(cpu.out().contains("DSET template: 3 data files (model_20250101.dat … model_20250103.dat) joined "
                + "along time (12 steps)"), cpu.out());
        Cli sim = ok("weather", "--kernel-path", "scalar", "--input", days.toString(), "--out",
                dir.resolve("o3").toString(), "--device", "sim",
                "--device-memory", "256KiB", "--buffers", "3", "--verify");
        assertTrue(sim.out().contains("verified: " + NT * NZ * GRID + " points match"), sim.out());
        for (String out : List.of("o2", "o3")) {
            assertEquals(List.of("weather.ctl", "weather.dat"), WeatherFilesCommandTest.names(dir.resolve(out)));
            assertSameBytes(dir.resolve("o1/weather.dat"), dir.resolve(out).resolve("weather.dat"));
            assertEquals(Files.readString(dir.resolve("o1/weather.ctl")),
                    Files.readString(dir.resolve(out).resolve("weather.ctl")), "one data file, the same TDEF");
        }
        GradsDescriptor written = GradsDescriptor.parse(dir.resolve("o2/weather.ctl"));
        float[] theta = WeatherFilesCommandTest.read(written.dataFile(), ByteOrder.LITTLE_ENDIAN,
                written.offset("theta", 9, 0), GRID);
        assertEquals(t(9, 0, 5), theta[5], 1e-3f, "theta at 1000 hPa is T, step 9 from the third file");
    }

    @Test
    void shouldRunABodyOverTheDailyFilesAsOverTheOneFileOnCpuAndSim() throws IOException {
        Path one = one();
        Path days = days();
        String body = "c = T - 273.15f;";
        ok("run", "--in", "T=" + one + ":T", "--body", body, "--out", "c=" + dir.resolve("one.f32"));
        ok("run", "--in", "T=" + days + ":T", "--body", body, "--out", "c=" + dir.resolve("cpu.f32"));
        ok("run", "--in", "T=" + days + ":T", "--body", body, "--out", "c=" + dir.resolve("sim.f32"), "--device",
                "sim", "--split", "1", "--verify");
        assertSameBytes(dir.resolve("one.f32"), dir.resolve("cpu.f32"));
        assertSameBytes(dir.resolve("one.f32"), dir.resolve("sim.f32"));
        float[] c = WeatherFilesCommandTest.read(dir.resolve("cpu.f32"), ByteOrder.LITTLE_ENDIAN,
                (long) (9 * NZ + 2) * GRID * Float.BYTES, GRID);
        assertEquals(t(9, 2, 7) - 273.15f, c[7], 0f, "step 9 (the third file's second), level 2, point 7");
    }

    @Test
    void shouldRefuseADailyFileMissingOrCutShortNamingItsSteps() throws IOException {
        Path days = days();
        Files.delete(day(2));
        Cli missing = Cli.run("weather", "--input", days.toString(), "--out", dir.resolve("o").toString());
        assertEquals(2, missing.code(), missing.err());
        assertEquals("loopnest weather: --input " + days + ": DSET " + day(2).toAbsolutePath() + ": no such file "
                + "(expected: the data file of time steps 8 to 11 by the template of days.ctl, a readable regular "
                + "file) (see 'loopnest weather --help')", missing.err().strip());
        Files.write(day(2), steps(8, 3));
        Cli shorter = Cli.run("run", "--in", "T=" + days + ":T", "--body", "c = T;", "--out", "c="
                + dir.resolve("c.f32"));
        assertEquals(2, shorter.code(), shorter.err());
        assertEquals("loopnest run: --in T=" + days + ":T: model_20250103.dat: " + 3 * STEP_BYTES + " bytes, "
                + "shorter than days.ctl describes (expected: at least " + 4 * STEP_BYTES + " bytes = 4 times × "
                + STEP_BYTES + " bytes per time, time steps 8 to 11) (see 'loopnest run --help')",
                shorter.err().strip());
        assertTrue(Files.notExists(dir.resolve("o")) && Files.notExists(dir.resolve("c.f32")), "nothing written");
    }
}
