package org.loopnest.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class BenchOptionsTest {

    @Test
    void shouldDefaultToBenchJsonInTheWorkingDirectory() {
        BenchOptions o = BenchOptions.parse();

        assertEquals(Path.of("bench.json"), o.json());
        assertFalse(o.quick());
    }

    @Test
    void shouldTakeTheJsonFileInEitherForm() {
        assertEquals(Path.of("a.json"), BenchOptions.parse("--json", "a.json", "--quick").json());
        assertEquals(Path.of("b.json"), BenchOptions.parse("--json=b.json").json());
        assertTrue(BenchOptions.parse("--quick").quick());
    }

    @Test
    void shouldNameAnUnknownArgument() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse("--fast"));
        assertEquals("unknown argument '--fast' (expected: --json FILE, --quick, --only TEXT, --file-size SIZE)",
                e.getMessage());
    }

    @Test
    void shouldTakeTheTextThatChoosesMeasurements() {
        assertEquals("cluster scaling", BenchOptions.parse("--only", "cluster scaling").only());
        assertEquals("cpu", BenchOptions.parse("--only=cpu").only());
        assertEquals(null, BenchOptions.parse().only());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--only"));
        assertEquals("--only: no text given (expected: --only TEXT, part of a measurement's label such as 'cluster "
                + "scaling')", e.getMessage());
    }

    @Test
    void shouldAskForTheFileAfterJson() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse("--json"));
        assertEquals("--json: no file given (expected: --json FILE)", e.getMessage());
    }

    @Test
    void shouldTakeTheFileSizeInEitherFormAndDefaultToZero() {
        assertEquals(4L << 30, BenchOptions.parse("--file-size", "4g").fileBytes());
        assertEquals(512L << 20, BenchOptions.parse("--file-size=512m").fileBytes());
        assertEquals(0, BenchOptions.parse().fileBytes());
    }

    @Test
    void shouldRefuseAFileSizeThatIsNotAWholeNumberOfMebibytes() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse("--file-size", "1000k"));
        assertEquals("--file-size: 1000k is 1024000 bytes (expected: a positive multiple of 1m, e.g. 4g)",
                e.getMessage());
    }

    @Test
    void shouldNameTheFileSizeOptionWhenItsValueIsNotASize() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BenchOptions.parse("--file-size"));
        assertEquals("--file-size: '' is not a size (expected: a number with an optional unit, e.g. 16777216, 512k, "
                + "512m, 1g, 64MiB, 500MB)", e.getMessage());
    }
}
