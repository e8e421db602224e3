package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --split D}: the help and the refusal give the range the command accepts, 0 to the depth − 1. */
class RunSplitOptionTest {
    @TempDir
    Path dir;

    @Test
    void shouldStateTheRangeOfSplitDepthsInTheHelp() {
        Cli help = Cli.run("run", "--help");
        assertEquals(0, help.code(), help.err());
        String text = help.out().replaceAll("\\s+", " ");
        assertTrue(text.contains("Split depth, from 0 to the nest's depth - 1: the first D loops form the outer "
                + "loop"), text);
    }

    @Test
    void shouldAcceptTheDeepestSplitAndRefuseTheNestsDepth() {
        String out = "o=" + dir.resolve("o.f32");
        Cli deepest = Cli.run("run", "--shape", "2,3", "--names", "y,x", "--body", "o = (float) x;", "--out", out,
                "--split", "1");
        assertEquals(0, deepest.code(), deepest.err());
        Cli depth = Cli.run("run", "--shape", "2,3", "--names", "y,x", "--body", "o = (float) x;", "--out", out,
                "--split", "2");
        assertEquals(2, depth.code(), depth.err());
        assertEquals("loopnest run: --split 2: out of range (expected: auto, or a depth from 0 to 1 for the loops "
                + "[y, x]) (see 'loopnest run --help')", depth.err().strip());
    }
}
