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
import java.time.LocalDateTime;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code OPTIONS template}: the {@code DSET} substitutions, which data file holds each time step (consecutive steps
 * with the same name in one file), offsets within each file, the check of every file, and the refusals (a
 * substitution not supported, names that come back, a start that is no date), each with its message.
 */
class GradsTemplateTest {
    /** T and Q on 2 levels of a 2 × 3 grid: 4 records of 24 bytes, 96 bytes per time step. */
    private static final long STEP = 4 * 2 * 3 * 4;
    private static final String SUPPORTED = "%y2, %y4, %m1, %m2, %mc, %d1, %d2, %h1, %h2, %h3, %n2 or %j3";

    @TempDir
    Path dir;

    private static String text(String dset, String tdef) {
        return "DSET " + dset + "\nUNDEF -9.99e8\nOPTIONS little_endian template\nXDEF 2 LINEAR 0 1\n"
                + "YDEF 3 LINEAR 0 1\nZDEF 2 LEVELS 1000 500\n" + tdef + "\nVARS 2\nT 2 99 temperature\n"
                + "Q 2 99 humidity\nENDVARS\n";
    }

    private GradsDescriptor parse(String dset, String tdef) {
        return GradsDescriptor.parse(text(dset, tdef), dir.resolve("model.ctl"));
    }

    private GradsDataFile file(String name, int first, int steps) {
        return new GradsDataFile(dir.resolve(name).toAbsolutePath(), first, steps);
    }

    private static String fault(String text, Path ctl) {
        return assertThrows(GradsFormatException.class, () -> GradsDescriptor.parse(text, ctl)).getMessage();
    }

    /** Three daily files of four 6-hourly steps, from 30 December 2024 (over the new year). */
    private GradsDescriptor daily() {
        return parse("^model_%y4%m2%d2.dat", "TDEF 12 LINEAR 00Z30DEC2024 6hr");
    }

    @Test
    void shouldMapDailyFilesOfFourSixHourlyStepsEachToTheirSteps() {
        GradsDescriptor d = daily();
        assertTrue(d.isTemplate());
        assertEquals(Set.of(GradsOption.LITTLE_ENDIAN, GradsOption.TEMPLATE), d.options());
        assertEquals(dir.resolve("model_%y4%m2%d2.dat").toAbsolutePath(), d.dataFile(), "the template itself");
        assertEquals(List.of(file("model_20241230.dat", 0, 4), file("model_20241231.dat", 4, 4),
                file("model_20250101.dat", 8, 4)), d.dataFiles());
        assertEquals(file("model_20241230.dat", 0, 4), d.dataFile(3));
        assertEquals(file("model_20241231.dat", 4, 4), d.dataFile(4));
        assertEquals(file("model_20250101.dat", 8, 4), d.dataFile(11));
        assertEquals("t = 12 (expected: 0 <= t < 12)", assertThrows(IllegalArgumentException.class,
                () -> d.dataFile(12)).getMessage());
    }

    @Test
    void shouldGiveOffsetsWithinTheFileThatHoldsTheStep() {
        GradsDescriptor d = daily();
        assertEquals(STEP, d.stepBytes());
        assertEquals(2 * 24, d.offset("Q", 0, 0));
        assertEquals(2 * 24, d.offset("Q", 4, 0), "step 4 is the first of the second file");
        assertEquals(STEP + 3 * 24, d.offset("Q", 5, 1));
        assertEquals(3 * STEP + 24, d.offset("T", 11, 1));
        assertEquals(12 * STEP, d.expectedFileSize(), "all files together");
    }

    @Test
    void shouldStartTheFirstFileAtTheStartTimeEvenInTheMiddleOfItsDay() {
        GradsDescriptor d = parse("^model_%y4%m2%d2.dat", "TDEF 6 LINEAR 12Z01JAN2025 6hr");
        assertEquals(List.of(file("model_20250101.dat", 0, 2), file("model_20250102.dat", 2, 4)), d.dataFiles());
        assertEquals(0, d.offset("T", 2, 0));
    }

