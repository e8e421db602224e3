package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The bar's appearance against a stand-in clock: no sleeping, no real time. */
class ProgressDisplayTest {
    private final StringWriter text = new StringWriter();
    private final AtomicLong now = new AtomicLong();

    private ProgressDisplay display(boolean enabled) {
        return new ProgressDisplay(new PrintWriter(text), "test", Duration.ofSeconds(1), now::get, enabled);
    }

    @Test
    void shouldPrintNothingForARunShorterThanTheDelay() {
        try (ProgressDisplay progress = display(true)) {
            now.set(Duration.ofMillis(999).toNanos());
            progress.chunkDone(1, 4);
            progress.chunkDone(4, 4);
            assertFalse(progress.shown());
        }
        assertEquals("", text.toString());
    }

    @Test
    void shouldShowTheBarOnceTheDelayHasPassedAndEndItsLineOnClose() {
        ProgressDisplay progress = display(true);
        progress.chunkDone(1, 4);
        now.set(Duration.ofSeconds(2).toNanos());
        progress.chunkDone(2, 4);
        assertTrue(progress.shown());
        progress.chunkDone(4, 4);
        progress.close();
        progress.close();
        String shown = text.toString();
        assertTrue(shown.contains("test") && shown.contains("4/4"), shown);
        assertTrue(shown.endsWith(System.lineSeparator()), "the bar's line is ended");
    }

    @Test
    void shouldNeverShowWhenDisabled() {
        try (ProgressDisplay progress = display(false)) {
            now.set(Duration.ofSeconds(5).toNanos());
            progress.chunkDone(1, 2);
            assertFalse(progress.shown());
        }
        assertEquals("", text.toString());
    }
}
