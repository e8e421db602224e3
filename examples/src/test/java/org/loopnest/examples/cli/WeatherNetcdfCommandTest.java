package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.examples.weather.WeatherAssertions;
import org.loopnest.examples.weather.ColumnFormulas;
import org.loopnest.examples.weather.WeatherFormulas;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf.NetcdfWriter;
import org.loopnest.kernel.KernelPath;

/**
 * {@code loopnest weather --input FILE.nc}: a classic file written here (t, q with a {@code _FillValue} of −999 the
 * body's rule does not catch, levels in Pa, time/lat/lon coordinates, latitudes north to south) run to
 * {@code --format netcdf} and {@code grads}, read back value by value; {@code ncdump -h} and GrADS read the outputs
 * where installed. A packed file ({@code short}s with {@code scale_factor}/{@code add_offset} and a float record
 * variable) written by {@code ncgen} is unpacked and run too. The runs take the default path ({@code auto}, which may
 * be the vector one) and their values match the formulas within each output's tolerance; the classic file runs on the
 * vector path and on the scalar one, bit for bit there ({@link WeatherAssertions}).
 */
class WeatherNetcdfCommandTest {
    private static final int NT = 2;
    private static final int NZ = 3;
    private static final int NY = 4;
    private static final int NX = 5;
    private static final int GRID = NY * NX;
    private static final float[] PA = {100000, 85000, 50000};
    private static final float[] LAT = {30, 20, 10, 0};
    private static final float[] LON = {100, 102.5f, 105, 107.5f, 110};

    @TempDir
    Path dir;

    /** T and q ramps, with the fill value at two points of each and q = 0 at one. */
    static float[][] fields() {
        float[] t = new float[NT * NZ * GRID];
        float[] q = new float[t.length];
        for (int k = 0; k < t.length; k++) {
            int z = k / GRID % NZ;
            t[k] = 300 - 25 * z + (k % GRID) * 0.5f;
            q[k] = (0.015f - 0.004f * z) * (1 + (k % 7) * 0.05f);
        }
        t[3] = -999;
        t[47] = -999;
        q[11] = -999;
        q[90] = -999;
        q[60] = 0;
        return new float[][] {t, q};
    }

    private Path writeInput() throws IOException {
        Path file = dir.resolve("in.nc");
        float[][] f = fields();
        try (NetcdfWriter w = NetcdfWriter.create(file)) {
            w.dimension("time", NT).dimension("level", NZ).dimension("lat", NY).dimension("lon", NX);
            w.attribute(NetcdfAttribute.text("title", "test fields"));
            w.variable("time", List.of("time"), NetcdfAttribute.text("units", "hours since 2000-01-01 00:00:00"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "Pa"));
            w.variable("lat", List.of("lat"), NetcdfAttribute.text("units", "degrees_north"));
            w.variable("lon", List.of("lon"), NetcdfAttribute.text("units", "degrees_east"));
            for (String v : new String[] {"t", "q"}) {
                w.variable(v, List.of("time", "level", "lat", "lon"), NetcdfAttribute.floats("_FillValue", -999f));
            }
            w.writeHeader();
            w.write("time", 0, new float[] {0, 6});
            w.write("level", 0, PA);
            w.write("lat", 0, LAT);
            w.write("lon", 0, LON);
            w.write("t", 0, f[0]);
            w.write("q", 0, f[1]);
            w.commit();
        }
        return file;
    }

    /** The expected outputs: the formulas, with the fill value as missing. */
    static float[][] expected(float[] t, float[] q, float[] hPa) {
        float[][] out = new float[WeatherOutput.COUNT][t.length];
        float[] point = new float[WeatherOutput.COUNT];
        for (int k = 0; k < t.length; k++) {
            float tk = t[k] == -999 ? Float.NaN : t[k];
            float qk = q[k] == -999 ? Float.NaN : q[k];
            WeatherFormulas.point(tk, qk, hPa[k / GRID % hPa.length], point);
            for (int o = 0; o < point.length; o++) {
                out[o][k] = point[o];
            }
        }
        return out;
    }

