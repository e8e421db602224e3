package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code loopnest run --in 'T=dir/*.nc:t'}: several classic NetCDF files made by {@code ncgen}, given by a glob or an
 * {@code @list}, give the same output as one file holding all their times, whether read in place (float, a record
 * variable beside another) or unpacked (packed shorts), on cpu and sim; a bad set of files is exit 2 naming the files.
 * Skipped, saying why, without Debian's netcdf-bin.
 */
class RunManyFilesCommandTest {
    private static final String FLOAT = "float t(time, lat, lon) ;";
    private static final String PACKED = "short t(time, lat, lon) ; t:scale_factor = 0.5 ; t:add_offset = 200. ;";

    @TempDir
    Path dir;

    @Test
    void shouldGiveTheOneFileResultOverAGlobOfFilesOutOfTimeOrderOnCpuAndSim() throws IOException {
        Path one = ncgen(dir.resolve("one.nc"), FLOAT, 0, 6, 2);
        Files.createDirectory(dir.resolve("days"));
        ncgen(dir.resolve("days/a.nc"), FLOAT, 3, 3, 2);
        ncgen(dir.resolve("days/b.nc"), FLOAT, 0, 1, 2);
        ncgen(dir.resolve("days/c.nc"), FLOAT, 1, 2, 2);
        float[] expected = run(one + ":t", "cpu", "one");
        Cli sim = Cli.run("run", "--body", "o = 2 * t + 1;", "--in", "t=" + dir.resolve("days") + "/*.nc:t",
                "--out", "o=" + dir.resolve("sim.f32"), "--device", "sim", "--split", "1");
        assertEquals(0, sim.code(), sim.err());
        assertTrue(sim.out().contains("in t[time, lat, lon] float from 3 files (b.nc … a.nc)"), sim.out()); // by time
        assertArrayEquals(expected, RunCommandTest.readFloats(dir.resolve("sim.f32"), 0, expected.length,
                java.nio.ByteOrder.LITTLE_ENDIAN), 0f);
        assertArrayEquals(expected, run(dir.resolve("days") + "/*.nc:t", "cpu", "glob"), 0f);
        Path list = Files.writeString(dir.resolve("list.txt"), "# days\ndays/c.nc\ndays/a.nc\n\ndays/b.nc\n");
        assertArrayEquals(expected, run("@" + list + ":t", "cpu", "list"), 0f);
    }

    @Test
    void shouldUnpackPackedFilesIntoOneTemporaryAsTheOneFile() throws IOException {
        Path one = ncgen(dir.resolve("one.nc"), PACKED, 0, 4, 2);
        ncgen(dir.resolve("p2.nc"), PACKED, 2, 2, 2);
        ncgen(dir.resolve("p1.nc"), PACKED, 0, 2, 2);
        float[] expected = run(one + ":t", "sim", "one");
        assertArrayEquals(expected, run(dir + "/p?.nc:t", "sim", "glob"), 0f);
        assertEquals(2 * (200 + 0.5f * 1) + 1, expected[1], 0f, "stored 1 unpacked to 200.5, then 2t + 1");
    }

    @Test
    void shouldJoinNetcdf4FilesInPlaceOrUnpackedAsTheOneFile() throws IOException {
        for (String storage : new String[] {"t:_Storage = \"contiguous\" ;", "t:_ChunkSizes = 1, 2, 3 ;"}) {
            String declaration = FLOAT + " " + storage;
            Path one = ncgen(dir.resolve("one4.nc"), declaration, 0, 5, 2, "nc4");
            Path days = Files.createDirectories(dir.resolve("days4"));
            ncgen(days.resolve("x.nc"), declaration, 3, 2, 2, "nc4");
            ncgen(days.resolve("y.nc"), declaration, 0, 3, 2, "nc4");
            float[] expected = run(one + ":t", "cpu", "one4");
            assertArrayEquals(expected, run(days + "/*.nc:t", "sim", "nc4-glob"), 0f, storage);
            Files.delete(days.resolve("x.nc"));
            Files.delete(days.resolve("y.nc"));
        }
    }

