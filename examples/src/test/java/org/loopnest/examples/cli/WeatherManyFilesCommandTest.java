package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * {@code loopnest weather --input 'dir/*.nc'}: classic NetCDF files holding consecutive times, given by a glob out of
 * time order, give the outputs of one file holding all the times — read in place (float), verified on sim, or
 * unpacked (packed shorts made by {@code ncgen}) — and a GrADS descriptor or files that disagree are exit 2.
 */
class WeatherManyFilesCommandTest {
    private static final int NT = 4;
    private static final int NZ = 3;
    private static final int NY = 4;
    private static final int NX = 5;
    private static final int GRID = NY * NX;

    @TempDir
    Path dir;

    @Test
    void shouldGiveTheOneFileOutputsOverAGlobOfFilesOutOfTimeOrder() throws IOException {
        Path one = write(dir.resolve("one.nc"), 0, NT);
        Files.createDirectory(dir.resolve("days"));
        write(dir.resolve("days/a.nc"), 2, 1);
        write(dir.resolve("days/b.nc"), 0, 2);
        write(dir.resolve("days/c.nc"), 3, 1);
        Cli single = Cli.weatherScalar("--input", one.toString(), "--out", dir.resolve("o1").toString(), "--format",
                "netcdf");
        assertEquals(0, single.code(), single.err());
        Cli many = Cli.weatherScalar("--input", dir.resolve("days") + "/*.nc", "--out", dir.resolve("o3").toString(),
                "--format", "netcdf", "--out-file", "weather.nc", "--device", "sim", "--verify");
        assertEquals(0, many.code(), many.err());
        assertTrue(many.out().contains("weather: fields from 3 files (b.nc … c.nc) (NetCDF)"), many.out());
        assertTrue(many.out().contains("3 files joined along 'time' (4 steps)"), many.out());
        assertTrue(many.out().contains("verified: " + NT * NZ * GRID + " points match"), many.out());
        assertOutputsEqual(dir.resolve("o1/weather.nc"), dir.resolve("o3/weather.nc"));
    }

    @Test
    void shouldWriteOneOutputFilePerInputFileOrOneFileAsAsked() throws IOException {
        Path one = write(dir.resolve("one.nc"), 0, NT);
        Files.createDirectory(dir.resolve("days"));
        write(dir.resolve("days/a.nc"), 2, 2);
        write(dir.resolve("days/b.nc"), 0, 2);
        Cli single = Cli.weatherScalar("--input", one.toString(), "--out", dir.resolve("o1").toString(), "--format",
                "netcdf");
        assertEquals(0, single.code(), single.err());
        Cli each = Cli.weatherScalar("--input", dir.resolve("days") + "/*.nc", "--out", dir.resolve("each").toString(),
                "--format", "netcdf");
        assertEquals(0, each.code(), each.err());
        assertTrue(each.out().contains("wrote b.nc a.nc to " + dir.resolve("each")), each.out());
        assertEquals(List.of("a.nc", "b.nc"), WeatherFilesCommandTest.names(dir.resolve("each")));
        NetcdfHeader whole = NetcdfFile.open(dir.resolve("o1/weather.nc"));
        NetcdfHeader first = NetcdfFile.open(dir.resolve("each/b.nc"));
        NetcdfHeader second = NetcdfFile.open(dir.resolve("each/a.nc"));
        assertArrayEquals(new double[] {0, 6}, NetcdfFile.readValues(first, first.variable("time")), 0.0);
        assertArrayEquals(new double[] {12, 18}, NetcdfFile.readValues(second, second.variable("time")), 0.0);
        for (WeatherOutput o : WeatherOutput.values()) {
            double[] all = NetcdfFile.readValues(whole, whole.variable(o.key()));
            double[] a = NetcdfFile.readValues(first, first.variable(o.key()));
            double[] b = NetcdfFile.readValues(second, second.variable(o.key()));
            assertArrayEquals(java.util.Arrays.copyOfRange(all, 0, a.length), a, 0.0, o.key() + " of b.nc");
            assertArrayEquals(java.util.Arrays.copyOfRange(all, a.length, all.length), b, 0.0, o.key() + " of a.nc");
        }
        Cli oneFile = Cli.weatherScalar("--input", dir.resolve("days") + "/*.nc", "--out",
                dir.resolve("all").toString(), "--format", "netcdf4", "--out-file", "all.nc");
        assertEquals(0, oneFile.code(), oneFile.err());
        assertEquals(List.of("all.nc"), WeatherFilesCommandTest.names(dir.resolve("all")));
        Cli intoInputs = Cli.weatherScalar("--input", dir.resolve("days") + "/*.nc", "--out",
                dir.resolve("days").toString(), "--format", "netcdf");
        assertEquals(2, intoInputs.code(), intoInputs.err());
        assertTrue(intoInputs.err().startsWith("loopnest weather: --out " + dir.resolve("days") + ": "
                + dir.resolve("days/a.nc") + " is read by --input " + dir.resolve("days") + "/*.nc"),
                intoInputs.err());
    }

