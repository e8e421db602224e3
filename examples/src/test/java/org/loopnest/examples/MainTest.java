package org.loopnest.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class MainTest {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return Main.execute(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void shouldListTheCommandsInItsHelp() {
        assertEquals(0, run("--help"));
        for (String command : new String[] {"weather", "nest5", "devices", "bench"}) {
            assertTrue(out.toString().contains(command), command);
        }
    }

    @Test
    void shouldExitWithTwoWithoutACommand() {
        assertEquals(2, run());
        assertTrue(err.toString().startsWith("loopnest: no command given"), err.toString());
    }

    @Test
    void shouldExitWithTwoOnAnUnknownCommandOrOption() {
        assertEquals(2, run("forecast"));
        assertEquals(2, run("weather", "--colour"));
        assertTrue(err.toString().contains("Unknown option: '--colour'"), err.toString());
    }

    @Test
    void shouldPointBenchToTheLauncher() {
        assertEquals(2, run("bench", "--quick"));
        assertTrue(err.toString().contains("./loopnest bench --quick"), err.toString());
    }
}
