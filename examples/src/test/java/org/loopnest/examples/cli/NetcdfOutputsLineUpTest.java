package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf4.Netcdf4File;

/**
 * NetCDF outputs line up with their inputs: over an ERA5-like input made by {@code ncgen} (dimensions
 * {@code latitude}/{@code longitude}, {@code int} hours since 1900 on an unlimited time, levels in millibars, global
 * attributes), {@code weather --format netcdf} and {@code run} keep the dimension names, the coordinates as stored and
 * the globals with a history line ({@code ncdump -h}), and xarray aligns input and output exactly;
 * {@code --format netcdf4} and {@code .nc4} outputs are NetCDF-4, chunked, shuffled and deflated, hold the classic
 * output's values, and are smaller than it on smooth fields. Skipped, saying why, without netcdf-bin or (for the
 * xarray checks) Debian's python3-xarray.
 */
class NetcdfOutputsLineUpTest {
    private static final int NT = 3;
    private static final int NZ = 2;
    private static final int NY = 30;
    private static final int NX = 40;
    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @TempDir
    Path dir;

    @Test
    void shouldKeepTheInputsDimensionsCoordinatesAndGlobalsInWeatherOutputs() throws Exception {
        Path in = era5Like(dir.resolve("era5.nc"));
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", dir.resolve("o").toString(), "--format",
                "netcdf");
        assertEquals(0, run.code(), run.err());
        Path out = dir.resolve("o/weather.nc");
        String header = RunCommandTest.tool("ncdump", "-h", out.toString());
        for (String line : List.of("time = UNLIMITED ; // (3 currently)", "latitude = 30 ;", "longitude = 40 ;",
                "int time(time) ;", "time:units = \"hours since 1900-01-01 00:00:00.0\" ;",
                "time:calendar = \"gregorian\" ;", "int level(level) ;", "level:units = \"millibars\" ;",
                "float latitude(latitude) ;", "latitude:units = \"degrees_north\" ;",
                "float theta(time, level, latitude, longitude) ;", "float cape(time, latitude, longitude) ;",
                ":Conventions = \"CF-1.6\" ;", ":institution = \"a test\" ;")) {
            assertTrue(header.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + header);
        }
        String history = NetcdfFile.open(out).attribute("history").orElseThrow().text();
        assertTrue(history.matches("made by ncgen\n\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ loopnest weather --input "
                + java.util.regex.Pattern.quote(in.toString())), history);
        assertAligned(in, out);
    }

    @Test
    void shouldKeepANetcdf4InputsGridButItsUnlimitedTime() throws Exception {
        Path in = era5Like(dir.resolve("era5-4.nc"), "nc4");
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", dir.resolve("o4").toString(), "--format",
                "netcdf");
        assertEquals(0, run.code(), run.err());
        Path out = dir.resolve("o4/weather.nc");
        String header = RunCommandTest.tool("ncdump", "-h", out.toString());
        for (String line : List.of("time = 3 ;", "latitude = 30 ;", "int time(time) ;", "int level(level) ;",
                "level:units = \"millibars\" ;", "float theta(time, level, latitude, longitude) ;",
                ":institution = \"a test\" ;")) {
            assertTrue(header.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + header);
        }
        assertAligned(in, out);
        Path k = dir.resolve("k4.nc");
        Cli body = Cli.run("run", "--in", "T=" + in + ":t", "--body", "k = T - 273.15f;", "--out", "k=" + k);
        assertEquals(0, body.code(), body.err());
        String runHeader = RunCommandTest.tool("ncdump", "-h", k.toString());
        for (String line : List.of("int time(time) ;", "int level(level) ;",
                "float k(time, level, latitude, longitude) ;", ":institution = \"a test\" ;")) {
            assertTrue(runHeader.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + runHeader);
        }
        assertAligned(in, k);
    }

    @Test
    void shouldWriteCompressedNetcdf4HoldingTheClassicValuesInLessSpace() throws Exception {
        Path in = era5Like(dir.resolve("era5.nc"));
        Cli classic = Cli.weatherScalar("--input", in.toString(), "--out", dir.resolve("c").toString(), "--format",
                "netcdf");
        assertEquals(0, classic.code(), classic.err());
        Cli nc4 = Cli.weatherScalar("--input", in.toString(), "--out", dir.resolve("n").toString(), "--format",
                "netcdf4", "--device", "sim", "--verify");
        assertEquals(0, nc4.code(), nc4.err());
        Path c = dir.resolve("c/weather.nc");
        Path n = dir.resolve("n/weather.nc");
        assertEquals("netCDF-4", RunCommandTest.tool("ncdump", "-k", n.toString()).strip());
        String storage = RunCommandTest.tool("ncdump", "-hs", n.toString());
        for (String line : List.of("theta:_ChunkSizes = 1, 1, 30, 40 ;", "theta:_DeflateLevel = 4 ;",
                "theta:_Shuffle = \"true\" ;", "time = UNLIMITED ; // (3 currently)")) {
            assertTrue(storage.contains(line), () -> "ncdump -hs lacks '" + line + "':\n" + storage);
        }
        NetcdfHeader h = NetcdfFile.open(c);
        try (Netcdf4File nc = Netcdf4File.open(n)) {
            for (String v : List.of("theta", "rh", "cape", "time", "level", "latitude")) {
                assertArrayEquals(NetcdfFile.readValues(h, h.variable(v)), nc.readValues(nc.variable(v)), 0.0, v);
            }
        }
        String sizes = Files.size(n) + " bytes, CDF-2 " + Files.size(c);
        assertTrue(Files.size(n) < Files.size(c) * 0.8, "NetCDF-4 " + sizes);
        assertAligned(in, n);
    }

    @Test
    void shouldKeepTheInputsGridInRunOutputsAndWriteNc4Outputs() throws Exception {
        Path in = era5Like(dir.resolve("era5.nc"));
        Path nc = dir.resolve("k.nc");
        Path nc4 = dir.resolve("k.nc4");
        Cli run = Cli.run("run", "--in", "T=" + in + ":t", "--body", "k = T - 273.15f;", "--out", "k=" + nc);
        assertEquals(0, run.code(), run.err());
        Cli run4 = Cli.run("run", "--in", "T=" + in + ":t", "--body", "k = T - 273.15f;", "--out", "k=" + nc4,
                "--deflate", "9");
        assertEquals(0, run4.code(), run4.err());
        String header = RunCommandTest.tool("ncdump", "-h", nc.toString());
        for (String line : List.of("time = UNLIMITED ; // (3 currently)", "int time(time) ;",
                "float k(time, level, latitude, longitude) ;", ":institution = \"a test\" ;",
                ":loopnest_body = \"k = T - 273.15f;\" ;")) {
            assertTrue(header.contains(line), () -> "ncdump -h lacks '" + line + "':\n" + header);
        }
        assertTrue(RunCommandTest.tool("ncdump", "-hs", nc4.toString()).contains("k:_DeflateLevel = 9 ;"));
        assertAligned(in, nc);
        assertAligned(in, nc4);
        Cli bad = Cli.run("run", "--in", "T=" + in + ":t", "--body", "k = T;", "--out", "k=" + nc4, "--deflate", "10");
        assertEquals(2, bad.code(), bad.err());
        assertEquals("loopnest run: --deflate 10 (expected: 0 to 9) (see 'loopnest run --help')", bad.err().strip());
    }

    /** xarray opens both and aligns them exactly on every dimension they share. */
    private static void assertAligned(Path in, Path out) throws Exception {
        assumeTrue(Files.isExecutable(PYTHON), "/usr/bin/python3 is absent: install Debian's python3-xarray");
        Process probe = new ProcessBuilder(PYTHON.toString(), "-c", "import xarray, netCDF4").start();
        assumeTrue(probe.waitFor(60, TimeUnit.SECONDS) && probe.exitValue() == 0,
                "xarray or netCDF4 is absent from /usr/bin/python3: install Debian's python3-xarray, python3-netcdf4");
        String script = "import sys, xarray as xr\n"
                + "a = xr.open_dataset(sys.argv[1]); b = xr.open_dataset(sys.argv[2])\n"
                + "xr.align(a, b, join='exact')\n"
                + "m = xr.merge([a, b])\n"
                + "print('aligned', sorted(m.sizes.items()), str(m.time.values[0])[:13])\n";
        Process p = new ProcessBuilder(PYTHON.toString(), "-c", script, in.toString(), out.toString())
                .redirectErrorStream(true).start();
        String text = new String(p.getInputStream().readAllBytes());
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "python ran over 120 s");
        assertEquals(0, p.exitValue(), text);
        assertEquals("aligned [('latitude', 30), ('level', 2), ('longitude', 40), ('time', 3)] 1979-01-01T06",
                text.strip());
    }

    /** An ERA5-like classic file: smooth T and q, time as int hours since 1900, levels in millibars, globals. */
    private Path era5Like(Path nc) throws IOException {
        return era5Like(nc, "nc6");
    }

    private Path era5Like(Path nc, String kind) throws IOException {
        StringJoiner t = new StringJoiner(", ");
        StringJoiner q = new StringJoiner(", ");
        for (int s = 0; s < NT; s++) {
            for (int z = 0; z < NZ; z++) {
                for (int y = 0; y < NY; y++) {
                    for (int x = 0; x < NX; x++) {
                        t.add(String.format(java.util.Locale.ROOT, "%.2f", 290 - 30 * z - 0.3 * y + 0.05 * x + s));
                        q.add(String.format(java.util.Locale.ROOT, "%.5f", 0.012 - 0.004 * z - 0.0001 * y));
                    }
                }
            }
        }
        StringJoiner lat = new StringJoiner(", ");
        StringJoiner lon = new StringJoiner(", ");
        for (int y = 0; y < NY; y++) {
            lat.add(Double.toString(60 - 0.25 * y));
        }
        for (int x = 0; x < NX; x++) {
            lon.add(Double.toString(0.25 * x));
        }
        Path cdl = Files.writeString(dir.resolve("era5.cdl"), "netcdf era5 {\ndimensions:\n longitude = " + NX
                + " ;\n latitude = " + NY + " ;\n level = " + NZ + " ;\n time = UNLIMITED ;\nvariables:\n"
                + " float longitude(longitude) ; longitude:units = \"degrees_east\" ;\n"
                + " float latitude(latitude) ; latitude:units = \"degrees_north\" ;\n"
                + " int level(level) ; level:units = \"millibars\" ; level:long_name = \"pressure_level\" ;\n"
                + " int time(time) ; time:units = \"hours since 1900-01-01 00:00:00.0\" ;\n"
                + " time:calendar = \"gregorian\" ;\n float t(time, level, latitude, longitude) ; t:units = \"K\" ;\n"
                + " float q(time, level, latitude, longitude) ; q:units = \"kg kg**-1\" ;\n"
                + ":Conventions = \"CF-1.6\" ; :institution = \"a test\" ; :history = \"made by ncgen\" ;\ndata:\n"
                + " longitude = " + lon + " ;\n latitude = " + lat + " ;\n level = 850, 500 ;\n"
                + " time = 692502, 692508, 692514 ;\n t = " + t + " ;\n q = " + q + " ;\n}\n");
        RunCommandTest.tool("ncgen", "-k", kind, "-o", nc.toString(), cdl.toString());
        return nc;
    }
}
