package org.loopnest.internal.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuotedTest {
    @Test
    void shouldKeepPrintableTextAsItIs() {
        assertEquals("t", Quoted.of("t"));
        assertEquals("température en °C", Quoted.of("température en °C"));
        assertEquals("", Quoted.of(""));
        assertEquals("null", Quoted.of(null));
    }

    @Test
    void shouldEscapeControlAndNonPrintableCharacters() {
        assertEquals("a\\x00b\\x1B[31m\\x7F\\x85", Quoted.of("a\u0000b\u001b[31m\u007f\u0085"));
        assertEquals("\\uFFFD\\u200B\\uE000", Quoted.of("\ufffd\u200b\ue000"), "replacement, format, private use");
        assertEquals("\\x0A\\x0D\\x09", Quoted.of("\n\r\t"));
    }

    @Test
    void shouldCapAt60CharactersWithAnEllipsis() {
        assertEquals("x".repeat(60), Quoted.of("x".repeat(60)));
        assertEquals("x".repeat(60) + "…", Quoted.of("x".repeat(61)));
        assertEquals("x".repeat(59) + "…", Quoted.of("x".repeat(59) + "\u0001"), "an escape is never cut");
        assertEquals(61, Quoted.of("\u0001".repeat(5000)).length());
    }

    @Test
    void shouldListAtMostTenNames() {
        assertEquals("t, q\\x01", Quoted.names(List.of("t", "q\u0001")));
        assertEquals("v, v, v, v, v, v, v, v, v, v, … (and 490 more)", Quoted.names(Collections.nCopies(500, "v")));
    }
}
