package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.loopnest.internal.files.OwnedNames;
import org.loopnest.internal.files.Processes;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.examples.weather.RawFloats;
import org.loopnest.examples.weather.WeatherAssertions;
import org.loopnest.examples.weather.ColumnFields;
import org.loopnest.examples.weather.ColumnNest;
import org.loopnest.examples.weather.ColumnOutput;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.examples.weather.WeatherOutput;
import org.loopnest.kernel.KernelPath;

class WeatherCommandTest {
    private static final String SMALL = "2,7,10,12";

    @TempDir
    Path dir;

    @Test
    void shouldRunTheDefaultGridInAtLeastEightChunksAndVerifyIt() throws IOException {
        Path report = dir.resolve("report.json");
        Cli run = Cli.run("weather", "--report", report.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("nest        t=16 × z=7 × y=91 × x=180"), run.out());
        assertTrue(run.out().contains("verified: 1834560 points match the sequential loop"), run.out());
        Matcher chunks = Pattern.compile("\"chunks\":(\\d+)").matcher(Files.readString(report));
        assertTrue(chunks.find(), "report has chunks");
        assertTrue(Integer.parseInt(chunks.group(1)) >= 8, "chunks: " + chunks.group(1));
    }

    /** The written outputs: the sequential loop's bit for bit on the scalar path, within tolerance on the vector. */
    @ParameterizedTest(name = "{0}")
    @EnumSource(value = KernelPath.class, names = {"VECTOR", "SCALAR"})
    void shouldVerifyOnASmallSimulatedDeviceAndWriteTwelveFiles(KernelPath path) throws IOException {
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--shape", SMALL, "--device", "sim", "--device-memory", "8KiB",
                "--link-bandwidth", "1GB/s", "--buffers", "3", "--out", out.toString(), "--kernel-path",
                path.spelling());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("verified: 1680 points"), run.out());
        WeatherFields expected = WeatherFields.synthetic(2, 7, 10, 12, 1);
        float[][] reference = expected.newOutputs();
        WeatherNest.sequential(expected, reference);
        for (WeatherOutput o : WeatherOutput.values()) {
            float[] written = new float[1680];
            RawFloats.read(out.resolve(o.fileName()), written);
            WeatherAssertions.assertMatches(path, o, reference[o.ordinal()], written, "written point");
        }
        assertTrue(run.out().contains("verified columns: 2400 values of gh, pw, cape, cin match"), run.out());
        ColumnFields columns = new ColumnFields(expected.shape());
        ColumnNest.sequential(expected, columns);
        for (ColumnOutput o : ColumnOutput.values()) {
            float[] written = new float[ColumnFields.length(expected.shape(), o)];
            RawFloats.read(out.resolve(o.fileName()), written);
            if (path == KernelPath.SCALAR) {
                assertArrayEquals(columns.output(o), written, o.key() + ": the scalar path's bits");
            } else {
                for (int i = 0; i < written.length; i++) {
                    assertTrue(o.accepts(written[i], columns.output(o)[i]), o.key() + " at " + i);
                }
            }
        }
        assertEquals(WeatherOutput.COUNT + ColumnOutput.COUNT, count(out));
    }

    @Test
    void shouldReadInputFilesAndVerifyOnRequest() throws IOException {
        WeatherFields made = WeatherFields.synthetic(2, 3, 4, 5, 8);
        Path t = dir.resolve("t.f32");
        Path q = dir.resolve("q.f32");
        RawFloats.write(t, made.temperature());
        RawFloats.write(q, made.humidity());
        Cli plain = Cli.run("weather", "--shape", "2,3,4,5", "--input-t", t.toString(), "--input-q", q.toString());
        assertEquals(0, plain.code(), plain.err());
        assertTrue(!plain.out().contains("verified"), "file input is not verified by default");
        Cli verified = Cli.run("weather", "--shape", "2,3,4,5", "--levels", "1000,500,250", "--input-t",
                t.toString(), "--input-q", q.toString(), "--verify", "--split", "1");
        assertEquals(0, verified.code(), verified.err());
        assertTrue(verified.out().contains("verified: 120 points"), verified.out());
    }

    @Test
    void shouldSaveTheSyntheticInputsAsFilesTheInputOptionsRead() throws IOException {
        Path inputs = dir.resolve("inputs");
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        // the scalar path: its results do not depend on how far the JIT compiler has got, so two runs give one result
        Cli save = Cli.run("weather", "--shape", "2,3,4,5", "--save-inputs", inputs.toString(), "--out",
                first.toString(), "--kernel-path", "scalar");
        assertEquals(0, save.code(), save.err());
        assertTrue(save.out().contains("wrote T.f32 q.f32 to " + inputs), save.out());
        Cli read = Cli.run("weather", "--shape", "2,3,4,5", "--input-t", inputs.resolve("T.f32").toString(),
                "--input-q", inputs.resolve("q.f32").toString(), "--verify", "--out", second.toString(),
                "--kernel-path", "scalar");
        assertEquals(0, read.code(), read.err());
        assertTrue(read.out().contains("verified: 120 points"), read.out());
        for (String name : new String[] {"theta.f32", "thetae.f32", "lcl_p.f32", "lcl_t.f32"}) {
            assertTrue(java.util.Arrays.equals(Files.readAllBytes(first.resolve(name)),
                    Files.readAllBytes(second.resolve(name))), name + " is the same from the saved inputs");
        }
    }

    @Test
    void shouldSaveNoInputsWhenNoSplitFitsTheDevice() {
        Path inputs = dir.resolve("inputs");
        Cli run = Cli.run("weather", "--shape", SMALL, "--device", "sim", "--device-memory", "1", "--save-inputs",
                inputs.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: no split fits: even the smallest chunk"), run.err());
        assertTrue(!run.out().contains("wrote T.f32"), run.out());
        assertTrue(Files.notExists(inputs.resolve("T.f32")) && Files.notExists(inputs.resolve("q.f32")),
                "exit code 2 writes nothing");
    }

    @Test
    void shouldRefuseAnEmptyOutputDirectoryRatherThanWriteInTheWorkingDirectory() {
        for (String option : new String[] {"--out", "--save-inputs", "--dump-kernels"}) {
            Cli run = Cli.run("weather", "--shape", SMALL, option, "");
            assertEquals(2, run.code(), option + ": " + run.err());
            assertEquals("loopnest weather: " + option + " '': an empty path (expected: a directory, or a path where "
                    + "one can be made) (see 'loopnest weather --help')", run.err().strip());
            assertEquals("", run.out(), "nothing ran");
        }
    }

    @Test
    void shouldWriteTheReportIntoAnOutputDirectoryItMakes() throws IOException {
        Path out = dir.resolve("new/out");
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", out.toString(), "--report",
                out.resolve("run.json").toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(Files.readString(out.resolve("run.json")).contains("\"chunks\":"), "the report");
        assertEquals(13, count(out), "twelve outputs and the report");
    }

    @Test
    void shouldRejectALevelCountThatDiffersFromZ() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--levels", "1000,500,100");
        assertEquals(2, run.code());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: --levels: 3 given (expected: 7, one per level of --shape "
                + SMALL + ")"), run.err());
        assertEquals("", run.out());
    }

    @Test
    void shouldRejectAFileOfTheWrongSizeNamingTheExpectedBytesAndWriteNothing() throws IOException {
        Path t = dir.resolve("t.f32");
        Path q = dir.resolve("q.f32");
        Files.write(t, new byte[1000]);
        Files.write(q, new byte[1680 * 4]);
        Path out = Files.createDirectory(dir.resolve("out"));
        Cli run = Cli.run("weather", "--shape", SMALL, "--input-t", t.toString(), "--input-q", q.toString(),
                "--out", out.toString());
        assertEquals(2, run.code());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().contains("--input-t " + t + ": 1000 bytes (expected: 6720 bytes = 1680 float32 values)"
                + " for --shape " + SMALL), run.err());
        assertEquals(0, count(out), "no output files");
    }

    @Test
    void shouldRejectASplitOutOfRange() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--split", "4");
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("loopnest weather: --split 4: out of range (expected: auto, or a depth from "
                + "0 to 3 for the loops t, z, y, x)"), run.err());
        assertEquals(2, Cli.run("weather", "--split", "-1").code());
        assertEquals(2, Cli.run("weather", "--split", "deep").code());
    }

    @Test
    void shouldRejectAnUnknownDevice() {
        Cli run = Cli.run("weather", "--device", "tpu");
        assertEquals(2, run.code());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: Invalid value for option '--device' (DEVICE[,DEVICE...]): "
                + "'tpu' is not a device "
                + "(expected: cpu, sim, opencl, opencl:N, cuda or cuda:N with N >= 0, or gpu with --nodes slurm)"), run.err());
    }

    @Test
    void shouldRejectBadSizeAndRateSyntax() {
        Cli size = Cli.run("weather", "--device", "sim", "--device-memory", "lots");
        assertEquals(2, size.code());
        assertTrue(size.err().contains("'lots' is not a size"), size.err());
        Cli rate = Cli.run("weather", "--device", "sim", "--link-bandwidth", "2GB/h");
        assertEquals(2, rate.code());
        assertTrue(rate.err().contains("'2GB/h' is not a rate"), rate.err());
    }

    @Test
    void shouldRejectSimOptionsWithoutTheSimDevice() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--device-memory", "1m");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("--device-memory applies to sim, opencl and cuda devices only (expected: add "
                + "--device sim, or drop the option)"), run.err());
    }

    @Test
    void shouldRejectABadShapeAndAHalfGivenInput() {
        Cli shape = Cli.run("weather", "--shape", "2,7,10");
        assertEquals(2, shape.code());
        assertTrue(shape.err().contains("3 extents (expected: 4, T,Z,Y,X"), shape.err());
        Cli half = Cli.run("weather", "--input-t", "t.f32");
        assertEquals(2, half.code());
        assertTrue(half.err().contains("--input-t given alone"), half.err());
    }

    @Test
    void shouldExplainAnExplicitSplitThatDoesNotFitTheDevice() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--device", "sim", "--device-memory", "4k", "--split", "1");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("does not fit"), run.err());
    }

    @Test
    void shouldShowHelp() {
        Cli run = Cli.run("weather", "--help");
        assertEquals(0, run.code());
        for (String option : new String[] {"--shape", "--levels", "--input-t", "--input-q", "--out", "--split",
                "--device", "--device-memory", "--link-bandwidth", "--buffers", "--report", "--[no-]verify"}) {
            assertTrue(run.out().contains(option), option);
        }
    }

    private static long count(Path directory) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            return files.count();
        }
    }

    @Test
    void shouldDumpAllThreeKernelsWithoutAnyGpuAndStillRunOnTheCpu() throws IOException {
        Path kernels = dir.resolve("kernels");
        Cli run = Cli.run("weather", "--shape", SMALL, "--split", "2", "--dump-kernels", kernels.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("wrote kernel " + kernels.resolve("weather.cl")), run.out());
        assertTrue(run.out().contains("verified: 1680 points"), run.out());
        String cu = Files.readString(kernels.resolve("weather.cu"));
        assertTrue(cu.contains("split at d=2") && cu.contains("LN_KERNEL void weather("), cu);
        assertTrue(Files.readString(kernels.resolve("weather.cl")).contains("#define LN_KERNEL __kernel"));
        assertTrue(run.out().contains("wrote kernel " + kernels.resolve("weather.java")), run.out());
        assertTrue(Files.readString(kernels.resolve("weather.java")).contains("u_lcl_p"));
        assertTrue(run.out().contains("wrote kernel " + kernels.resolve("weather.vector.java")), run.out());
        assertTrue(Files.readString(kernels.resolve("weather.vector.java")).contains("ln_f_wx_lcl_pressure"));
    }

    @Test
    void shouldRefuseDevicesThatAreNotThereWithTheReasonAndWriteNothing() {
        Path out = dir.resolve("none");
        Cli missing = Cli.run("weather", "--shape", SMALL, "--device", "opencl:99", "--out", out.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--device opencl:99: no") || missing.err().contains("--device opencl:99: "
                + "OpenCL"), missing.err());
        assertTrue(!missing.err().contains("opencl:99: opencl:99"), "the device is named once: " + missing.err());
        assertTrue(!missing.out().contains("synthetic fields"), "the device is checked before the fields are made");
        Cli bandwidth = Cli.run("weather", "--device", "opencl", "--link-bandwidth", "1GB/s");
        assertEquals(2, bandwidth.code());
        assertTrue(bandwidth.err().contains("--link-bandwidth applies to --device sim only"), bandwidth.err());
        assertTrue(Files.notExists(out));
    }

    @Test
    void shouldRefuseAnOutputDirectoryUnderAFileBeforeRunning() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", file.resolve("sub").toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().contains("--out " + file.resolve("sub") + ": " + file + " is not a directory (expected: "
                + "a directory, or a path where one can be made)"), run.err());
        assertTrue(!run.out().contains("verified"), "nothing ran: " + run.out());
    }

    @org.junit.jupiter.api.Tag("opencl")
    @Test
    void shouldVerifyOnOpenClOutOfCoreWithinTolerance() {
        org.loopnest.device.opencl.OpenClSupport.assumeOpenCl();
        Cli run = Cli.run("weather", "--shape", "3,7,20,30", "--device", "opencl", "--device-memory", "64KiB");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("devices     opencl:0"), run.out());
        assertTrue(run.out().contains("verified: 12600 points match the sequential loop"), run.out());
        Matcher chunks = Pattern.compile("work +(\\d+) chunks").matcher(run.out());
        assertTrue(chunks.find() && Integer.parseInt(chunks.group(1)) >= 8, run.out());
    }

    @Test
    void shouldShareTheChunksBetweenSeveralDevicesAndVerify() {
        Cli run = Cli.run("weather", "--shape", "4,7,10,12", "--device", "cpu,sim", "--split", "2");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("devices     cpu, sim, B=2 buffers each"), run.out());
        Matcher cpu = Pattern.compile("\\ncpu +(\\d+) chunks").matcher(run.out());
        Matcher sim = Pattern.compile("\\nsim +(\\d+) chunks").matcher(run.out());
        assertTrue(cpu.find() && sim.find(), run.out());
        assertEquals(28, Integer.parseInt(cpu.group(1)) + Integer.parseInt(sim.group(1)), run.out());
        assertTrue(run.out().contains("verified: 3360 points"), run.out());
        Cli twice = Cli.run("weather", "--device", "sim,sim");
        assertEquals(2, twice.code());
        assertTrue(twice.err().contains("--device sim,sim: a device is given twice (expected: distinct devices)"),
                twice.err());
    }

    @Test
    void shouldWriteTheTimelineAsJsonAndSvg() throws IOException {
        Path json = dir.resolve("run.json");
        Path svg = dir.resolve("run.svg");
        Cli run = Cli.run("weather", "--shape", SMALL, "--device", "sim", "--split", "2", "--trace", json.toString(),
                "--trace-svg", svg.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("note        trace: 70 slices written to " + json + " and " + svg), run.out());
        assertTrue(Files.readString(json).startsWith("{\"displayTimeUnit\":\"ms\",\"traceEvents\":["));
        assertTrue(Files.readString(svg).contains("sim / kernel"));
        Cli bad = Cli.run("weather", "--trace", dir.resolve("no/such/dir/run.json").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--trace " + dir.resolve("no/such/dir/run.json") + ": directory "), bad.err());
    }

    @Test
    void shouldRemoveAStaleTemporaryOfAnInterruptedRunAndOnlyThose() throws Exception {
        Path out = Files.createDirectory(dir.resolve("out"));
        Path stale = Files.write(OwnedNames.name(out.resolve("weather.nc"), OwnedNames.Kind.TEMPORARY,
                Processes.finished()), new byte[58]);
        Path foreign = Files.writeString(out.resolve(".notes.txt.5e1f00aa12.tmp"), "not ours");
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", out.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("removed " + stale + ", left by an interrupted run"), run.out());
        assertTrue(Files.notExists(stale));
        assertTrue(Files.exists(foreign));
        assertEquals(13, count(out), "twelve outputs and the foreign file");
    }

    @Test
    void shouldRefuseAReportPathThatIsADirectoryBeforeWritingAnyOutput() throws IOException {
        Path out = dir.resolve("out");
        Path report = Files.createDirectory(dir.resolve("report"));
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", out.toString(), "--report", report.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: --report " + report + ": a directory (expected: a file in "
                + "an existing, writable directory)"), run.err());
        assertTrue(Files.notExists(out), "no output written");
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseReportAndTracePathsUnderARegularFile() throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        for (String option : new String[] {"--report", "--trace", "--trace-svg"}) {
            Path path = file.resolve("run.json");
            Cli run = Cli.run("weather", "--shape", SMALL, option, path.toString());
            assertEquals(2, run.code(), option + ": " + run.err());
            assertTrue(run.err().startsWith("loopnest weather: " + option + " " + path + ": " + file + " is a regular "
                    + "file, not a directory (expected: a file in an existing, writable directory)"), run.err());
        }
        Cli trace = Cli.run("weather", "--shape", SMALL, "--trace", dir.toString());
        assertEquals(2, trace.code(), trace.err());
        assertTrue(trace.err().contains("--trace " + dir + ": a directory (expected: a file"), trace.err());
    }

    @Test
    void shouldRefuseADirectoryWhereEvenRootCannotMakeAFileBeforeRunning() {
        Path proc = Path.of("/proc");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isDirectory(proc.resolve("self")), "no /proc here");
        Cli report = Cli.run("weather", "--shape", SMALL, "--report", "/proc/run.json");
        assertEquals(2, report.code(), report.err());
        assertEquals(1, report.errLines().length, report.err());
        assertTrue(report.err().startsWith("loopnest weather: --report /proc/run.json: directory /proc is not writable "
                + "("), report.err());
        assertTrue(report.err().contains(") (expected: a file in an existing, writable directory)"), report.err());
        Cli out = Cli.run("weather", "--shape", SMALL, "--out", "/proc/out");
        assertEquals(2, out.code(), out.err());
        assertTrue(out.err().startsWith("loopnest weather: --out /proc/out: /proc is not writable ("), out.err());
        assertEquals("", report.out() + out.out(), "nothing ran");
    }

    @Test
    void shouldRefuseTwoOptionsThatWriteTheSameFile() throws IOException {
        Path out = Files.createDirectory(dir.resolve("out"));
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", out.toString(), "--report",
                out.resolve("theta.f32").toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("loopnest weather: --report " + out.resolve("theta.f32") + ": also written by "
                + "--out (expected: a different file for each output)"), run.err());
        Cli trace = Cli.run("weather", "--shape", SMALL, "--trace", dir.resolve("run.json").toString(),
                "--trace-svg", dir.resolve("./run.json").toString());
        assertEquals(2, trace.code(), trace.err());
        assertTrue(trace.err().contains("--trace-svg " + dir.resolve("./run.json") + ": also written by --trace"),
                trace.err());
        assertEquals(1, count(dir), "only the out directory");
    }

    @Test
    void shouldRefuseAnOutputDirectoryHoldingADirectoryWhereAnOutputGoes() throws IOException {
        Path out = Files.createDirectories(dir.resolve("out/rh.f32"));
        Cli run = Cli.run("weather", "--shape", SMALL, "--out", out.getParent().toString());
        assertEquals(2, run.code(), run.err());
        assertTrue(run.err().startsWith("loopnest weather: --out " + out.getParent() + ": " + out + " is a directory "
                + "(expected: no file or a regular file named rh.f32, which is replaced)"), run.err());
    }

    @Test
    void shouldSayAnInputIsADirectoryOrADeviceAndWhatWasExpected() throws IOException {
        Path q = Files.write(dir.resolve("q.f32"), new byte[1680 * 4]);
        Cli directory = Cli.run("weather", "--shape", SMALL, "--input-t", dir.toString(), "--input-q", q.toString());
        assertEquals(2, directory.code(), directory.err());
        assertTrue(directory.err().startsWith("loopnest weather: --input-t " + dir + ": a directory (expected: a "
                + "regular file of 6720 bytes = 1680 float32 values) for --shape " + SMALL), directory.err());
        Cli missing = Cli.run("weather", "--shape", SMALL, "--input-t", q.toString(), "--input-q",
                dir.resolve("none").toString());
        assertEquals(2, missing.code(), missing.err());
        assertTrue(missing.err().contains("--input-q " + dir.resolve("none") + ": no such file (expected: a regular "
                + "file of 6720 bytes"), missing.err());
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(Path.of("/dev/zero")), "no /dev/zero here");
        Cli zero = Cli.run("weather", "--shape", SMALL, "--input-t", q.toString(), "--input-q", "/dev/zero");
        assertEquals(2, zero.code(), zero.err());
        assertTrue(zero.err().contains("--input-q /dev/zero: a character device (expected: a regular file of 6720 "
                + "bytes"), zero.err());
    }

    @Test
    void shouldRefuseAGridTooLargeForTheHeapBeforeAllocatingItAndSayWhatToDo() {
        long max = Runtime.getRuntime().maxMemory();
        long rowPoints = 7L * 100 * 100;
        long t = max / (73 * rowPoints) + 1;
        org.junit.jupiter.api.Assumptions.assumeTrue(t * rowPoints <= Integer.MAX_VALUE - 8,
                "the test JVM's heap is larger than any grid of one Java array per field");
        String shape = t + ",7,100,100";
        Path out = dir.resolve("out");
        Cli run = Cli.run("weather", "--shape", shape, "--out", out.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: --shape " + shape + ": the run needs about "), run.err());
        assertTrue(run.err().contains(" of heap (18 float32 fields of "), run.err());
        assertTrue(run.err().contains(": T, q, the 8 outputs and 8 more to verify them, and the column outputs ("),
                run.err());
        assertTrue(run.err().contains(")) but the JVM may use "
                + HeapBudget.bytes(max)), run.err());
        assertTrue(run.err().contains("(expected: a larger heap, e.g. JAVA_OPTS=-Xmx"), run.err());
        assertTrue(run.err().contains("g ./loopnest ..., or fewer points in --shape, or --no-verify)"), run.err());
        assertEquals("", run.out(), "nothing made");
        assertTrue(Files.notExists(out));
    }

    @Test
    void shouldRefuseMoreBuffersThanTheRingCanHold() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--buffers", "1073741824");
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertTrue(run.err().startsWith("loopnest weather: --buffers 1073741824 (expected: B or IN,OUT, "
                + "each 1 to 1024 chunk buffers per device)"), run.err());
        assertEquals(2, Cli.run("weather", "--shape", SMALL, "--buffers", "1025").code());
    }

    @Test
    void shouldTakeInputAndOutputBufferCountsAndRefuseEitherOutOfRange() {
        Cli run = Cli.run("weather", "--shape", SMALL, "--device", "sim", "--buffers", "3,1");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("devices     sim, B_in=3, B_out=1 buffers each"), run.out());
        assertTrue(run.out().contains("verified: 1680 points"), run.out());
        for (String bad : new String[] {"2,0", "0,2", "2,1025", "x", "2,", "1,2,3"}) {
            Cli refused = Cli.run("weather", "--shape", SMALL, "--buffers", bad);
            assertEquals(2, refused.code(), bad + ": " + refused.err());
            assertTrue(refused.err().startsWith("loopnest weather: --buffers " + bad + " (expected: B or IN,OUT, "
                    + "each 1 to 1024 chunk buffers per device)"), refused.err());
        }
    }
}