    @Test
    void shouldUnpackPackedFilesIntoOneTemporaryAsTheOneFile() throws IOException {
        Path one = ncgenPacked(dir.resolve("one.nc"), 0, NT);
        ncgenPacked(dir.resolve("p1.nc"), 0, 3);
        ncgenPacked(dir.resolve("p2.nc"), 3, 1);
        Cli single = Cli.weatherScalar("--input", one.toString(), "--out", dir.resolve("o1").toString(), "--format",
                "netcdf");
        assertEquals(0, single.code(), single.err());
        Path list = Files.writeString(dir.resolve("list.txt"), "p2.nc\np1.nc\n");
        Cli many = Cli.weatherScalar("--input", "@" + list, "--out", dir.resolve("o2").toString(), "--format",
                "netcdf", "--out-file", "weather.nc");
        assertEquals(0, many.code(), many.err());
        assertTrue(many.out().contains("t: short packed (scale_factor 0.01, add_offset 250.0), unpacked first into a "
                + "temporary float32 file of " + NT * NZ * GRID * 4 + " bytes"), many.out());
        assertEquals(List.of("weather.nc"), WeatherFilesCommandTest.names(dir.resolve("o2")), "the temporary is gone");
        assertOutputsEqual(dir.resolve("o1/weather.nc"), dir.resolve("o2/weather.nc"));
    }

