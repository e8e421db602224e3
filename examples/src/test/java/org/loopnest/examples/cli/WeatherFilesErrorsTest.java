package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.WeatherAssertions;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.examples.weather.files.SmallGrads;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.kernel.KernelPath;

/**
 * {@code loopnest weather --input}: bad input exits with code 2 before anything runs, one line naming the option
 * and what was expected, and writes nothing; a run that stops after its outputs were staged leaves none of them.
 * Also a GrADS set with an {@code UNDEF} the body's rule misses, in a {@code sequential} big-endian file, run and
 * verified end to end.
 */
class WeatherFilesErrorsTest {
    @TempDir
    Path dir;

    private String refused(String... args) {
        Cli run = Cli.run(args);
        assertEquals(2, run.code(), run.out() + run.err());
        assertEquals(1, run.errLines().length, run.err());
        String prefix = "loopnest weather: ";
        String suffix = " (see 'loopnest weather --help')";
        assertTrue(run.err().startsWith(prefix) && run.err().strip().endsWith(suffix), run.err());
        assertTrue(Files.notExists(dir.resolve("out")), "nothing written: " + dir.resolve("out"));
        return run.err().strip().substring(prefix.length(), run.err().strip().length() - suffix.length());
    }

    @Test
    void shouldRefuseBadGradsInputNamingTheOption() throws IOException {
        Path ctl = SmallGrads.write(dir);
        String out = dir.resolve("out").toString();
        assertEquals("--var-t W: variable 'W' is not in small.ctl (expected one of: PS, T, Q)",
                refused("weather", "--input", ctl.toString(), "--out", out, "--var-t", "W"));
        assertEquals("--var-q PS: a surface variable, 0 levels (expected: a variable on pressure levels)",
                refused("weather", "--input", ctl.toString(), "--out", out, "--var-q", "PS"));
        Files.write(dir.resolve("small.dat"), new byte[100]);
        assertEquals("--input " + ctl + ": small.dat: 100 bytes, shorter than small.ctl describes (expected: at "
                + "least 672 bytes = 2 times × 336 bytes per time)",
                refused("weather", "--input", ctl.toString(), "--out", out));
        Files.delete(dir.resolve("small.dat"));
        assertEquals("--input " + ctl + ": DSET " + dir.resolve("small.dat").toAbsolutePath()
                + ": no such file (expected: the data file of small.ctl, a readable regular file)",
                refused("weather", "--input", ctl.toString(), "--out", out));
    }

    @Test
    void shouldRefuseBadOptionsWithInput() throws IOException {
        Path ctl = SmallGrads.write(dir);
        String out = dir.resolve("out").toString();
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertEquals("--out " + file + ": exists and is not a directory (expected: a directory, or a path where one "
                + "can be made)", refused("weather", "--input", ctl.toString(), "--out", file.toString()));
        assertEquals("--format hdf: unknown (expected: grads, netcdf or netcdf4)",
                refused("weather", "--input", ctl.toString(), "--out", out, "--format", "hdf"));
        assertEquals("--input " + ctl + " needs --out DIR (expected: the directory the outputs are written to)",
                refused("weather", "--input", ctl.toString()));
        assertEquals("--shape: not with --input (expected: the shape, levels and fields come from " + ctl + ")",
                refused("weather", "--input", ctl.toString(), "--out", out, "--shape", "1,1,1,1"));
        assertEquals("--levels-var: only for a NetCDF --input (expected: no --levels-var; " + ctl
                + " takes its levels from ZDEF)",
                refused("weather", "--input", ctl.toString(), "--out", out, "--levels-var", "lev"));
        assertEquals("--var-t: only with --input (expected: --input FILE.ctl or FILE.nc, or no --var-t)",
                refused("weather", "--var-t", "T"));
        assertEquals("--format: only with --input (expected: --input FILE.ctl or FILE.nc, or no --format)",
                refused("weather", "--format", "netcdf"));
    }

