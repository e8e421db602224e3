package org.loopnest.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.internal.lang.vector.VectorSupport;

/**
 * A JVM started without {@code --add-modules jdk.incubator.vector} (as a library user's may be) runs a
 * kernel-language body on the scalar path, with the right outputs, and its report says why: never an error.
 */
class ModuleAbsentTest {
    private static final long WAIT_SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void shouldRunTheScalarPathAndSayWhyInAJvmWithoutTheVectorModule() throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        Path out = dir.resolve("child.out");
        Path err = dir.resolve("child.err");
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ModuleAbsentChild.class.getName()).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove("JDK_JAVA_OPTIONS"); // the launcher adds what these say to the command line
        builder.environment().remove("JAVA_TOOL_OPTIONS");
        Process child = builder.start();
        try {
            assertTrue(child.waitFor(WAIT_SECONDS, TimeUnit.SECONDS), "the child did not end in " + WAIT_SECONDS
                    + " s");
            String stderr = Files.readString(err);
            assertEquals(0, child.exitValue(), stderr);
            assertEquals(List.of("kernel path: scalar: " + VectorSupport.MODULE_ABSENT,
                    "outputs: " + ModuleAbsentChild.N + " of " + ModuleAbsentChild.N + " right"),
                    Files.readAllLines(out), stderr);
        } finally {
            child.destroyForcibly();
        }
    }
}
