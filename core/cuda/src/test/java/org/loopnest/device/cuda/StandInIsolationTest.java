package org.loopnest.device.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.loopnest.internal.cuda.StandInDriver;

/**
 * The CUDA device over the stand-in loads no JCuda class, so a machine without the CUDA driver (or JCuda's natives)
 * runs it: {@link StandInSmoke} runs in a fresh JVM that lists every class it loads.
 */
class StandInIsolationTest {
    @Test
    void shouldRunTheCudaDeviceOverTheStandInWithoutLoadingJcuda() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(List.of(java, "-verbose:class", "-cp",
                System.getProperty("java.class.path"), StandInSmoke.class.getName())).redirectErrorStream(true).start();
        byte[] output = process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(2, TimeUnit.MINUTES), "the JVM did not end within 2 minutes");
        String log = new String(output, StandardCharsets.UTF_8);
        assertEquals(0, process.exitValue(), log);
        assertTrue(log.contains("stand-in smoke: ok, left: " + StandInDriver.nothingLive()), log);
        assertTrue(log.contains("org.loopnest.device.cuda.CudaDevice "), "the class log names the classes loaded");
        assertFalse(log.contains("jcuda."), "JCuda was loaded:\n" + log.lines().filter(l -> l.contains("jcuda."))
                .limit(5).reduce("", (x, y) -> x + y + "\n"));
    }
}
