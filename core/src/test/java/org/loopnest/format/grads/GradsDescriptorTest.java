package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GradsDescriptorTest {
    /** The Debian grads sample's descriptor, as shipped. */
    static final String SAMPLE = """
            DSET   ^model.dat
            OPTIONS little_endian
            UNDEF  -2.56E33
            TITLE 5 Days of Sample Model Output
            XDEF 72 LINEAR  0.0 5.0
            YDEF 46 LINEAR  -90.0 4.0
            ZDEF 7 LEVELS 1000 850 700 500 300 200 100
            TDEF 5 LINEAR 02JAN1987 1DY
            VARS 8
            PS     0   99   Surface Pressure
            U      7   99   U Winds
            V      7   99   V Winds
            Z      7   99   Geopotential Heights
            T      7   99   Temperature
            Q      5   99   Specific Humidity
            TS     0   99   Surface Temperature
            P      0   99   Precipitation
            ENDVARS
            """;
    private static final long GRID = 72 * 46 * 4;

    @TempDir
    Path dir;

    private GradsDescriptor sample() {
        return GradsDescriptor.parse(SAMPLE, dir.resolve("model.ctl"));
    }

    private static String small(String options) {
        return "DSET ^small.dat\nUNDEF -9.99e8\n" + options + "XDEF 2 LINEAR 0 1\nYDEF 3 LINEAR 0 1\n"
                + "ZDEF 2 LEVELS 1000 500\nTDEF 2 LINEAR 00Z01JAN2000 6hr\nVARS 2\na 0 99 surface\nb 2 99 upper\n"
                + "ENDVARS\n";
    }

    @Test
    void shouldReadEveryRecordOfTheSampleDescriptor() {
        GradsDescriptor d = sample();
        assertEquals(dir.resolve("model.dat").toAbsolutePath(), d.dataFile(), "DSET ^ is beside the .ctl");
        assertEquals("5 Days of Sample Model Output", d.title());
        assertEquals(-2.56e33, d.undef());
        assertEquals(Set.of(GradsOption.LITTLE_ENDIAN), d.options());
        assertEquals(GradsAxis.linear(72, 0, 5), d.x());
        assertEquals(GradsAxis.linear(46, -90, 4), d.y());
        assertEquals(List.of(1000.0, 850.0, 700.0, 500.0, 300.0, 200.0, 100.0), d.z().values());
        assertFalse(d.z().isLinear());
        assertEquals(new GradsTime(5, "02JAN1987", "1DY"), d.time());
        assertEquals(8, d.variables().size());
        assertEquals(new GradsVariable("Q", 5, "99", "Specific Humidity"), d.variable("Q"));
        assertEquals(1, d.variable("PS").records(), "a surface variable (0 levels) has one grid");
        assertEquals(86.0, d.y().value(44));
    }

    @Test
    void shouldReadKeywordsInAnyCaseAndSkipCommentsAttributesAndBlankLines() {
        GradsDescriptor d = GradsDescriptor.parse("* a comment\n\ndset ^a.bin\n  @ global String x y\nundef 1e20\n"
                + "xdef 1 levels 5\nYdef 1 Linear 0 1\nzdef 1 linear 1 1\ntdef 1 linear 1jan2000 1mo\n"
                + "vars 1\n* inside VARS too\nsst 0 99\nendvars\n", dir.resolve("a.ctl"));
        assertEquals(dir.resolve("a.bin").toAbsolutePath(), d.dataFile());
        assertEquals("", d.title());
        assertEquals(new GradsVariable("sst", 0, "99", ""), d.variable("SST"), "names are looked up ignoring case");
    }

    @Test
    void shouldReadLevelsContinuedOnFollowingLines() {
        GradsDescriptor d = GradsDescriptor.parse(SAMPLE.replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100",
                "ZDEF 7 LEVELS\n1000 850\n* a comment between\n700 500 300\n200 100"), dir.resolve("model.ctl"));
        assertEquals(sample(), d);
    }

    @Test
    void shouldKeepAnAbsoluteDsetAndMakeAPlainOneAbsolute() {
        Path elsewhere = dir.resolve("elsewhere/data.bin").toAbsolutePath();
        assertEquals(elsewhere, GradsDescriptor.parse(SAMPLE.replace("^model.dat", elsewhere.toString()),
                dir.resolve("model.ctl")).dataFile());
        assertEquals(Path.of("plain.dat").toAbsolutePath(), GradsDescriptor.parse(SAMPLE.replace("^model.dat",
                "plain.dat"), dir.resolve("model.ctl")).dataFile(), "GrADS reads a name without ^ from the working directory");
    }

    @Test
    void shouldPlaceVariablesInVarsOrderEachWithItsOwnLevelCount() {
        GradsDescriptor d = sample();
        assertEquals(GRID, d.gridBytes());
        assertEquals(0, d.offset("PS", 0, 0));
        assertEquals(GRID, d.offset("U", 0, 0));
        assertEquals(22 * GRID, d.offset("T", 0, 0), "after PS (1 grid) and U, V, Z (7 each)");
        assertEquals(28 * GRID, d.offset("t", 0, 6));
        assertEquals(33 * GRID, d.offset("Q", 0, 4));
        assertEquals(34 * GRID, d.offset("TS", 0, 0), "Q takes 5 grids, not 7");
        assertEquals(36 * GRID + 22 * GRID, d.offset("T", 1, 0), "36 grids per time step");
        assertEquals(5 * 36 * GRID, d.expectedFileSize());
        assertEquals(2_384_640, d.expectedFileSize(), "the size of the Debian sample's model.dat");
    }

    @Test
    void shouldSkipFortranRecordMarkersWhenSequential() {
        GradsDescriptor d = GradsDescriptor.parse(small("OPTIONS sequential\n"), dir.resolve("small.ctl"));
        assertTrue(d.sequential());
        assertEquals(24, d.gridBytes());
        assertEquals(4, d.offset("a", 0, 0), "after the first marker");
        assertEquals(32 + 4, d.offset("b", 0, 0), "a record is 4 + 24 + 4 bytes");
        assertEquals(2 * 32 + 4, d.offset("b", 0, 1));
        assertEquals(3 * 32 + 4, d.offset("a", 1, 0));
        assertEquals(2 * 3 * 32, d.expectedFileSize());
        GradsDescriptor plain = GradsDescriptor.parse(small(""), dir.resolve("small.ctl"));
        assertFalse(plain.sequential());
        assertEquals(3 * 24, plain.offset("a", 1, 0), "a step is 3 grids of 24 bytes");
        assertEquals(2 * 3 * 24, plain.expectedFileSize());
    }

    @Test
    void shouldAddressFilesPast2GiBWithLongOffsets() {
        GradsDescriptor d = GradsDescriptor.parse("DSET ^era.dat\nUNDEF 9.999e20\nXDEF 1440 LINEAR 0 0.25\n"
                + "YDEF 721 LINEAR -90 0.25\nZDEF 37 LINEAR 1 1\nTDEF 1000 LINEAR 00Z01JAN2000 1hr\nVARS 2\n"
                + "t 37 99 temperature\nq 37 99 humidity\nENDVARS\n", dir.resolve("era.ctl"));
        long grid = 1440L * 721 * 4;
        assertEquals(4_152_960L, d.gridBytes());
        long step = 74 * grid;
        assertEquals(999 * step + (37 + 36) * grid, d.offset("q", 999, 36));
        assertEquals(307_319_040_000L - grid, d.offset("q", 999, 36), "past 2^31 and 2^32: no int overflow");
        assertEquals(307_319_040_000L, d.expectedFileSize());
        assertTrue(d.offset("t", 600, 0) > Integer.MAX_VALUE);
    }

    @Test
    void shouldTellTheByteOrderToReadWith() {
        ByteOrder opposite = ByteOrder.nativeOrder() == ByteOrder.BIG_ENDIAN ? ByteOrder.LITTLE_ENDIAN
                : ByteOrder.BIG_ENDIAN;
        assertEquals(ByteOrder.BIG_ENDIAN, parseSmall("OPTIONS BIG_ENDIAN\n").byteOrder());
        assertEquals(ByteOrder.LITTLE_ENDIAN, parseSmall("OPTIONS little_endian\n").byteOrder());
        assertEquals(opposite, parseSmall("OPTIONS byteswapped\n").byteOrder(), "the opposite of this machine's");
        assertEquals(ByteOrder.nativeOrder(), parseSmall("").byteOrder(), "none: this machine's, as GrADS reads");
    }

    @Test
    void shouldTellWhetherRowsAreReversed() {
        assertTrue(parseSmall("OPTIONS yrev big_endian\n").yReversed());
        assertFalse(parseSmall("OPTIONS big_endian\n").yReversed());
        assertEquals(Set.of(GradsOption.YREV, GradsOption.SEQUENTIAL),
                parseSmall("OPTIONS yrev\nOPTIONS sequential\n").options(), "OPTIONS may be given on several lines");
    }

    private GradsDescriptor parseSmall(String options) {
        return GradsDescriptor.parse(small(options), dir.resolve("small.ctl"));
    }

    @Test
    void shouldGiveEachVariableTheFirstLevelsOfZdef() {
        assertEquals(List.of(1000.0, 850.0, 700.0, 500.0, 300.0), sample().levelsOf("q"));
        assertEquals(List.of(1000.0), sample().levelsOf("PS"));
        assertEquals(List.of(5.0, 7.5, 10.0), GradsAxis.linear(3, 5, 2.5).values());
    }

    @Test
    void shouldNameTheVariablesThereAreForAnUnknownOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> sample().offset("W", 0, 0));
        assertEquals("variable 'W' is not in model.ctl (expected one of: PS, U, V, Z, T, Q, TS, P)", e.getMessage());
        assertEquals(e.getMessage(), assertThrows(IllegalArgumentException.class, () -> sample().levelsOf("W"))
                .getMessage());
    }

    @Test
    void shouldRefuseATimeOrLevelOutOfRange() {
        GradsDescriptor d = sample();
        assertEquals("t = 5 (expected: 0 <= t < 5)",
                assertThrows(IllegalArgumentException.class, () -> d.offset("T", 5, 0)).getMessage());
        assertEquals("t = -1 (expected: 0 <= t < 5)",
                assertThrows(IllegalArgumentException.class, () -> d.offset("T", -1, 0)).getMessage());
        assertEquals("Q: z = 5 (expected: 0 <= z < 5)",
                assertThrows(IllegalArgumentException.class, () -> d.offset("q", 0, 5)).getMessage());
        assertEquals("PS: z = 1 (expected: 0 <= z < 1, a surface variable)",
                assertThrows(IllegalArgumentException.class, () -> d.offset("PS", 0, 1)).getMessage());
    }

    @Test
    void shouldParseItsOwnTextBackToAnEqualDescriptor() {
        for (String text : List.of(SAMPLE, small("OPTIONS sequential yrev byteswapped\n"),
                SAMPLE.replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LINEAR 0.5 0.25"))) {
            GradsDescriptor d = GradsDescriptor.parse(text, dir.resolve("in.ctl"));
            String written = d.toText();
            assertEquals(d, GradsDescriptor.parse(written, dir.resolve("elsewhere/other.ctl")), written);
            assertEquals(d.hashCode(), GradsDescriptor.parse(written, dir.resolve("x.ctl")).hashCode());
        }
        assertTrue(sample().toText().contains("\nUNDEF -2.56E+33\n"), sample().toText());
        assertTrue(sample().toText().contains("\nXDEF 72 LINEAR 0 5\n"), sample().toText());
        assertTrue(sample().toText().contains("\nZDEF 7 LEVELS 1000 850 700 500 300 200 100\n"), sample().toText());
        assertTrue(sample().toText().contains("\nQ 5 99 Specific Humidity\n"), sample().toText());
    }

    @Test
    void shouldDescribeOutputsOnTheSameGridAndWriteThemBesideTheirData() throws IOException {
        GradsDescriptor input = GradsDescriptor.parse(SAMPLE.replace("little_endian", "little_endian yrev sequential"),
                dir.resolve("model.ctl"));
        GradsDescriptor output = input.withData(dir.resolve("out/theta.dat"),
                List.of(GradsVariable.of("theta", 7, "Potential temperature"), GradsVariable.of("thetae", 5, "")),
                ByteOrder.BIG_ENDIAN).withTitle("theta from model.ctl");
        assertEquals(Set.of(GradsOption.BIG_ENDIAN, GradsOption.YREV), output.options(), "no markers in outputs");
        assertEquals(List.of(input.x(), input.y(), input.z()), List.of(output.x(), output.y(), output.z()));
        assertEquals(input.time(), output.time());
        assertEquals(input.undef(), output.undef());
        assertEquals(7 * GRID, output.offset("thetae", 0, 0));
        Path ctl = dir.resolve("out/theta.ctl");
        Files.createDirectories(ctl.getParent());
        output.write(ctl);
        String text = Files.readString(ctl);
        assertTrue(text.startsWith("DSET ^theta.dat\nTITLE theta from model.ctl\n"), text);
        assertEquals(output, GradsDescriptor.parse(ctl));
        try (var files = Files.list(ctl.getParent())) {
            assertEquals(List.of(ctl), files.toList(), "no temporary file left behind");
        }
        if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Path plain = Files.writeString(dir.resolve("plain.txt"), "x");
            assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(ctl),
                    "the .ctl gets the permissions any new file gets, not a temporary file's owner-only ones");
        }
        output.write(dir.resolve("apart.ctl"));
        assertTrue(Files.readString(dir.resolve("apart.ctl")).startsWith("DSET " + dir.resolve("out/theta.dat")
                .toAbsolutePath() + "\n"), "data in another directory: an absolute DSET");
        assertEquals(output, GradsDescriptor.parse(dir.resolve("apart.ctl")));
    }

    @Test
    void shouldRefuseOutputVariablesThatDoNotFitTheGrid() {
        GradsDescriptor d = sample();
        Path out = dir.resolve("o.dat");
        assertEquals("w: levels = 8 (expected: at most 7, the ZDEF count)", assertThrows(IllegalArgumentException.class,
                () -> d.withData(out, List.of(GradsVariable.of("w", 8, "")), ByteOrder.BIG_ENDIAN)).getMessage());
        assertEquals("variable T twice (expected: distinct names, case ignored)", assertThrows(
                IllegalArgumentException.class, () -> d.withData(out, List.of(GradsVariable.of("t", 7, ""),
                        GradsVariable.of("T", 7, "")), ByteOrder.BIG_ENDIAN)).getMessage());
        assertEquals("variables = [] (expected: at least one)", assertThrows(IllegalArgumentException.class,
                () -> d.withData(out, List.of(), ByteOrder.BIG_ENDIAN)).getMessage());
        assertEquals("title = 'a\nb' (expected: one line)", assertThrows(IllegalArgumentException.class,
                () -> d.withTitle("a\nb")).getMessage());
    }

    @Test
    void shouldCheckTheDataFileAgainstTheSizeDescribed() throws IOException {
        GradsDescriptor d = GradsDescriptor.parse(small(""), dir.resolve("small.ctl"));
        Path data = dir.resolve("small.dat");
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, d::checkDataFile);
        assertEquals(data.toAbsolutePath().toString(), missing.getFile());
        assertEquals(data.toAbsolutePath() + ": no such file (expected: the data file named by DSET in small.ctl)",
                missing.getMessage(), "the path with the reason");
        Files.write(data, new byte[143]);
        GradsFormatException shortFile = assertThrows(GradsFormatException.class, d::checkDataFile);
        assertEquals("small.dat: 143 bytes, shorter than small.ctl describes (expected: at least 144 bytes = "
                + "2 times × 72 bytes per time)", shortFile.getMessage());
        assertEquals("small.dat", shortFile.file());
        assertEquals(0, shortFile.line());
        Files.write(data, new byte[144]);
        assertEquals(144, d.checkDataFile());
        Files.write(data, new byte[200]);
        assertEquals(200, d.checkDataFile(), "a longer file is accepted, as GrADS does");
        Files.delete(data);
        Files.createDirectory(data);
        assertEquals(data.toAbsolutePath() + " is a directory (expected: the data file named by DSET in small.ctl)",
                assertThrows(IOException.class, d::checkDataFile).getMessage());
    }

    @Test
    void shouldReadADescriptorFileAndSayWhenItIsMissing() throws IOException {
        Path ctl = dir.resolve("model.ctl");
        assertThrows(NoSuchFileException.class, () -> GradsDescriptor.parse(ctl));
        Files.writeString(ctl, SAMPLE);
        assertEquals(sample(), GradsDescriptor.parse(ctl));
        assertEquals("model.ctl (72×46×7×5, PS, U, V, Z, T, Q, TS, P)", sample().toString());
    }

    @Test
    void shouldRefuseADataFileThatIsNotARegularFile() throws IOException {
        Path zero = Path.of("/dev/zero");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero on this system");
        GradsDescriptor d = GradsDescriptor.parse(small(""), dir.resolve("small.ctl"));
        Path data = Files.createSymbolicLink(dir.resolve("small.dat"), zero);
        assertEquals(data.toAbsolutePath() + " is not a regular file (a FIFO, a device or another special file) "
                + "(expected: the data file named by DSET in small.ctl)",
                assertThrows(IOException.class, d::checkDataFile).getMessage());
    }
}