    @Test
    void shouldRefuseAGradsGlobAndFilesOnAnotherGrid() throws IOException {
        Files.writeString(dir.resolve("a.ctl"), "DSET ^a.dat\n");
        Cli grads = Cli.run("weather", "--input", dir + "/*.ctl", "--out", dir.resolve("o").toString());
        assertEquals(2, grads.code(), grads.err());
        assertEquals("loopnest weather: --input " + dir + "/*.ctl: " + dir.resolve("a.ctl") + " is a GrADS "
                + "descriptor; GrADS data in several files is one descriptor (expected: NetCDF files, or one .ctl "
                + "with OPTIONS template) (see 'loopnest weather --help')", grads.err().strip());
        Path a = write(dir.resolve("a.nc"), 0, 2);
        Path b = dir.resolve("b.nc");
        try (NetcdfWriter w = NetcdfWriter.create(b)) { // one latitude fewer
            w.dimension("time", 1).dimension("level", NZ).dimension("lat", NY - 1).dimension("lon", NX);
            w.variable("t", List.of("time", "level", "lat", "lon"));
            w.variable("q", List.of("time", "level", "lat", "lon"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.writeHeader();
            w.commit();
        }
        Cli grid = Cli.run("weather", "--input", dir + "/*.nc", "--out", dir.resolve("o").toString());
        assertEquals(2, grid.code(), grid.err());
        assertEquals("loopnest weather: --input 2 files: files " + a + " and " + b + " differ: dimension 'lat' is "
                + NY + " and " + (NY - 1) + " long (expected: the same grid) (see 'loopnest weather --help')",
                grid.err().strip());
        assertTrue(Files.notExists(dir.resolve("o")) || WeatherFilesCommandTest.names(dir.resolve("o")).isEmpty());
    }

    private static void assertOutputsEqual(Path expected, Path actual) throws IOException {
        NetcdfHeader e = NetcdfFile.open(expected);
        NetcdfHeader a = NetcdfFile.open(actual);
        for (WeatherOutput o : WeatherOutput.values()) {
            int n = NT * NZ * GRID;
            assertArrayEquals(WeatherFilesCommandTest.read(expected, ByteOrder.BIG_ENDIAN, e.variable(o.key())
                    .begin(), n), WeatherFilesCommandTest.read(actual, ByteOrder.BIG_ENDIAN, a.variable(o.key())
                    .begin(), n), 0f, o.key());
        }
        assertArrayEquals(NetcdfFile.readValues(e, e.variable("time")), NetcdfFile.readValues(a, a.variable("time")),
                0.0, "the joined times");
    }

    /** T and q of step {@code s} at flat grid point {@code k} of level {@code z}. */
    private static float t(int s, int z, int k) {
        return 300 - 25 * z + k * 0.5f + s;
    }

    private static float q(int s, int z, int k) {
        return (0.015f - 0.004f * z) * (1 + (k % 7) * 0.05f) + s * 1e-4f;
    }

    /** A CDF-2 file of steps {@code first …} (time {@code 6·step} hours), T and q record variables. */
    private static Path write(Path file, int first, int steps) throws IOException {
        float[] t = new float[steps * NZ * GRID];
        float[] q = new float[t.length];
        float[] times = new float[steps];
        for (int e = 0; e < t.length; e++) {
            int s = first + e / (NZ * GRID);
            t[e] = t(s, e / GRID % NZ, e % GRID);
            q[e] = q(s, e / GRID % NZ, e % GRID);
        }
        for (int s = 0; s < steps; s++) {
            times[s] = 6 * (first + s);
        }
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", steps).dimension("level", NZ).dimension("lat", NY).dimension("lon", NX);
            w.variable("time", List.of("time"), NetcdfAttribute.text("units", "hours since 2000-01-01 00:00:00"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.variable("t", List.of("time", "level", "lat", "lon"));
            w.variable("q", List.of("time", "level", "lat", "lon"));
            w.writeHeader();
            w.write("time", 0, times);
            w.write("level", 0, new float[] {1000, 850, 500});
            w.write("t", 0, t);
            w.write("q", 0, q);
            w.commit();
        }
        return file;
    }

    /** A classic file by {@code ncgen}: T as packed shorts of a record variable, q float. */
    private Path ncgenPacked(Path nc, int first, int steps) throws IOException {
        StringJoiner times = new StringJoiner(", ");
        StringJoiner tValues = new StringJoiner(", ");
        StringJoiner qValues = new StringJoiner(", ");
        for (int s = first; s < first + steps; s++) {
            times.add(Integer.toString(6 * s));
            for (int z = 0; z < NZ; z++) {
                for (int k = 0; k < GRID; k++) {
                    tValues.add(Long.toString(Math.round((t(s, z, k) - 250) / 0.01)));
                    qValues.add(q(s, z, k) + "f");
                }
            }
        }
        Path cdl = Files.writeString(dir.resolve(nc.getFileName() + ".cdl"), "netcdf p {\ndimensions:\n"
                + " time = UNLIMITED ; level = " + NZ + " ; lat = " + NY + " ; lon = " + NX + " ;\nvariables:\n"
                + " double time(time) ; time:units = \"hours since 2000-01-01\" ;\n int level(level) ;\n"
                + " level:units = \"millibars\" ;\n short t(time, level, lat, lon) ; t:scale_factor = 0.01 ;\n"
                + " t:add_offset = 250. ;\n float q(time, level, lat, lon) ;\ndata:\n time = " + times + " ;\n"
                + " level = 1000, 850, 500 ;\n t = " + tValues + " ;\n q = " + qValues + " ;\n}\n");
        RunCommandTest.tool("ncgen", "-k", "classic", "-o", nc.toString(), cdl.toString());
        Files.delete(cdl);
        return nc;
    }
}
