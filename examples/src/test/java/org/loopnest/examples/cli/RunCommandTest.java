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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.files.FileOwner;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.files.Processes;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.format.grads.GradsDescriptor;
import org.loopnest.format.netcdf.NetcdfAttribute;
import org.loopnest.format.netcdf.NetcdfFile;
import org.loopnest.format.netcdf.NetcdfHeader;
import org.loopnest.format.netcdf.NetcdfVariable;
import org.loopnest.format.netcdf.NetcdfWriter;

/**
 * {@code loopnest run} end to end: raw, NetCDF and GrADS inputs, raw and NetCDF outputs, on cpu and sim, compared with
 * values computed here; {@code --verify}; and the messages of bad input, after which nothing is written.
 */
class RunCommandTest {
    private static final Path GRADS_SAMPLE = Path.of(System.getProperty("loopnest.grads.sample",
            "/usr/share/doc/grads/examples/model.ctl"));

    @TempDir
    Path dir;

    @Test
    void shouldRunABodyOverRawFilesOnCpuAndSimWithAnIndexSubsetInput() throws IOException {
        float[] t = ramp(2 * 3 * 4, 250f, 0.5f);
        float[] p = {1000f, 700f, 300f};
        Path tFile = writeFloats(dir.resolve("T.f32"), t, ByteOrder.LITTLE_ENDIAN);
        Path pFile = writeFloats(dir.resolve("levels.f32"), p, ByteOrder.LITTLE_ENDIAN);
        float[] expected = new float[t.length];
        for (int i = 0; i < t.length; i++) {
            expected[i] = (float) (t[i] * Math.pow(1000.0f / p[(i / 4) % 3], 0.2857143f));
        }
        for (String device : List.of("cpu", "sim")) {
            Path out = dir.resolve("theta-" + device + ".f32");
            Cli run = Cli.run("run", "--shape", "2,3,4", "--names", "t,z,x", "--body",
                    "theta = T * pow(1000.0f / p, 0.2857143f);", "--in", "T=" + tFile, "--in", "p:z=" + pFile,
                    "--out", "theta=" + out, "--device", device, "--split", "2");
            assertEquals(0, run.code(), run.err());
            assertTrue(run.out().contains("run: t 2 x z 3 x x 4 (24 points)"), run.out());
            assertArrayEquals(expected, readFloats(out, 0, t.length, ByteOrder.LITTLE_ENDIAN), 1e-4f, device);
        }
        assertEquals(List.of(), temporaries(), "no temporary file left");
    }

    @Test
    void shouldRemoveWhatAKilledRunLeftBesideItsOutputsAndNothingElse() throws Exception {
        Path a = writeFloats(dir.resolve("a.f32"), ramp(6, 0, 1), ByteOrder.LITTLE_ENDIAN);
        FileOwner killed = Processes.finished();
        Path staged = Files.createFile(OwnedNames.name(dir.resolve("o.f32"), OwnedNames.Kind.TEMPORARY, killed));
        Path writer = Files.createFile(OwnedNames.name(OwnedNames.name(dir.resolve("p.nc"),
                OwnedNames.Kind.TEMPORARY, killed), OwnedNames.Kind.TEMPORARY, killed));
        Path unpacked = Files.createFile(OwnedNames.name(dir.resolve("T.unpacked.f32"), OwnedNames.Kind.TEMPORARY,
                killed));
        Path live = OwnedNames.createTemporary(dir.resolve("q.f32"));
        Path foreign = Files.createFile(dir.resolve(".o.f32.3f2a9c.tmp"));
        Cli run = Cli.run("run", "--shape", "6", "--body", "o = a; p = a;", "--in", "a=" + a, "--out",
                "o=" + dir.resolve("o.f32"), "--out", "p=" + dir.resolve("p.nc"));
        assertEquals(0, run.code(), run.err());
        for (Path left : List.of(staged, writer, unpacked)) {
            assertTrue(run.out().contains("removed " + left + ", left by an interrupted run"), run.out());
        }
        assertTrue(Files.exists(live), "a live process's temporary is not this run's to remove");
        assertTrue(Files.exists(foreign), "a file of another naming scheme is not LoopNest's");
        assertEquals(List.of(foreign, live), temporaries().stream().sorted().toList());
    }