    @Test
    void shouldGiveEachHourItsFileWithH2() {
        GradsDescriptor threeHourly = parse("^f_%y4%m2%d2%h2.dat", "TDEF 3 LINEAR 18Z31DEC2024 3hr");
        assertEquals(List.of(file("f_2024123118.dat", 0, 1), file("f_2024123121.dat", 1, 1),
                file("f_2025010100.dat", 2, 1)), threeHourly.dataFiles());
        GradsDescriptor halfHourly = parse("^f_%h2.dat", "TDEF 4 LINEAR 06:30Z01JAN2025 30mn");
        assertEquals(List.of(file("f_06.dat", 0, 1), file("f_07.dat", 1, 2), file("f_08.dat", 3, 1)),
                halfHourly.dataFiles());
    }

    @Test
    void shouldSubstituteEveryOtherSupportedCode() {
        GradsDescriptor d = parse("^%y2_%m1_%mc_%d1_%h1_%h3_%n2_%j3.dat", "TDEF 2 LINEAR 05:07Z09FEB2001 1yr");
        assertEquals(List.of(file("01_2_feb_9_5_005_07_040.dat", 0, 1), file("02_2_feb_9_5_005_07_040.dat", 1, 1)),
                d.dataFiles());
        GradsDescriptor monthly = parse("^m_%y4%m2%d2.dat", "TDEF 3 LINEAR 00Z31JAN2024 1mo");
        assertEquals(List.of(file("m_20240131.dat", 0, 1), file("m_20240229.dat", 1, 1), file("m_20240331.dat", 2, 1)),
                monthly.dataFiles(), "months added to the start, the day clipped to the month's last");
    }

    @Test
    void shouldReadTheDocumentedExampleOfHourlyDataInDailyFilesFromTheWorkingDirectory() {
        GradsDescriptor d = parse("%d1%mc%y2.dat", "TDEF 744 linear 0z1may1992 1hr");
        assertEquals(31, d.dataFiles().size());
        assertEquals(new GradsDataFile(Path.of("1may92.dat").toAbsolutePath(), 0, 24), d.dataFiles().get(0));
        assertEquals(new GradsDataFile(Path.of("31may92.dat").toAbsolutePath(), 720, 24), d.dataFiles().get(30));
        assertEquals(LocalDateTime.of(1992, 5, 31, 23, 0), d.time().at(743));
    }

    @Test
    void shouldKeepOneFileForEveryStepWithoutSubstitutionsOrWithoutTemplate() {
        GradsDescriptor none = parse("^all.dat", "TDEF 12 LINEAR 00Z30DEC2024 6hr");
        assertEquals(List.of(file("all.dat", 0, 12)), none.dataFiles());
        assertEquals(STEP * 5, none.offset("T", 5, 0));
        GradsDescriptor plain = GradsDescriptor.parse(text("^model_%y4.dat", "TDEF 3 LINEAR 01JAN2000 1yr")
                .replace(" template", ""), dir.resolve("plain.ctl"));
        assertFalse(plain.isTemplate());
        assertEquals(List.of(file("model_%y4.dat", 0, 3)), plain.dataFiles(), "a % is a character of the name");
        assertEquals(2 * STEP, plain.offset("T", 2, 0));
    }

    @Test
    void shouldWriteTheTemplateBackAndDropItForOutputs() throws IOException {
        GradsDescriptor d = daily();
        assertEquals(d, GradsDescriptor.parse(d.toText(), dir.resolve("copy.ctl")));
        d.write(dir.resolve("written.ctl"));
        assertTrue(Files.readString(dir.resolve("written.ctl")).startsWith("DSET ^model_%y4%m2%d2.dat\n"));
        assertEquals(d.dataFiles(), GradsDescriptor.parse(dir.resolve("written.ctl")).dataFiles());
        GradsDescriptor out = d.withData(dir.resolve("out.dat"), List.of(GradsVariable.of("c", 2, "celsius")),
                ByteOrder.LITTLE_ENDIAN);
        assertFalse(out.isTemplate());
        assertEquals(List.of(file("out.dat", 0, 12)), out.dataFiles());
        assertEquals(d.dataFiles(), d.withTitle("again").dataFiles());
    }

