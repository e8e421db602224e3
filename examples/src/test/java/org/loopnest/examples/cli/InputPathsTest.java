package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.files.SmallGrads;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * Every file {@code run} and {@code weather} read passes one check before it is opened (a readable regular file, so a
 * FIFO never blocks a run) whose message says why; a reader's own message, naming the file, reaches the user rather
 * than a blame of the wrong option.
 */
class InputPathsTest {
    private static final Duration AT_ONCE = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    /** Runs the command, which must not block; expects exit code 2 and one line {@code loopnest CMD: message ...}. */
    private static String refused(String... args) {
        Cli run = assertTimeoutPreemptively(AT_ONCE, () -> Cli.run(args), "the command returned at once");
        assertEquals(2, run.code(), run.out() + run.err());
        assertEquals(1, run.errLines().length, run.err());
        String prefix = "loopnest " + args[0] + ": ";
        String suffix = " (see 'loopnest " + args[0] + " --help')";
        assertTrue(run.err().startsWith(prefix) && run.err().strip().endsWith(suffix), run.err());
        return run.err().strip().substring(prefix.length(), run.err().strip().length() - suffix.length());
    }

    @Test
    void shouldRefuseAFifoNamedCtlAsWeatherInputWithoutOpeningIt() throws Exception {
        Path fifo = Fifos.make(dir, "f.ctl");
        assertEquals("--input " + fifo + ": a FIFO (expected: a GrADS .ctl or a NetCDF .nc file)",
                refused("weather", "--input", fifo.toString(), "--out", dir.resolve("out").toString()));
        assertEquals("--in T=" + fifo + ":T: " + fifo + ": a FIFO (expected: a readable regular file)",
                refused("run", "--body", "o = T;", "--in", "T=" + fifo + ":T", "--out", "o=" + dir.resolve("o.f32")));
        assertTrue(Files.notExists(dir.resolve("out")), "nothing written");
    }

    @Test
    void shouldRefuseAFifoAsTheDataFileOfADescriptorInBothCommands() throws Exception {
        Path ctl = SmallGrads.write(dir);
        Files.delete(dir.resolve("small.dat"));
        Path fifo = Fifos.make(dir, "small.dat").toAbsolutePath();
        String why = "DSET " + fifo + ": a FIFO (expected: the data file of small.ctl, a readable regular file)";
        assertEquals("--input " + ctl + ": " + why,
                refused("weather", "--input", ctl.toString(), "--out", dir.resolve("out").toString()));
        assertEquals("--in T=" + ctl + ":T: " + why,
                refused("run", "--body", "o = T;", "--in", "T=" + ctl + ":T", "--out", "o=" + dir.resolve("o.nc")));
    }

    @Test
    void shouldSayWhyTheDataFileOfADescriptorCannotBeReadInBothCommands() throws IOException {
        Path ctl = SmallGrads.write(dir);
        Path data = dir.resolve("small.dat").toAbsolutePath();
        Files.delete(data);
        String why = "DSET " + data + ": no such file (expected: the data file of small.ctl, a readable regular file)";
        assertEquals("--input " + ctl + ": " + why,
                refused("weather", "--input", ctl.toString(), "--out", dir.resolve("out").toString()));
        assertEquals("--in T=" + ctl + ":T: " + why,
                refused("run", "--body", "o = T;", "--in", "T=" + ctl + ":T", "--out", "o=" + dir.resolve("o.nc")));
        Files.createDirectory(data);
        assertEquals("--in T=" + ctl + ":T: DSET " + data + ": a directory (expected: the data file of small.ctl, a "
                + "readable regular file)",
                refused("run", "--body", "o = T;", "--in", "T=" + ctl + ":T", "--out", "o=" + dir.resolve("o.nc")));
    }

    @Test
    void shouldSayWhyAnInputCannotBeRead() throws IOException {
        Path named = Files.createDirectory(dir.resolve("dir.ctl"));
        assertEquals("--input " + named + ": a directory (expected: a GrADS .ctl or a NetCDF .nc file)",
                refused("weather", "--input", named.toString(), "--out", dir.resolve("out").toString()));
        Path locked = Files.writeString(dir.resolve("locked.ctl"), "DSET ^x.dat\n");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("-w-------"));
        assumeFalse(Files.isReadable(locked), "this user (root) reads any file");
        assertEquals("--input " + locked + ": a regular file without read permission (expected: a GrADS .ctl or a "
                + "NetCDF .nc file)",
                refused("weather", "--input", locked.toString(), "--out", dir.resolve("out").toString()));
    }

    @Test
    void shouldReadANetcdfFileNamedCtlAsNetcdfInRunAsWeatherDoes() throws IOException {
        Path nc = OwnInputsTest.netcdf(dir.resolve("named.ctl"));
        Path out = dir.resolve("o.f32");
        Cli run = Cli.run("run", "--body", "o = t * 2.0f;", "--in", "t=" + nc + ":t", "--out", "o=" + out);
        assertEquals(0, run.code(), run.err());
        assertEquals(8 * Float.BYTES, Files.size(out));
        assertEquals(560f, RunCommandTest.readFloats(out, 0, 1, java.nio.ByteOrder.LITTLE_ENDIAN)[0]);
    }

    @Test
    void shouldNameABinaryFileNamedCtlThatIsNotNetcdfInBothCommands() throws IOException {
        Path binary = Files.write(dir.resolve("binary.ctl"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2});
        for (String message : new String[] {
            refused("weather", "--input", binary.toString(), "--out", dir.resolve("out").toString()),
            refused("run", "--body", "o = T;", "--in", "T=" + binary + ":T", "--out", "o=" + dir.resolve("o.nc"))}) {
            assertTrue(message.contains(binary.toString())
                    && message.contains(": binary.ctl: not a text GrADS descriptor: byte 2 is 0x00"), message);
            assertTrue(!message.contains("Input length"), "the reader's cause, not the decoder's: " + message);
        }
    }

    @Test
    void shouldBlameTimeUnitsAGradsOutputCannotSayOnTheInputFile() throws IOException {
        Path nc = dir.resolve("fortnights.nc");
        List<String> dims = List.of("time", "level", "lat", "lon");
        try (NetcdfWriter w = NetcdfWriter.create(nc)) {
            w.dimension("time", 1).dimension("level", 1).dimension("lat", 1).dimension("lon", 1);
            w.variable("time", List.of("time"), NetcdfAttribute.text("units", "fortnights since 2000-01-01"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.variable("t", dims).variable("q", dims);
            w.writeHeader();
            w.write("level", 0, new float[] {1000});
            w.commit();
        }
        assertEquals("--input " + nc + ": time units 'fortnights since 2000-01-01' (expected: seconds, minutes, "
                + "hours or days since yyyy-mm-dd [hh:mm:ss]) for the GrADS outputs' TDEF; --format netcdf copies the "
                + "times as they are",
                refused("weather", "--input", nc.toString(), "--out", dir.resolve("out").toString()));
    }
}