    @Test
    void shouldRefuseBadNetcdfInputNamingTheOption() throws IOException {
        String out = dir.resolve("out").toString();
        Path hdf5 = Files.write(dir.resolve("h5.nc"), new byte[] {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n',
            0, 0, 0, 0});
        String damaged = refused("weather", "--input", hdf5.toString(), "--out", out);
        assertTrue(damaged.startsWith("--input " + hdf5 + ": "), damaged);
        assertTrue(damaged.contains("not a readable HDF5 file") && damaged.endsWith("(expected: a complete "
                + "HDF5/NetCDF-4 file)"), damaged);
        Path swapped = netcdf("swapped.nc", List.of("level", "time", "lat", "lon"), "t", "q");
        assertEquals("--var-t t: dimensions (level, time, lat, lon) (expected: (time, level, lat, lon) in that "
                + "order, the vertical coordinate's dimension 'level' second)",
                refused("weather", "--input", swapped.toString(), "--out", out));
        Path unnamed = netcdf("unnamed.nc", List.of("time", "level", "lat", "lon"), "a", "b");
        assertEquals("--var-t: none of t, T, ta, air_temperature, temp, air nor a standard_name air_temperature in "
                + "unnamed.nc (expected: --var-t NAME, one of: level, a, b)",
                refused("weather", "--input", unnamed.toString(), "--out", out));
        assertEquals("--var-q c: no such variable in unnamed.nc (expected one of: level, a, b)",
                refused("weather", "--input", unnamed.toString(), "--out", out, "--var-t", "a", "--var-q", "c"));
        assertEquals("--input " + dir.resolve("none.nc") + ": no such file (expected: a GrADS .ctl or a NetCDF "
                + ".nc file)", refused("weather", "--input", dir.resolve("none.nc").toString(), "--out", out));
    }

    private Path netcdf(String name, List<String> dims, String t, String q) throws IOException {
        Path file = dir.resolve(name);
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", 1).dimension("level", 2).dimension("lat", 2).dimension("lon", 2);
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"));
            w.variable(t, dims).variable(q, dims);
            w.writeHeader();
            w.write("level", 0, new float[] {1000, 500});
            w.commit();
        }
        return file;
    }

    @Test
    void shouldLeaveNoOutputAndNoTemporaryFileWhenNoSplitFitsAfterTheOutputsWereStaged() throws IOException {
        Path ctl = SmallGrads.write(dir);
        Path out = dir.resolve("out");
        for (String format : new String[] {"grads", "netcdf"}) {
            Cli run = Cli.run("weather", "--input", ctl.toString(), "--out", out.toString(), "--format", format,
                    "--device", "sim", "--device-memory", "1");
            assertEquals(2, run.code(), run.err());
            assertTrue(run.err().startsWith("loopnest weather: no split fits"), run.err());
            assertEquals(List.of(), WeatherFilesCommandTest.names(out), format + ": no weather.*, no temporary");
        }
    }

    @Test
    void shouldTellADescriptorFromANetcdfFileByItsContentNotItsName() throws IOException {
        Path ctl = SmallGrads.write(dir);
        Path des = Files.copy(ctl, dir.resolve("small.des"));
        Cli grads = Cli.run("weather", "--input", des.toString(), "--out", dir.resolve("a").toString());
        assertEquals(0, grads.code(), grads.err());
        assertTrue(grads.out().contains("small.des (GrADS): T, Q"), grads.out());
        Path netcdf = netcdf("named.ctl", List.of("time", "level", "lat", "lon"), "t", "q");
        Cli named = Cli.run("weather", "--input", netcdf.toString(), "--out", dir.resolve("b").toString());
        assertEquals(0, named.code(), named.err());
        assertTrue(named.out().contains("named.ctl (NetCDF): t, q"), named.out());
    }

    @Test
    void shouldTreatAnUndefTheRuleMissesAsMissingAndVerify() throws IOException {
        Path ctl = SmallGrads.write(dir);
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--input", ctl.toString(), "--out", out.toString(), "--device", "sim",
                "--verify", "--split", "3");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("UNDEF -999.0: missing, tested by the body"), run.out());
        assertTrue(run.out().contains("verified: 48 points match"), run.out());
        GradsDescriptor written = GradsDescriptor.parse(out.resolve("weather.ctl"));
        assertTrue(written.yReversed() && written.undef() == -999, written.toText());
        float[] point = new float[WeatherOutput.COUNT];
        for (int t = 0; t < SmallGrads.NT; t++) {
            for (int z = 0; z < 2; z++) {
                float[] theta = WeatherFilesCommandTest.read(written.dataFile(), written.byteOrder(),
                        written.offset("theta", t, z), 12);
                for (int k = 0; k < 12; k++) {
                    float tk = SmallGrads.value(true, t, z, k);
                    float qk = SmallGrads.value(false, t, z, k);
                    WeatherFormulas.point(tk == SmallGrads.UNDEF ? Float.NaN : tk,
                            qk == SmallGrads.UNDEF ? Float.NaN : qk, z == 0 ? 1000 : 700, point);
                    WeatherAssertions.assertMatches(KernelPath.AUTO, WeatherOutput.THETA, point[0], theta[k],
                            "t=" + t + " z=" + z + " k=" + k);
                }
            }
        }
        assertTrue(Float.isNaN(WeatherFilesCommandTest.read(written.dataFile(), written.byteOrder(),
                written.offset("theta", 1, 0), 12)[5]), "UNDEF in T gives NaN");
    }
}
