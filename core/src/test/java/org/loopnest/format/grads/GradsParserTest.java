package org.loopnest.format.grads;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Every way a descriptor can be malformed, each with its message (file, line, what was expected). */
class GradsParserTest {
    private static final String SAMPLE = GradsDescriptorTest.SAMPLE;
    private static final String RECORDS = "DSET, TITLE, UNDEF, OPTIONS, XDEF, YDEF, ZDEF, TDEF, VARS … ENDVARS";

    private static GradsFormatException fault(String text) {
        return assertThrows(GradsFormatException.class, () -> GradsDescriptor.parse(text, Path.of("dir/model.ctl")));
    }

    private static void assertFault(String message, String text) {
        assertEquals(message, fault(text).getMessage());
    }

    private static String replace(String line, String with) {
        if (!SAMPLE.contains(line)) {
            throw new AssertionError(line);
        }
        return SAMPLE.replace(line, with);
    }

    @Test
    void shouldNameFileLineAndExpectedFormForABadAxis() {
        GradsFormatException e = fault("* line 1\n" + replace("XDEF 72 LINEAR  0.0 5.0", "XDEF 72 linear 0"));
        assertEquals("model.ctl:6: XDEF 72 linear 0 (expected: XDEF n LINEAR start step or XDEF n LEVELS v…)",
                e.getMessage());
        assertEquals("model.ctl", e.file());
        assertEquals(6, e.line());
        assertFault("model.ctl:6: YDEF 0 LINEAR -90 4 (expected: YDEF n LINEAR start step or YDEF n LEVELS v…)",
                replace("YDEF 46 LINEAR  -90.0 4.0", "YDEF 0 LINEAR -90 4"));
        assertFault("model.ctl:5: XDEF 72 GAUSR40 1 (expected: XDEF n LINEAR start step or XDEF n LEVELS v…)",
                replace("XDEF 72 LINEAR  0.0 5.0", "XDEF 72 GAUSR40 1"));
        assertFault("model.ctl:7: ZDEF 7 LEVELS 1000 85O (expected: ZDEF n LINEAR start step or ZDEF n LEVELS v…)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LEVELS 1000 85O"));
        assertFault("model.ctl:5: XDEF x LINEAR 0 5 (expected: XDEF n LINEAR start step or XDEF n LEVELS v…)",
                replace("XDEF 72 LINEAR  0.0 5.0", "XDEF x LINEAR 0 5"));
    }

    @Test
    void shouldSayHowManyLevelsAreMissingOrTooMany() {
        assertFault("model.ctl:8: ZDEF 7 LEVELS lists 2 values (expected: 7, continued on the following lines)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LEVELS 1000 850"));
        assertFault("model.ctl:7: ZDEF 7 LEVELS lists 8 values (expected: 7)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LEVELS 1000 850 700 500 300 200 100 50"));
        assertFault("model.ctl:8: ZDEF 7 LEVELS lists 8 values (expected: 7)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LEVELS 1000 850\n700 500 300 200 100 50"));
        assertFault("model.ctl:8: 700 x 300 (expected: numbers continuing ZDEF)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "ZDEF 7 LEVELS 1000 850\n700 x 300"));
        assertFault("model.ctl:18: ZDEF 7 LEVELS lists 2 values (expected: 7, continued on the following lines)",
                replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100\n", "") + "ZDEF 7 LEVELS 1000 850\n* end\n");
    }

    @Test
    void shouldNameAMissingRecord() {
        for (String line : new String[] {"DSET   ^model.dat", "UNDEF  -2.56E33", "XDEF 72 LINEAR  0.0 5.0",
            "YDEF 46 LINEAR  -90.0 4.0", "ZDEF 7 LEVELS 1000 850 700 500 300 200 100", "TDEF 5 LINEAR 02JAN1987 1DY"}) {
            String keyword = line.substring(0, line.indexOf(' '));
            GradsFormatException e = fault(replace(line + "\n", ""));
            assertEquals("model.ctl: no " + keyword + " record (expected: " + RECORDS + ")", e.getMessage());
            assertEquals(0, e.line());
        }
        assertFault("model.ctl: no VARS record (expected: " + RECORDS + ")", SAMPLE.substring(0, SAMPLE.indexOf("VARS")));
    }

    @Test
    void shouldCountTheVariables() {
        assertFault("model.ctl:9: VARS 9 but 8 variables before ENDVARS at line 18 (expected: 9)",
                replace("VARS 8", "VARS 9"));
        assertFault("model.ctl:9: VARS 8 but 7 variables before ENDVARS at line 17 (expected: 8)",
                replace("P      0   99   Precipitation\n", ""));
        assertFault("model.ctl:9: VARS 8 has no ENDVARS (expected: ENDVARS after the 8 variables)",
                replace("ENDVARS\n", ""));
        assertFault("model.ctl:9: VARS (expected: VARS n, then n variables and ENDVARS)", replace("VARS 8", "VARS"));
        assertFault("model.ctl:19: ENDVARS without VARS (expected: VARS n before the variables)", SAMPLE + "ENDVARS\n");
    }

    @Test
    void shouldRefuseABadVariableLine() {
        assertFault("model.ctl:14: T (expected: name levels units description)",
                replace("T      7   99   Temperature", "T"));
        assertFault("model.ctl:14: T seven 99 (expected: name levels units description)",
                replace("T      7   99   Temperature", "T seven 99"));
        assertFault("model.ctl:14: name = '2t' (expected: a letter, then letters, digits or underscores)",
                replace("T      7   99   Temperature", "2t 7 99 t"));
        assertFault("model.ctl:14: variable u again (expected: each name once, case ignored; first at line 11)",
                replace("T      7   99   Temperature", "u 7 99 again"));
        assertFault("model.ctl:14: T has 8 levels (expected: at most 7, the ZDEF count)",
                replace("T      7   99   Temperature", "T 8 99 too deep"));
    }

    @Test
    void shouldListTheSupportedOptionsForAnyOther() {
        assertFault("model.ctl:2: OPTIONS zrev is not supported (expected: big_endian, little_endian, "
                + "byteswapped, yrev, sequential, template)", replace("OPTIONS little_endian",
                        "OPTIONS little_endian zrev"));
        assertFault("model.ctl:2: OPTIONS little_endian big_endian gives more than one byte order (expected: one of "
                + "big_endian, little_endian, byteswapped)", replace("OPTIONS little_endian",
                        "OPTIONS little_endian big_endian"));
        assertFault("model.ctl:3: OPTIONS byteswapped gives more than one byte order (expected: one of "
                + "big_endian, little_endian, byteswapped)", replace("OPTIONS little_endian",
                        "OPTIONS little_endian\nOPTIONS byteswapped"));
    }

    @Test
    void shouldRefuseRecordsItDoesNotSupportOrRepeated() {
        assertFault("model.ctl:2: 'DTYPE' is not a supported record (expected one of: " + RECORDS + ")",
                replace("OPTIONS little_endian", "DTYPE netcdf"));
        assertFault("model.ctl:1: 'PDEF' is not a supported record (expected one of: " + RECORDS + ")",
                "PDEF 10 10 lcc\n" + SAMPLE);
        assertFault("model.ctl:19: a second XDEF record (expected: one, already given at line 5)",
                SAMPLE + "XDEF 72 LINEAR 0 5\n");
    }

    @Test
    void shouldRefuseABadDsetUndefOrTdef() {
        assertFault("model.ctl:1: DSET without a file (expected: DSET ^file beside the descriptor, or DSET /path)",
                replace("DSET   ^model.dat", "DSET"));
        assertFault("model.ctl:3: UNDEF none (expected: UNDEF value, a finite number)",
                replace("UNDEF  -2.56E33", "UNDEF none"));
        assertFault("model.ctl:3: UNDEF 1 2 (expected: UNDEF value, a finite number)",
                replace("UNDEF  -2.56E33", "UNDEF 1 2"));
        assertFault("model.ctl:8: TDEF 5 LEVELS 1 2 3 (expected: TDEF n LINEAR start increment)",
                replace("TDEF 5 LINEAR 02JAN1987 1DY", "TDEF 5 LEVELS 1 2 3"));
        assertFault("model.ctl:8: TDEF 5 LINEAR 02JAN1987 (expected: TDEF n LINEAR start increment)",
                replace("TDEF 5 LINEAR 02JAN1987 1DY", "TDEF 5 LINEAR 02JAN1987"));
    }

    @Test
    void shouldBlameABadTdefStartOrIncrementOnTheFileAndLine() {
        assertFault("model.ctl:8: TDEF increment '1xx' is not a GrADS time step (expected: a count and mn, hr, dy, mo "
                + "or yr, for example 6hr or 1dy)",
                replace("TDEF 5 LINEAR 02JAN1987 1DY", "TDEF 5 LINEAR 02JAN1987 1xx"));
        assertFault("model.ctl:8: TDEF start '02XYZ1987' is not a GrADS time (expected: hh:mmZddmmmyyyy, hh:mm, hh and "
                + "dd optional, for example 00Z01JAN2000 or 02JAN1987)",
                replace("TDEF 5 LINEAR 02JAN1987 1DY", "TDEF 5 LINEAR 02XYZ1987 1DY"));
        for (String start : new String[] {"00Z01JAN2000", "12:30z1feb2000", "jan1987", "01DEC87"}) {
            GradsDescriptor d = GradsDescriptor.parse(replace("TDEF 5 LINEAR 02JAN1987 1DY", "TDEF 5 LINEAR "
                    + start + " 6hr"), Path.of("model.ctl"));
            assertEquals(start, d.time().start());
        }
    }

    @Test
    void shouldRefuseAnAxisValueOrUndefPastADoublesRangeNamingTheLine() {
        assertFault("model.ctl:5: start = Infinity, step = 5.0 (expected: finite): XDEF 72 LINEAR 1e999 5 (expected: "
                + "XDEF n LINEAR start step or XDEF n LEVELS v…)",
                replace("XDEF 72 LINEAR  0.0 5.0", "XDEF 72 LINEAR 1e999 5"));
        assertFault("model.ctl:7: level Infinity (expected: finite): ZDEF 2 LEVELS 1000 1e400 (expected: ZDEF n LINEAR "
                + "start step or ZDEF n LEVELS v…)", replace("ZDEF 7 LEVELS 1000 850 700 500 300 200 100",
                        "ZDEF 2 LEVELS 1000 1e400").replace("Q      5", "Q      2").replace("7   99", "2   99"));
        assertFault("model.ctl:3: UNDEF 1e400 (expected: UNDEF value, a finite number)",
                replace("UNDEF  -2.56E33", "UNDEF 1e400"));
    }

    @Test
    void shouldRefuseAGridOf2To63BytesOrMore() {
        assertFault("model.ctl: XDEF, YDEF, ZDEF, TDEF and VARS describe 999999999 times × 2 records × "
                + "3999999992000000004 bytes: a data file of 2^63 bytes or more (expected: a size a file can have)",
                "DSET ^m.dat\nUNDEF 0\nXDEF 999999999 LINEAR 0 1\nYDEF 999999999 LINEAR 0 1\nZDEF 1 LEVELS 1000\n"
                        + "TDEF 999999999 LINEAR 02JAN1987 1DY\nVARS 2\na 0 99 x\nb 0 99 y\nENDVARS\n");
    }

    @Test
    void shouldQuoteLinesEscapedAndCapped() {
        GradsFormatException e = fault(replace("XDEF 72 LINEAR  0.0 5.0", "XDEF 72 LINEAR \u0001" + "9".repeat(5000)));
        assertEquals("model.ctl:5: XDEF 72 LINEAR \\x01" + "9".repeat(41) + "… (expected: XDEF n LINEAR start step "
                + "or XDEF n LEVELS v…)", e.getMessage());
        assertFault("model.ctl:19: '\\x1B[31m" + "x".repeat(52) + "…' is not a supported record (expected one of: "
                + RECORDS + ")", SAMPLE + "\u001b[31m" + "x".repeat(10_000) + "\n");
    }

    @Test
    void shouldRefuseADsetWithControlCharactersOrLongerThanAPath() {
        assertFault("model.ctl:1: DSET ^model\\x00.dat is not a file name (expected: at most 4096 characters, no "
                + "control characters)", replace("DSET   ^model.dat", "DSET ^model\u0000.dat"));
        assertFault("model.ctl:1: DSET ^model\\x0C.dat is not a file name (expected: at most 4096 characters, no "
                + "control characters)", replace("DSET   ^model.dat", "DSET ^model\f.dat"));
        assertFault("model.ctl:1: DSET ^" + "d".repeat(59) + "… is not a file name (expected: at most 4096 "
                + "characters, no control characters)", replace("DSET   ^model.dat", "DSET ^" + "d".repeat(5000)));
    }
}
