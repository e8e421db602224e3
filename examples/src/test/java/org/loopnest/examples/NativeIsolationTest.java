package org.loopnest.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A CPU-only run never loads a native binding: the weather example on {@code --device cpu} (and on {@code sim})
 * runs in a fresh JVM that lists every class it loads, and no JOCL or JCuda class is among them.
 */
class NativeIsolationTest {

    private static String classesLoadedBy(String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String[] command = new String[5 + args.length];
        command[0] = java;
        command[1] = "-verbose:class";
        command[2] = "-cp";
        command[3] = System.getProperty("java.class.path");
        command[4] = Main.class.getName();
        System.arraycopy(args, 0, command, 5, args.length);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the JVM did not end within 2 minutes");
        String log = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), log);
        return log;
    }

    @Test
    void shouldRunOnTheCpuAndTheSimulatorWithoutLoadingJoclOrJcuda() throws Exception {
        for (String device : new String[] {"cpu", "sim"}) {
            String log = classesLoadedBy("weather", "--shape", "2,7,6,8", "--device", device);
            assertTrue(log.contains("verified: 672 points"), log);
            assertTrue(log.contains("org.loopnest.LoopNest"), "the class log names the classes loaded");
            assertFalse(log.contains("org.jocl."), device + " loaded JOCL");
            assertFalse(log.contains("jcuda."), device + " loaded JCuda");
        }
    }
}
