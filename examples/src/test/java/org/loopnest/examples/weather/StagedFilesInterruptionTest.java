package org.loopnest.examples.weather;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SIGTERM to a JVM that is writing staged files leaves no temporary behind: the shutdown hook deletes it. */
class StagedFilesInterruptionTest {
    @TempDir
    Path dir;

    @Test
    void shouldDeleteTheTemporaryWhenTheJvmIsTerminatedWhileWriting() throws IOException, InterruptedException {
        Assumptions.assumeFalse(System.getProperty("os.name").startsWith("Windows"), "destroy() is not SIGTERM");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                StagingChild.class.getName(), dir.resolve("theta.f32").toString()).redirectErrorStream(true).start();
        try {
            BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(),
                    StandardCharsets.UTF_8));
            String staged = lines.readLine();
            assertNotNull(staged, "the child ended before staging");
            Path temp = Path.of(staged);
            assertTrue(Files.exists(temp), "the child is writing " + temp);
            child.destroy();
            assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not end within a minute of SIGTERM");
            assertTrue(Files.notExists(temp), temp + " is left behind");
            try (Stream<Path> files = Files.list(dir)) {
                assertEquals(0, files.count(), "nothing left in the directory");
            }
        } finally {
            child.destroyForcibly();
        }
    }
}
