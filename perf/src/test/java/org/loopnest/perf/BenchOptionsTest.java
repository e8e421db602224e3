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
        assertEquals("unknown argument '--fast' (expected: --json FILE, --quick, --only TEXT)", e.getMessage());
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
}