    @Test
    void shouldRefuseFilesOnAnotherGridNamingBothFiles() throws IOException {
        Path a = ncgen(dir.resolve("a.nc"), FLOAT, 0, 2, 2);
        Path b = ncgen(dir.resolve("b.nc"), FLOAT, 2, 2, 3);
        assertBad("--in t=" + dir + "/*.nc:t: files " + a + " and " + b + " differ: dimension 'lat' is 2 and 3 long "
                + "(expected: the same grid)", dir + "/*.nc:t");
    }

    @Test
    void shouldRefuseATimeThatRepeats() throws IOException {
        Path a = ncgen(dir.resolve("a.nc"), FLOAT, 0, 2, 2);
        Path b = ncgen(dir.resolve("b.nc"), FLOAT, 1, 2, 2);
        assertBad("--in t=" + dir + "/*.nc:t: 'time' repeats: file " + b + " starts at 7.0, not after the last time "
                + "7.0 of " + a + " (expected: times that increase across the files)", dir + "/*.nc:t");
    }

    @Test
    void shouldRefuseAGlobThatMatchesNothingAndADirectoryInAList() throws IOException {
        assertBad("--in t=" + dir + "/*.nc:t: " + dir + "/*.nc: no file matches (expected: at least one file in "
                + dir + ")", dir + "/*.nc:t");
        ncgen(dir.resolve("a.nc"), FLOAT, 0, 2, 2);
        Files.createDirectory(dir.resolve("sub"));
        Path list = Files.writeString(dir.resolve("l.txt"), "a.nc\nsub\n");
        assertBad("--in t=@" + list + ":t: @" + list + ": " + dir.resolve("sub") + " is a directory (expected: "
                + "files only)", "@" + list + ":t");
        Files.writeString(dir.resolve("m.txt"), "a.nc\nmissing.nc\n");
        assertBad("--in t=@" + dir.resolve("m.txt") + ":t: @" + dir.resolve("m.txt") + ": " + dir.resolve(
                "missing.nc") + " does not exist (expected: an existing file)", "@" + dir.resolve("m.txt") + ":t");
    }

    private float[] run(String input, String device, String name) throws IOException {
        Path out = dir.resolve(name + ".f32");
        Cli run = Cli.run("run", "--body", "o = 2 * t + 1;", "--in", "t=" + input, "--out", "o=" + out,
                "--device", device);
        assertEquals(0, run.code(), run.err());
        int n = (int) (Files.size(out) / 4);
        return RunCommandTest.readFloats(out, 0, n, java.nio.ByteOrder.LITTLE_ENDIAN);
    }

    private void assertBad(String message, String input) throws IOException {
        Cli run = Cli.run("run", "--body", "o = t;", "--in", "t=" + input, "--out", "o=" + dir.resolve("o.f32"));
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest run: " + message + " (see 'loopnest run --help')", run.err().strip());
        assertTrue(Files.notExists(dir.resolve("o.f32")), "no output");
    }

    /**
     * A classic file of {@code steps} records of {@code t} from step {@code first} (time {@code 6 + first} hours),
     * valued by step and grid position, beside another record variable.
     */
    private Path ncgen(Path nc, String declaration, int first, int steps, int lat) throws IOException {
        return ncgen(nc, declaration, first, steps, lat, "classic");
    }

    private Path ncgen(Path nc, String declaration, int first, int steps, int lat, String kind) throws IOException {
        StringJoiner times = new StringJoiner(", ");
        StringJoiner values = new StringJoiner(", ");
        StringJoiner others = new StringJoiner(", ");
        for (int s = 0; s < steps; s++) {
            times.add(Integer.toString(6 + first + s));
            others.add(Integer.toString(s));
            for (int g = 0; g < lat * 3; g++) {
                values.add(Integer.toString((first + s) * 10 + g));
            }
        }
        Path cdl = Files.writeString(dir.resolve(nc.getFileName() + ".cdl"), "netcdf x {\ndimensions:\n"
                + " time = " + (kind.equals("nc4") ? Integer.toString(steps) : "UNLIMITED") + " ; lat = " + lat
                + " ; lon = 3 ;\nvariables:\n double time(time) ;\n"
                + "  time:units = \"hours since 2025-01-01\" ;\n " + declaration + "\n int other(time) ;\ndata:\n"
                + " time = " + times + " ;\n t = " + values + " ;\n other = " + others + " ;\n}\n");
        RunCommandTest.tool("ncgen", "-k", kind, "-o", nc.toString(), cdl.toString());
        Files.delete(cdl);
        return nc;
    }
}