    @Test
    void shouldVerifyAgainstASequentialRunOnTheJvmAndWriteBigEndianRawFiles() throws IOException {
        float[] a = ramp(5 * 6, -3f, 0.25f);
        Path aFile = writeFloats(dir.resolve("a.f32"), a, ByteOrder.BIG_ENDIAN);
        Path out = dir.resolve("b.f32");
        Cli run = Cli.run("run", "--shape", "5,6", "--byte-order", "big", "--body", "b = a * a + (float) x;",
                "--in", "a=" + aFile, "--out", "b=" + out, "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verify b: all 30 values equal to a sequential run on the JVM"), run.out());
        float[] expected = new float[a.length];
        for (int i = 0; i < a.length; i++) {
            expected[i] = a[i] * a[i] + (i % 6);
        }
        assertArrayEquals(expected, readFloats(out, 0, a.length, ByteOrder.BIG_ENDIAN), 0f);
        assertEquals(List.of(), temporaries(), "the verification's files are removed");
    }

    @Test
    void shouldRunABodyFileWithNoInputsAndWriteTheReportKernelsAndTraceWithTheOutputs() throws IOException {
        Path body = Files.writeString(dir.resolve("body.lnk"), "const long i = y * 4 + x;\nn = (double) i * 0.5;\n"
                + "m = (int) i;\n");
        Path n = dir.resolve("n.f64");
        Path m = dir.resolve("m.i32");
        Path report = dir.resolve("report.json");
        Path kernels = dir.resolve("kernels");
        Path trace = dir.resolve("trace.json");
        Cli run = Cli.run("run", "--shape", "3,4", "--body-file", body.toString(), "--out", "n=" + n, "--out",
                "m=" + m, "--report", report.toString(), "--dump-kernels", kernels.toString(), "--trace",
                trace.toString(), "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("run: y 3 x x 4 (12 points)"), run.out());
        assertTrue(run.out().contains("verify n: all 12 values equal"), run.out());
        ByteBuffer doubles = ByteBuffer.wrap(Files.readAllBytes(n)).order(ByteOrder.LITTLE_ENDIAN);
        ByteBuffer ints = ByteBuffer.wrap(Files.readAllBytes(m)).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < 12; i++) {
            assertEquals(i * 0.5, doubles.getDouble(i * 8), 0.0, "n " + i);
            assertEquals(i, ints.getInt(i * 4), "m " + i);
        }
        assertTrue(Files.readString(report).contains("\"chunks\":"), "the report is JSON of the run");
        assertTrue(Files.isRegularFile(kernels.resolve("run.cl")) && Files.isRegularFile(kernels.resolve("run.cu")),
                "kernels written");
        assertTrue(Files.size(trace) > 0, "trace written");
        assertEquals(List.of(), temporaries());
    }

    @Test
    @Tag("cluster")
    void shouldRunOverFilesOnLocalWorkerNodes() throws IOException {
        float[] a = ramp(4 * 7 * 9, 1f, 0.5f);
        Path aFile = writeFloats(dir.resolve("a.f32"), a, ByteOrder.LITTLE_ENDIAN);
        Path out = dir.resolve("sq.nc");
        Cli run = Cli.run("run", "--shape", "4,7,9", "--body", "sq = a * a;", "--in", "a=" + aFile, "--out",
                "sq=" + out, "--nodes", "local:2", "--split", "2", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verify sq: all 252 values equal"), run.out());
        NetcdfHeader h = NetcdfFile.open(out);
        float[] written = readFloats(out, h.variable("sq").begin(), a.length, ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < a.length; i++) {
            assertEquals(a[i] * a[i], written[i], 0f, "point " + i);
        }
    }

    @Test
    void shouldReadANetcdfVariableAndWriteANetcdfFileThatReadsBack() throws IOException {
        float[] t = ramp(3 * 4 * 5, 270f, 0.5f);
        Path nc = dir.resolve("data.nc");
        try (NetcdfWriter w = NetcdfWriter.create(nc)) {
            w.dimension("level", 3).dimension("lat", 4).dimension("lon", 5);
            w.variable("t", List.of("level", "lat", "lon"), NetcdfAttribute.text("units", "K"));
            w.variable("other", List.of("lat"));
            w.variable("level", List.of("level"), NetcdfAttribute.text("units", "hPa"),
                    NetcdfAttribute.floats("_FillValue", -1f));
            w.writeHeader();
            w.write("t", 0, t);
            w.write("level", 0, new float[] {1000f, 850f, 500f});
            w.commit();
        }
        float[] p = {1000f, 850f, 500f};
        Path levels = writeFloats(dir.resolve("levels.f32"), p, ByteOrder.LITTLE_ENDIAN);
        Path out = dir.resolve("theta.nc");
        Cli run = Cli.run("run", "--body", "theta = T * pow(1000.0f / p, 0.2857143f); twice = 2.0f * T;", "--in",
                "T=" + nc + ":t", "--in", "p:level=" + levels, "--out", "theta=" + out, "--out", "twice=" + out,
                "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("run: level 3 x lat 4 x lon 5 (60 points)"), run.out());
        NetcdfHeader h = NetcdfFile.open(out);
        NetcdfVariable theta = h.variable("theta");
        assertEquals(List.of("level", "lat", "lon"), theta.dimensionNames());
        assertEquals("CF-1.8", h.attribute("Conventions").orElseThrow().text());
        NetcdfVariable level = h.variable("level");
        assertArrayEquals(new double[] {1000, 850, 500}, NetcdfFile.readValues(h, level), "the input's coordinate");
        assertEquals("hPa", level.attribute("units").orElseThrow().text());
        assertEquals(-1.0, level.attribute("_FillValue").orElseThrow().number(0), "every attribute copied verbatim");
        float[] written = readFloats(out, theta.begin(), t.length, ByteOrder.BIG_ENDIAN);
        float[] doubled = readFloats(out, h.variable("twice").begin(), t.length, ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < t.length; i++) {
            assertEquals((float) (t[i] * Math.pow(1000.0f / p[i / 20], 0.2857143f)), written[i], 1e-3f, "theta " + i);
            assertEquals(2 * t[i], doubled[i], 0f, "twice " + i);
        }
        assertEquals(List.of(), temporaries());
        String header = ncdump(out);
        assertTrue(header.contains("float theta(level, lat, lon) ;"), header);
        assertTrue(header.contains("float level(level) ;"), header);
        assertTrue(header.contains(":Conventions = \"CF-1.8\" ;"), header);
    }

    @Test
    void shouldReadInterleavedRecordVariablesOfAnNcgenFileInAnyLoopOrder() throws IOException {
        Path cdl = Files.writeString(dir.resolve("rec.cdl"), """
                netcdf rec {
                dimensions:
                  time = UNLIMITED ;
                  y = 2 ;
                  x = 3 ;
                variables:
                  float a(time, y, x) ;
                  float b(time, y, x) ;
                  double c(y, x) ;
                data:
                  a = 0, 1, 2, 3, 4, 5, 10, 11, 12, 13, 14, 15 ;
                  b = 100, 101, 102, 103, 104, 105, 110, 111, 112, 113, 114, 115 ;
                  c = 0.5, 1.5, 2.5, 3.5, 4.5, 5.5 ;
                }
                """);
        Path nc = dir.resolve("rec.nc");
        tool("ncgen", "-k", "classic", "-o", nc.toString(), cdl.toString());
        Path out = dir.resolve("s.f32");
        Cli run = Cli.run("run", "--names", "x,y,time", "--body", "s = a + b + (float) c;", "--in", "a=" + nc + ":a",
                "--in", "b=" + nc + ":b", "--in", "c=" + nc + ":c", "--out", "s=" + out, "--device", "sim",
                "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("run: x 3 x y 2 x time 2 (12 points)"), run.out());
        float[] s = readFloats(out, 0, 12, ByteOrder.LITTLE_ENDIAN);
        for (int x = 0; x < 3; x++) {
            for (int y = 0; y < 2; y++) {
                for (int t = 0; t < 2; t++) {
                    float a = 10 * t + 3 * y + x;
                    assertEquals(a + (a + 100) + (3 * y + x + 0.5f), s[(x * 2 + y) * 2 + t], 0f,
                            "x=" + x + " y=" + y + " t=" + t);
                }
            }
        }
    }

    @Test
    void shouldUnpackPackedShortsIntoATemporaryFileWithMissingValuesAsNan() throws IOException {
        Path cdl = Files.writeString(dir.resolve("packed.cdl"), """
                netcdf packed {
                dimensions:
                  time = UNLIMITED ;
                  x = 3 ;
                variables:
                  short t(time, x) ;
                    t:scale_factor = 0.5 ;
                    t:add_offset = 250.0 ;
                    t:_FillValue = -32767s ;
                  float other(time) ;
                data:
                  t = 0, 2, -32767, 10, -4, 6 ;
                  other = 1, 2 ;
                }
                """);
        Path nc = dir.resolve("packed.nc");
        tool("ncgen", "-k", "classic", "-o", nc.toString(), cdl.toString());
        Path out = dir.resolve("k.f32");
        Cli wrong = Cli.run("run", "--body", "k = u;", "--in", "t=" + nc + ":t", "--out", "k=" + out);
        assertEquals(2, wrong.code(), wrong.err());
        assertTrue(wrong.err().startsWith("loopnest run: --body: kernel body 1:5: unknown name 'u'"), wrong.err());
        assertEquals("", wrong.out(), "the body is checked before anything is unpacked");
        Cli run = Cli.run("run", "--body", "k = isnan(t) ? -1.0f : t;", "--in", "t=" + nc + ":t", "--out", "k=" + out,
                "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("unpacking --in t=" + nc + ":t (short, scale and offset applied, missing "
                + "values NaN) into a temporary float file of 24 bytes"), run.out());
        assertArrayEquals(new float[] {250f, 251f, -1f, 255f, 248f, 253f}, readFloats(out, 0, 6,
                ByteOrder.LITTLE_ENDIAN), 0f);
        assertEquals(List.of(), temporaries(), "the unpacked file is deleted");
    }

    @Test
    void shouldReadNetcdf4VariablesInPlaceOrUnpackedFromChunks() throws IOException {
        Path cdl = Files.writeString(dir.resolve("four.cdl"), """
                netcdf four {
                dimensions:
                  time = 2 ;
                  y = 3 ;
                  x = 4 ;
                variables:
                  float t(time, y, x) ;
                    t:_ChunkSizes = 1, 2, 3 ;
                    t:_DeflateLevel = 1 ;
                  float c(y, x) ;
                    c:_Storage = "contiguous" ;
                  float y(y) ;
                    y:units = "degrees_north" ;
                data:
                  t = 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23 ;
                  c = 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200 ;
                  y = -10, 0, 10 ;
                }
                """);
        Path nc = dir.resolve("four.nc");
        tool("ncgen", "-k", "nc4", "-o", nc.toString(), cdl.toString());
        Path out = dir.resolve("sum.nc");
        Cli run = Cli.run("run", "--body", "s = t + c;", "--in", "t=" + nc + ":t", "--in", "c=" + nc + ":c", "--out",
                "s=" + out, "--device", "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("unpacking --in t=" + nc + ":t (NetCDF-4 float, filtered"), run.out());
        assertTrue(!run.out().contains("unpacking --in c="), "the contiguous float is read in place: " + run.out());
        NetcdfHeader h = NetcdfFile.open(out);
        float[] s = readFloats(out, h.variable("s").begin(), 24, ByteOrder.BIG_ENDIAN);
        for (int i = 0; i < 24; i++) {
            assertEquals(i + 100 * (i % 12 + 1), s[i], 0f, "point " + i);
        }
        assertArrayEquals(new double[] {-10, 0, 10}, NetcdfFile.readValues(h, h.variable("y")), "coordinate y");
        assertEquals(List.of(), temporaries());
    }

    @Test
    void shouldRunOverTheDebianGradsSampleInPlace() throws IOException {
        assumeTrue(Files.isRegularFile(GRADS_SAMPLE), "the GrADS sample " + GRADS_SAMPLE + " is not installed "
                + "(Debian package grads; or -Dloopnest.grads.sample=/path/model.ctl)");
        GradsDescriptor ctl = GradsDescriptor.parse(GRADS_SAMPLE);
        Path out = dir.resolve("celsius.f32");
        Path nc = dir.resolve("celsius.nc");
        Cli run = Cli.run("run", "--body", "c = T - 273.15f + 0.0f * ps; k = c;", "--in", "T=" + GRADS_SAMPLE + ":T",
                "--in", "ps:time,lat,lon=" + GRADS_SAMPLE + ":PS", "--out", "c=" + out, "--out", "k=" + nc, "--device",
                "sim", "--verify");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("run: time 5 x lev 7 x lat 46 x lon 72 (115920 points)"), run.out());
        int grid = 46 * 72;
        for (int[] tz : new int[][] {{0, 0}, {3, 4}, {4, 6}}) {
            float[] stored = readFloats(ctl.dataFile(), ctl.offset("T", tz[0], tz[1]), grid, ctl.byteOrder());
            float[] celsius = readFloats(out, ((long) tz[0] * 7 + tz[1]) * grid * 4, grid, ByteOrder.LITTLE_ENDIAN);
            for (int i = 0; i < grid; i++) {
                assertEquals(stored[i] - 273.15f, celsius[i], 1e-3f, "t=" + tz[0] + " z=" + tz[1] + " point " + i);
            }
        }
        NetcdfHeader h = NetcdfFile.open(nc);
        assertArrayEquals(new double[] {1000, 850, 700, 500, 300, 200, 100}, NetcdfFile.readValues(h,
                h.variable("lev")), "ZDEF levels");
        assertEquals("hPa", h.variable("lev").attribute("units").orElseThrow().text());
        assertEquals(-90.0, NetcdfFile.readValues(h, h.variable("lat"))[0], "YDEF start");
        assertEquals(355.0, NetcdfFile.readValues(h, h.variable("lon"))[71], "XDEF end");
        assertEquals("degrees_east", h.variable("lon").attribute("units").orElseThrow().text());
        assertArrayEquals(new double[] {0, 1, 2, 3, 4}, NetcdfFile.readValues(h, h.variable("time")), "TDEF");
        assertEquals("days since 1987-01-02 00:00:00", h.variable("time").attribute("units").orElseThrow().text());
    }

    @Test
    void shouldNameBothFilesWhenTheirExtentsDisagree() throws IOException {
        assumeTrue(Files.isRegularFile(GRADS_SAMPLE), "the GrADS sample " + GRADS_SAMPLE + " is not installed");
        Cli run = Cli.run("run", "--body", "r = T * Q;", "--in", "T=" + GRADS_SAMPLE + ":T", "--in",
                "Q=" + GRADS_SAMPLE + ":Q", "--out", "r=" + dir.resolve("r.f32"));
        assertEquals(2, run.code());
        assertEquals("loopnest run: index 'lev' is 7 in --in T=" + GRADS_SAMPLE + ":T (model.dat) but 5 in --in Q="
                + GRADS_SAMPLE + ":Q (model.dat) (expected: the same extent in every file that uses it) (see "
                + "'loopnest run --help')", run.err().strip());
        assertEquals(List.of(), temporaries());
    }

    @Test
    void shouldRefuseBadInputSayingWhatWasExpectedAndWriteNothing() throws IOException {
        Path a = writeFloats(dir.resolve("a.f32"), ramp(6, 0, 1), ByteOrder.LITTLE_ENDIAN);
        Path out = dir.resolve("o.f32");
        String body = "o = a;";
        assertBad("--in a.f32: no '=' (expected: NAME[:INDEX,...]=FILE[:VAR], e.g. T=data.nc:t or p:z=levels.f32)",
                "--shape", "6", "--body", body, "--in", "a.f32", "--out", "o=" + out);
        assertBad("--in a=" + dir.resolve("missing.f32") + ": " + dir.resolve("missing.f32") + ": no such file "
                + "(expected: a readable regular file)",
                "--shape", "6", "--body", body, "--in", "a=" + dir.resolve("missing.f32"), "--out", "o=" + out);
        assertBad("--in a=" + a + ": " + a + " holds 24 bytes (expected: 28 = 7 float elements for indices [x] of "
                + "extents [7])", "--shape", "7", "--body", body, "--in", "a=" + a, "--out", "o=" + out);
        assertBad("--in a=" + dir.resolve("a.txt") + ": cannot tell the format of a.txt from its extension "
                + "(expected: .f32, .f64, .i32, .i64 (raw), .nc (NetCDF), .nc4 (NetCDF-4 output) or .ctl (GrADS))",
                "--shape", "6", "--body", body, "--in", "a=" + dir.resolve("a.txt"), "--out", "o=" + out);
        assertBad("no --out (expected: at least one NAME=FILE, an output the body assigns, indexed by every loop)",
                "--shape", "6", "--body", body, "--in", "a=" + a);
        assertBad("no body (expected: --body CODE or --body-file FILE)", "--shape", "6", "--in", "a=" + a,
                "--out", "o=" + out);
        assertBad("no input says the nest's indices (expected: --shape, with --names or the default names, or an "
                + "input whose file or INDEX list names them)", "--body", body, "--in", "a=" + a, "--out", "o=" + out);
        assertBad("index 'x' has no extent: no file says it (expected: --shape with one extent per index of [x])",
                "--names", "x", "--body", body, "--in", "a=" + a, "--out", "o=" + out);
        Files.createDirectory(dir.resolve("adir.f32"));
        assertBad("--out o=" + dir.resolve("adir.f32") + " " + dir.resolve("adir.f32") + ": a directory (expected: "
                + "a file in an existing, writable directory)", "--shape", "6", "--body", body, "--in", "a=" + a,
                "--out", "o=" + dir.resolve("adir.f32"));
        assertBad("--out a=" + out + ": 'a' is also the name in --in a=" + a + " (expected: a distinct name for each "
                + "array)", "--shape", "6", "--body", body, "--in", "a=" + a, "--out", "a=" + out);
        assertBad("--in a=" + a + ": 'a' is also the name in --in a=" + a + " (expected: a distinct name for each "
                + "array)", "--shape", "6", "--body", body, "--in", "a=" + a, "--in", "a=" + a, "--out", "o=" + out);
        assertBad("--out o=" + a + ": " + a + " is read by --in a=" + a + " (expected: a file no input reads)",
                "--shape", "6", "--body", body, "--in", "a=" + a, "--out", "o=" + a);
        assertBad("--out x=" + out + ": 'x' is also a loop's name (expected: array names apart from the loops [x])",
                "--shape", "6", "--body", body, "--in", "a=" + a, "--out", "x=" + out);
        assertBad("--out o=" + dir.resolve("o.nc") + ": loop 'x' has 3000000000 points, more than a classic NetCDF "
                + "dimension holds (expected: at most 2147483647; write a raw file instead)", "--shape", "3000000000",
                "--body", "o = 1.0f;", "--out", "o=" + dir.resolve("o.nc"));
        assertBad("both --body and --body-file (expected: --body CODE or --body-file FILE)", "--shape", "6", "--body",
                body, "--body-file", a.toString(), "--in", "a=" + a, "--out", "o=" + out);
        assertBad("--tolerance -1.0 (expected: a relative difference >= 0)", "--shape", "6", "--body", body, "--in",
                "a=" + a, "--out", "o=" + out, "--tolerance", "-1");
        assertBad("--split 1: out of range (expected: auto, or a depth from 0 to 0 for the loops [x])",
                "--shape", "6", "--body", body, "--in", "a=" + a, "--out", "o=" + out, "--split", "1");
        Cli unknown = Cli.run("run", "--shape", "6", "--body", "o = b;", "--in", "a=" + a, "--out", "o=" + out);
        assertEquals(2, unknown.code(), unknown.err());
        assertTrue(unknown.err().startsWith("loopnest run: --body: kernel body 1:5: unknown name 'b' (expected: a "
                + "loop index (x), an array (a, o), or a local declared before)"), unknown.err());
        assertTrue(Files.notExists(out), "nothing written");
        assertEquals(List.of(), temporaries());
    }

    @Test
    void shouldRefuseUnknownVariablesAndDamagedFilesNamingThem() throws IOException {
        Path nc = dir.resolve("packed.nc");
        try (NetcdfWriter w = NetcdfWriter.create(nc)) {
            w.dimension("x", 2);
            w.variable("u", List.of("x"));
            w.variable("s", List.of("x"), NetcdfAttribute.doubles("scale_factor", 0.5));
            w.writeHeader();
            w.commit();
        }
        Path out = dir.resolve("o.f32");
        assertBad("--in a=" + nc + ":v: no variable 'v' in packed.nc (expected one of: u, s)",
                "--body", "o = a;", "--in", "a=" + nc + ":v", "--out", "o=" + out);
        assertBad("--in a=" + nc + ": no variable given (expected: FILE:VAR, VAR one of: u, s)",
                "--body", "o = a;", "--in", "a=" + nc, "--out", "o=" + out);
        assertBad("--in a:i,j=" + nc + ":u: 2 indices [i, j] for the 1 dimensions [x] (expected: one name per "
                + "dimension, outermost first, or none)", "--body", "o = a;", "--in", "a:i,j=" + nc + ":u",
                "--out", "o=" + out);
        Path dashed = dir.resolve("dashed.nc");
        try (NetcdfWriter w = NetcdfWriter.create(dashed)) {
            w.dimension("lat-2", 2).dimension("x", 2);
            w.variable("u", List.of("lat-2", "x")).variable("w", List.of("x", "x"));
            w.writeHeader();
            w.commit();
        }
        assertBad("--in a=" + dashed + ":u: dimension 'lat-2' of dashed.nc is not a name a loop can have (expected: "
                + "letters, digits and _, distinct; or give the loops' names: NAME:IDX,…=FILE)",
                "--body", "o = a;", "--in", "a=" + dashed + ":u", "--out", "o=" + out);
        assertBad("--in a=" + dashed + ":w: dimension 'x' of dashed.nc is repeated (expected: letters, digits and _, "
                + "distinct; or give the loops' names: NAME:IDX,…=FILE)",
                "--body", "o = a;", "--in", "a=" + dashed + ":w", "--out", "o=" + out);
        Path many = dir.resolve("many.nc");
        try (NetcdfWriter w = NetcdfWriter.create(many)) {
            w.dimension("x", 2);
            for (int i = 0; i < 15; i++) {
                w.variable("v" + i, List.of("x"));
            }
            w.writeHeader();
            w.commit();
        }
        assertBad("--in a=" + many + ":nope: no variable 'nope' in many.nc (expected one of: v0, v1, v2, v3, v4, v5, "
                + "v6, v7, v8, v9, … (and 5 more))", "--body", "o = a;", "--in", "a=" + many + ":nope", "--out",
                "o=" + out);
        Path hdf = dir.resolve("four.nc");
        Files.write(hdf, new byte[] {(byte) 0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n', 0, 0, 0, 0});
        Cli cut = Cli.run("run", "--body", "o = a;", "--in", "a=" + hdf + ":t", "--out", "o=" + out);
        assertEquals(2, cut.code(), cut.err());
        assertTrue(cut.err().startsWith("loopnest run: --in a=" + hdf + ":t: four.nc: not a readable HDF5 file: "),
                cut.err());
        assertBad("--out o=" + dir.resolve("o.ctl") + ": GrADS output is not supported by run yet (expected: .f32, "
                + ".f64, .i32, .i64 or .nc)", "--body", "o = a;", "--in", "a=" + nc + ":u", "--out",
                "o=" + dir.resolve("o.ctl"));
        assertTrue(Files.notExists(out));
    }

    private void assertBad(String message, String... args) throws IOException {
        String[] all = Stream.concat(Stream.of("run"), Stream.of(args)).toArray(String[]::new);
        Cli run = Cli.run(all);
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest run: " + message + " (see 'loopnest run --help')", run.err().strip());
        assertEquals(List.of(), temporaries(), "no temporary file after: " + message);
    }

    private List<Path> temporaries() throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList();
        }
    }

    private String ncdump(Path file) throws IOException {
        return tool("ncdump", "-h", file.toString());
    }

    /** Runs a netCDF tool; skips the test, saying why, where it is not installed. */
    static String tool(String... command) throws IOException {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            String text = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), command[0] + " ended");
            assertEquals(0, p.exitValue(), text);
            return text;
        } catch (IOException notInstalled) {
            assumeTrue(false, command[0] + " is not installed (Debian package netcdf-bin): "
                    + notInstalled.getMessage());
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    static float[] ramp(int n, float start, float step) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = start + i * step;
        }
        return v;
    }

    static Path writeFloats(Path file, float[] values, ByteOrder order) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(order);
        b.asFloatBuffer().put(values);
        return Files.write(file, b.array());
    }

    static float[] readFloats(Path file, long at, int n, ByteOrder order) throws IOException {
        try (FileChannel c = FileChannel.open(file)) {
            ByteBuffer b = ByteBuffer.allocate(n * 4).order(order);
            while (b.hasRemaining() && c.read(b, at + b.position()) > 0) {
                // until full
            }
            float[] v = new float[n];
            b.flip().asFloatBuffer().get(v);
            return v;
        }
    }
}
