package org.loopnest.examples.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputOptionTest {
    @Test
    void shouldParseNameIndicesFileAndVariable() {
        InputOption p = InputOption.parse("p:z=levels.f32");
        assertEquals("p", p.name());
        assertEquals(List.of("z"), p.indices());
        assertEquals(Path.of("levels.f32"), p.file());
        assertNull(p.variable());
        InputOption t = InputOption.parse("T:t,lev,y,x=/data/era 5/t.nc:temp");
        assertEquals(List.of("t", "lev", "y", "x"), t.indices());
        assertEquals(Path.of("/data/era 5/t.nc"), t.file());
        assertEquals("temp", t.variable());
        assertEquals("--in T:t,lev,y,x=/data/era 5/t.nc:temp", t.option());
    }

    @Test
    void shouldTakeAColonInADirectoryAsPartOfThePath() {
        InputOption a = InputOption.parse("a=dir:1/a.f32");
        assertEquals(Path.of("dir:1/a.f32"), a.file());
        assertNull(a.variable());
    }

    @Test
    void shouldRefuseBadSyntaxSayingWhatWasExpected() {
        String expected = " (expected: NAME[:INDEX,...]=FILE[:VAR], e.g. T=data.nc:t or p:z=levels.f32)";
        assertEquals("--in 1a=x.f32: '1a' is not a name" + expected, message("1a=x.f32"));
        assertEquals("--in a:z,=x.f32: index '' is not a name" + expected, message("a:z,=x.f32"));
        assertEquals("--in a:z,z=x.f32: an index is given twice" + expected, message("a:z,z=x.f32"));
        assertEquals("--in a=: no file" + expected, message("a="));
        assertEquals("--in a=x.nc:: an empty variable after ':'" + expected, message("a=x.nc:"));
    }

    @Test
    void shouldParseOutputsAndRefuseBadOnes() {
        OutputOption o = OutputOption.parse("theta=out/theta.nc");
        assertEquals("theta", o.name());
        assertEquals(Path.of("out/theta.nc"), o.file());
        String expected = " (expected: NAME=FILE, e.g. theta=theta.nc or theta=theta.f32)";
        assertEquals("--out theta.nc: no '='" + expected, assertThrows(IllegalArgumentException.class,
                () -> OutputOption.parse("theta.nc")).getMessage());
        assertEquals("--out the ta=x.f32: 'the ta' is not a name" + expected, assertThrows(
                IllegalArgumentException.class, () -> OutputOption.parse("the ta=x.f32")).getMessage());
        assertEquals("--out theta=: no file" + expected, assertThrows(IllegalArgumentException.class,
                () -> OutputOption.parse("theta=")).getMessage());
    }

    private static String message(String text) {
        return assertThrows(IllegalArgumentException.class, () -> InputOption.parse(text)).getMessage();
    }
}