    @Test
    void shouldCheckEveryFileAndNameAMissingOneWithTheStepsItShouldHold() throws IOException {
        GradsDescriptor d = daily();
        Files.write(dir.resolve("model_20241230.dat"), new byte[(int) (4 * STEP)]);
        Files.write(dir.resolve("model_20241231.dat"), new byte[(int) (4 * STEP) + 7]);
        Path last = dir.resolve("model_20250101.dat").toAbsolutePath();
        NoSuchFileException missing = assertThrows(NoSuchFileException.class, d::checkDataFile);
        assertEquals(last + ": no such file (expected: the data file of time steps 8 to 11 by the DSET template in "
                + "model.ctl)", missing.getMessage());
        Files.write(last, new byte[(int) (3 * STEP)]);
        assertEquals("model_20250101.dat: 288 bytes, shorter than model.ctl describes (expected: at least 384 bytes "
                + "= 4 times × 96 bytes per time, time steps 8 to 11)",
                assertThrows(GradsFormatException.class, d::checkDataFile).getMessage());
        Files.write(last, new byte[(int) (4 * STEP)]);
        assertEquals(12 * STEP + 7, d.checkDataFile(), "the sizes of all files");
    }

    @Test
    void shouldRefuseASubstitutionItDoesNotSupportNamingIt() {
        Path ctl = dir.resolve("model.ctl");
        assertEquals("model.ctl:1: DSET ^model_%ch.dat: template substitution %ch is not supported (expected: "
                + SUPPORTED + ")", fault(text("^model_%ch.dat", "TDEF 1 LINEAR 00Z01JAN2025 6hr"), ctl));
        assertEquals("model.ctl:1: DSET /data/%iy4%im2_%f3.dat: template substitution %iy4 is not supported "
                + "(expected: " + SUPPORTED + ")", fault(text("/data/%iy4%im2_%f3.dat", "TDEF 1 LINEAR 01JAN2025 1dy"),
                        ctl));
        assertEquals("model.ctl:1: DSET ^x_%q.dat: template substitution %q is not supported (expected: " + SUPPORTED
                + ")", fault(text("^x_%q.dat", "TDEF 1 LINEAR 01JAN2025 1dy"), ctl));
        assertEquals("model.ctl:1: DSET ^x_%y4%: template substitution % is not supported (expected: " + SUPPORTED
                + ")", fault(text("^x_%y4%", "TDEF 1 LINEAR 01JAN2025 1dy"), ctl));
    }

    @Test
    void shouldRefuseNamesThatComeBackAndTimesThatAreNoDates() {
        Path ctl = dir.resolve("model.ctl");
        assertEquals("model.ctl:1: DSET ^d_%d2.dat names d_01.dat for time step 0 and again from time step 31 "
                + "(expected: a name for each run of consecutive times, such as %y4%m2%d2)",
                fault(text("^d_%d2.dat", "TDEF 32 LINEAR 01JAN2025 1dy"), ctl));
        assertEquals("model.ctl:7: TDEF start '31FEB2025' is not a time of the calendar: Invalid date 'FEBRUARY 31' "
                + "(expected: a valid day, hours 0 to 23, minutes 0 to 59)",
                fault(text("^d_%d2.dat", "TDEF 2 LINEAR 31FEB2025 1dy"), ctl));
        assertEquals("model.ctl:1: DSET ^d_%y4%m2%d2%h2%n2.dat names more than 1000000 data files over TDEF's "
                + "2000000 times (expected: at most 1000000)",
                fault(text("^d_%y4%m2%d2%h2%n2.dat", "TDEF 2000000 LINEAR 01JAN2025 1mn"), ctl));
    }

    @Test
    void shouldReadTheStartAndStepsAsDatesWithTwoDigitYearsAsGradsDoes() {
        assertEquals(LocalDateTime.of(1987, 1, 2, 0, 0), new GradsTime(5, "02JAN1987", "1DY").startTime());
        assertEquals(LocalDateTime.of(2049, 3, 1, 6, 30), new GradsTime(1, "06:30Z01mar49", "1hr").startTime());
        assertEquals(LocalDateTime.of(1950, 3, 1, 0, 0), new GradsTime(1, "mar50", "1hr").startTime());
        assertEquals(LocalDateTime.of(2000, 3, 31, 0, 0), new GradsTime(3, "31JAN2000", "1mo").at(2));
        assertEquals(LocalDateTime.of(2001, 2, 28, 0, 0), new GradsTime(3, "29FEB2000", "1yr").at(1));
        assertEquals("TDEF start 'O1JAN2000' is not a GrADS time (expected: hh:mmZddmmmyyyy, hh:mm, hh and dd "
                + "optional, for example 00Z01JAN2000 or 02JAN1987)", assertThrows(IllegalArgumentException.class,
                        () -> new GradsTime(1, "O1JAN2000", "1hr").startTime()).getMessage());
    }
}
