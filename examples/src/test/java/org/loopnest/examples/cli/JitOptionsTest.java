package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.examples.Main;
import org.loopnest.internal.lang.jvm.JvmCompiler;

/**
 * The JIT options that LoopNest's own JVMs get ({@link JvmCompiler#JIT_OPTIONS}): the same in {@code ./loopnest} and
 * in the nodes of {@code --nodes local:N}, accepted by this JVM, and silent on standard output (a node's first line
 * there is its address).
 */
class JitOptionsTest {
    private static final Path LAUNCHER = Path.of("..", "loopnest");

    @Test
    void shouldGiveTheLaunchersJvmAndTheLocalNodesTheSameJitOptions() throws IOException {
        String launcher = Files.readString(LAUNCHER);
        List<String> node = LocalNodes.java(Main.class);
        for (String option : JvmCompiler.JIT_OPTIONS) {
            String quoted = option.contains(",") ? '"' + option + '"' : option;
            assertTrue(launcher.contains(quoted), LAUNCHER + " lacks " + quoted);
            if (!LocalNodes.JVM_OPTIONS.isEmpty()) {
                assertTrue(node.contains(option), node + " lacks " + option);
            }
        }
    }

    @Test
    void shouldBeAcceptedByTheJvmAndPrintNothingOnStandardOutput() throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString()));
        command.addAll(JvmCompiler.JIT_OPTIONS);
        command.add("-version"); // prints on standard error
        Process java = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = java.getInputStream().readAllBytes();
        assertTrue(java.waitFor(60, TimeUnit.SECONDS), "java -version did not end");
        assertEquals(0, java.exitValue(), "the JVM refused " + JvmCompiler.JIT_OPTIONS);
        assertEquals("", new String(out, StandardCharsets.UTF_8));
    }
}