    /** The values as the formulas give them: bit for bit on the scalar path, within tolerance on the vector path. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldRunAClassicFileToNetcdfWithItsCoordinatesAndFillValueOnCpuAndSim(KernelPath path) throws Exception {
        Path in = writeInput();
        float[][] f = fields();
        float[][] expected = expected(f[0], f[1], new float[] {1000, 850, 500});
        for (String device : new String[] {"cpu", "sim"}) {
            Path out = dir.resolve("out-" + device);
            Cli run = Cli.run("weather", "--input", in.toString(), "--out", out.toString(), "--format", "netcdf",
                    "--device", device, "--verify", "--kernel-path", path.spelling());
            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().contains("missing values T = [-999.0], q = [-999.0] also missing: tested by the "
                    + "body"), run.out());
            assertTrue(run.out().contains("verified: 120 points match"), run.out());
            assertEquals(List.of("weather.nc"), WeatherFilesCommandTest.names(out), "one file, no temporary left");
            NetcdfHeader h = NetcdfFile.open(out.resolve("weather.nc"));
            assertEquals(List.of("time", "level", "lat", "lon"), h.variable("theta").dimensionNames());
            assertArrayEquals(new double[] {0, 6}, NetcdfFile.readValues(h, h.variable("time")));
            assertEquals("hours since 2000-01-01 00:00:00", h.variable("time").attribute("units").get().text());
            assertArrayEquals(new double[] {100000, 85000, 50000}, NetcdfFile.readValues(h, h.variable("level")),
                    "the input's levels as stored (Pa)");
            assertEquals("Pa", h.variable("level").attribute("units").orElseThrow().text());
            assertArrayEquals(new double[] {30, 20, 10, 0}, NetcdfFile.readValues(h, h.variable("lat")));
            assertEquals(102.5, NetcdfFile.readValues(h, h.variable("lon"))[1]);
            for (WeatherOutput o : WeatherOutput.values()) {
                NetcdfVariable v = h.variable(o.key());
                assertEquals(o.unit(), v.attribute("units").get().text());
                assertEquals(o.longName(), v.attribute("long_name").get().text());
                assertTrue(Double.isNaN(v.attribute("_FillValue").get().number(0)), o.key());
                float[] written = WeatherFilesCommandTest.read(h.file(), ByteOrder.BIG_ENDIAN, v.begin(),
                        NT * NZ * GRID);
                WeatherAssertions.assertMatches(path, o, expected[o.ordinal()], written, device);
            }
            assertTrue(Float.isNaN(expected[0][3]) && Float.isNaN(expected[0][90]), "fill values are missing");
        }
        ncdumpHeader(dir.resolve("out-cpu/weather.nc"));
    }

    /**
     * The column run over a file that stores its levels from the top down (500, 850, 1000 hPa, in Pa, as ERA5 stores
     * them): walked from its last level without a copy, {@code gh} 0 at 1000 hPa, every column as the sequential
     * loop over the column from the ground up gives it, a column with the fill value NaN throughout; {@code cape} on
     * {@code (time, lat, lon)}.
     */
    @Test
    void shouldWalkTheColumnsOfAFileWhoseLevelsIncreaseFromItsLastLevel() throws Exception {
        float[][] f = fields();
        float[] t = new float[f[0].length];
        float[] q = new float[t.length];
        for (int k = 0; k < t.length; k++) { // level z of the file holds level NZ-1-z of the fields
            int from = (k / (NZ * GRID) * NZ + NZ - 1 - k / GRID % NZ) * GRID + k % GRID;
            t[k] = f[0][from];
            q[k] = f[1][from];
        }
        Path in = dir.resolve("top-down.nc");
        try (NetcdfWriter w = NetcdfWriter.create(in)) {
            w.dimension("time", NT).dimension("level", NZ).dimension("lat", NY).dimension("lon", NX);
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "Pa"));
            for (String v : new String[] {"t", "q"}) {
                w.variable(v, List.of("time", "level", "lat", "lon"), NetcdfAttribute.floats("_FillValue", -999f));
            }
            w.writeHeader();
            w.write("level", 0, new float[] {PA[2], PA[1], PA[0]});
            w.write("t", 0, t);
            w.write("q", 0, q);
            w.commit();
        }
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", out.toString(), "--format", "netcdf",
                "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verified columns: " + (NT * GRID * (NZ + 3)) + " values"), run.out());
        NetcdfHeader h = NetcdfFile.open(out.resolve("weather.nc"));
        assertEquals(List.of("time", "lat", "lon"), h.variable("cape").dimensionNames());
        assertEquals(List.of("time", "level", "lat", "lon"), h.variable("gh").dimensionNames());
        float[] gh = WeatherFilesCommandTest.read(h.file(), ByteOrder.BIG_ENDIAN, h.variable("gh").begin(),
                NT * NZ * GRID);
        float[] pw = WeatherFilesCommandTest.read(h.file(), ByteOrder.BIG_ENDIAN, h.variable("pw").begin(), NT * GRID);
        float[] p = {1000, 850, 500};
        float[] columnGh = new float[NZ];
        float[] result = new float[ColumnFormulas.COUNT];
        int complete = 0;
        for (int c = 0; c < NT * GRID; c++) {
            float[] ct = new float[NZ];
            float[] cq = new float[NZ];
            for (int k = 0; k < NZ; k++) { // from the ground up: the file's last level first
                int stored = (c / GRID * NZ + NZ - 1 - k) * GRID + c % GRID;
                ct[k] = t[stored] == -999 ? Float.NaN : t[stored];
                cq[k] = q[stored] == -999 ? Float.NaN : q[stored];
            }
            ColumnFormulas.column(ct, cq, p, NZ, columnGh, result);
            assertEquals(result[ColumnFormulas.PW], pw[c], "pw of column " + c);
            for (int k = 0; k < NZ; k++) {
                assertEquals(columnGh[k], gh[(c / GRID * NZ + NZ - 1 - k) * GRID + c % GRID], "gh of column " + c
                        + " at " + p[k] + " hPa");
            }
            complete += Float.isNaN(pw[c]) ? 0 : 1;
        }
        assertTrue(complete > 0 && complete < NT * GRID, "some columns complete, those with a fill value NaN");
        assertEquals(0f, gh[(NZ - 1) * GRID + 1], "gh at the file's last level, 1000 hPa, is 0");
        assertTrue(gh[1] > 4000, "500 hPa, the file's first level, is some 5 km up: " + gh[1]);
    }

    private void ncdumpHeader(Path nc) throws IOException, InterruptedException {
        Process ncdump;
        try {
            ncdump = new ProcessBuilder("ncdump", "-h", nc.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "ncdump cannot be started (" + e.getMessage() + "): install Debian's netcdf-bin");
            return;
        }
        String text = new String(ncdump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ncdump.waitFor(60, TimeUnit.SECONDS) && ncdump.exitValue() == 0, text);
        assertTrue(text.contains("netcdf weather {"), text);
        assertTrue(text.contains("float theta(time, level, lat, lon) ;"), text);
        assertTrue(text.contains("theta:_FillValue = NaNf ;"), text);
        assertTrue(text.contains("theta:units = \"K\" ;"), text);
        assertTrue(text.contains("level:units = \"Pa\" ;"), text); // the input's, copied as stored
        assertTrue(text.contains("lcl_p:long_name = \"Pressure of the lifting condensation level\" ;"), text);
        assertTrue(text.contains("float cape(time, lat, lon) ;"), text);
        assertTrue(text.contains("float gh(time, level, lat, lon) ;"), text);
    }

    @Test
    void shouldRunAClassicFileToGradsWithYrevAndATimeAxisGradsOpens() throws Exception {
        Path in = writeInput();
        Path out = dir.resolve("grads");
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        GradsDescriptor ctl = GradsDescriptor.parse(out.resolve("weather.ctl"));
        assertTrue(ctl.yReversed(), "latitudes north to south: yrev");
        assertEquals(List.of(0.0, 10.0, 20.0, 30.0), ctl.y().values());
        assertEquals(List.of(1000.0, 850.0, 500.0), ctl.z().values());
        assertEquals("00:00Z01JAN2000", ctl.time().start());
        assertEquals("6hr", ctl.time().increment());
        float[][] f = fields();
        float[] theta = expected(f[0], f[1], new float[] {1000, 850, 500})[0];
        float written = WeatherFilesCommandTest.read(ctl.dataFile(), ctl.byteOrder(), ctl.offset("theta", 1, 2),
                GRID)[6];
        WeatherAssertions.assertMatches(KernelPath.AUTO, WeatherOutput.THETA, theta[(1 * NZ + 2) * GRID + 6],
                written, "t=1 z=2 k=6");
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/grads")) || System.getProperty("loopnest.grads.command")
                != null, "GrADS not installed (Debian's grads package)");
        // stored row 1 (20 N) is GrADS's y = 3 (from the south, 1-based) with yrev; x = 2 (1-based) is column 1
        String output = WeatherFilesCommandTest.grads(out.resolve("weather.ctl"),
                "set x 2\nset y 3\nset z 3\nset t 2\nd theta\n");
        assertTrue(!output.toLowerCase(java.util.Locale.ROOT).contains("error"), output);
        String value = output.replaceAll("(?s).*Result value = (\\S+).*", "$1");
        assertEquals(theta[(1 * NZ + 2) * GRID + 6], Double.parseDouble(value), 1e-3, output);
    }

    @Test
    void shouldUnpackPackedShortsIntoATemporaryFileDeletedAfterTheRun() throws Exception {
        Cli run = runPacked("64-bit-offset", "", "");
        assertTrue(run.out().contains("t: short packed (scale_factor 0.01, add_offset 250.0), unpacked first into a "
                + "temporary float32 file of 480 bytes"), run.out());
    }

    /**
     * The same data as NetCDF-4 (HDF5): t packed and chunked with deflate (unpacked first), q a contiguous float read
     * in place with its missing value tested by the body.
     */
    @Test
    void shouldRunANetcdf4FileUnpackingItsChunkedVariableAndReadingItsContiguousOneInPlace() throws Exception {
        Cli run = runPacked("nc4", """
                        t:_Storage = "chunked" ;
                        t:_ChunkSizes = 1, 2, 2, 5 ;
                        t:_DeflateLevel = 1 ;
                """, """
                        q:_Storage = "contiguous" ;
                """);
        assertTrue(run.out().contains("(NetCDF-4): t, q"), run.out());
        assertTrue(run.out().contains("t: NetCDF-4 short, filtered packed (scale_factor 0.01, add_offset 250.0), "
                + "unpacked first into a temporary float32 file of 480 bytes"), run.out());
    }

    private Cli runPacked(String kind, String tStorage, String qStorage) throws Exception {
        float[][] f = fields();
        StringBuilder cdl = new StringBuilder("""
                netcdf packed {
                dimensions:
                    time = %s ;
                    level = 3 ;
                    lat = 4 ;
                    lon = 5 ;
                variables:
                    double time(time) ;
                        time:units = "days since 2020-01-01" ;
                    int level(level) ;
                        level:units = "millibars" ;
                    short t(time, level, lat, lon) ;
                        t:scale_factor = 0.01 ;
                        t:add_offset = 250. ;
                        t:_FillValue = -32767s ;
                %s    float q(time, level, lat, lon) ;
                        q:missing_value = -999.f ;
                %sdata:
                    time = 0, 1 ;
                    level = 1000, 850, 500 ;
                """.formatted(kind.equals("nc4") ? "2" : "UNLIMITED", // NetCDF-4: not contiguous along unlimited
                        tStorage, qStorage));
        short[] packed = new short[f[0].length];
        float[] unpacked = new float[f[0].length];
        StringBuilder t = new StringBuilder("    t = ");
        StringBuilder q = new StringBuilder("    q = ");
        for (int k = 0; k < packed.length; k++) {
            packed[k] = f[0][k] == -999 ? -32767 : (short) Math.round((f[0][k] - 250) / 0.01);
            unpacked[k] = f[0][k] == -999 ? -999 : (float) (packed[k] * 0.01 + 250.0);
            t.append(k == 0 ? "" : ", ").append(packed[k]);
            q.append(k == 0 ? "" : ", ").append(f[1][k] == -999 ? "-999.f" : f[1][k] + "f");
        }
        cdl.append(t).append(" ;\n").append(q).append(" ;\n}\n");
        Path source = Files.writeString(dir.resolve("packed.cdl"), cdl);
        Path in = dir.resolve("packed.nc");
        Process ncgen;
        try {
            ncgen = new ProcessBuilder("ncgen", "-k", kind, "-o", in.toString(), source.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "ncgen cannot be started (" + e.getMessage() + "): install Debian's netcdf-bin");
            return null; // not reached: assumeTrue(false) skips the test
        }
        String log = new String(ncgen.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(ncgen.waitFor(60, TimeUnit.SECONDS) && ncgen.exitValue() == 0, log);
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--input", in.toString(), "--out", out.toString(), "--format", "netcdf",
                "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("missing values T = [], q = [-999.0] also missing"), run.out());
        assertEquals(List.of("weather.nc"), WeatherFilesCommandTest.names(out), "the unpacked file is deleted");
        NetcdfHeader h = NetcdfFile.open(out.resolve("weather.nc"));
        float[][] expected = expected(unpacked, f[1], new float[] {1000, 850, 500});
        for (WeatherOutput o : WeatherOutput.values()) {
            double[] values = NetcdfFile.readValues(h, h.variable(o.key())); // records interleaved when time was
            float[] written = new float[values.length];
            for (int i = 0; i < written.length; i++) {
                written[i] = (float) values[i];
            }
            WeatherAssertions.assertMatches(KernelPath.AUTO, o, expected[o.ordinal()], written, "unpacked");
        }
        assertEquals("days since 2020-01-01", h.variable("time").attribute("units").get().text(),
                "the input's time copied as stored");
        return run;
    }

    /**
     * A real ERA5 file (the R package stars' {@code nc/sub.nc}: packed {@code short} winds u, v on 825 and 850
     * millibars, 10 hours, 9 × 9, latitudes north to south, CDF-2). u and v stand in for T and q: the physics is
     * meaningless (es overflows to +∞), the mechanics are those of ERA5 input: unpacking, levels in millibars, hours
     * since 1900 as a GrADS TDEF, {@code yrev}.
     */
    @Test
    void shouldRunARealEra5FileUnpackingItsShortsIntoAGradsSet() throws IOException {
        Path era5 = Path.of(System.getProperty("loopnest.netcdf.era5", "/usr/lib/R/site-library/stars/nc/sub.nc"));
        assumeTrue(Files.isRegularFile(era5), "no ERA5 sample at " + era5 + " (install Debian's r-cran-stars, or "
                + "name a copy with -Dloopnest.netcdf.era5=/path/sub.nc)");
        Path out = dir.resolve("era5");
        Cli run = Cli.run("weather", "--input", era5.toString(), "--var-t", "u", "--var-q", "v", "--out",
                out.toString(), "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("u: short packed (scale_factor "), run.out());
        assertTrue(run.out().contains("verified: 1620 points match"), run.out());
        assertEquals(List.of("weather.ctl", "weather.dat"), WeatherFilesCommandTest.names(out));
        GradsDescriptor ctl = GradsDescriptor.parse(out.resolve("weather.ctl"));
        NetcdfHeader in = NetcdfFile.open(era5);
        double[] hours = NetcdfFile.readValues(in, in.variable("time"));
        java.time.LocalDateTime first = java.time.LocalDateTime.of(1900, 1, 1, 0, 0).plusHours((long) hours[0]);
        assertEquals(String.format(java.util.Locale.ROOT, "%02d:00Z%02d%s%d", first.getHour(), first.getDayOfMonth(),
                first.getMonth().name().substring(0, 3), first.getYear()), ctl.time().start());
        assertEquals("1hr", ctl.time().increment());
        assertTrue(ctl.yReversed(), "ERA5 latitudes run north to south");
        assertEquals(List.of(825.0, 850.0), ctl.z().values());
        NetcdfVariable u = in.variable("u");
        NetcdfVariable v = in.variable("v");
        double[] us = NetcdfFile.readValues(in, u);
        double[] vs = NetcdfFile.readValues(in, v);
        float[] point = new float[WeatherOutput.COUNT];
        int grid = 81;
        for (int t = 0; t < 10; t++) {
            for (int z = 0; z < 2; z++) {
                float[] es = WeatherFilesCommandTest.read(ctl.dataFile(), ctl.byteOrder(), ctl.offset("es", t, z),
                        grid);
                float[] theta = WeatherFilesCommandTest.read(ctl.dataFile(), ctl.byteOrder(),
                        ctl.offset("theta", t, z), grid);
                for (int k = 0; k < grid; k++) {
                    int at = (t * 2 + z) * grid + k;
                    WeatherFormulas.point(org.loopnest.format.netcdf.NetcdfPacking.of(u).physical(us[at]),
                            org.loopnest.format.netcdf.NetcdfPacking.of(v).physical(vs[at]), z == 0 ? 825 : 850,
                            point);
                    String where = "t=" + t + " z=" + z + " k=" + k;
                    WeatherAssertions.assertMatches(KernelPath.AUTO, WeatherOutput.THETA, point[0], theta[k], where);
                    WeatherAssertions.assertMatches(KernelPath.AUTO, WeatherOutput.ES, point[1], es[k], where);
                }
            }
        }
    }
}
