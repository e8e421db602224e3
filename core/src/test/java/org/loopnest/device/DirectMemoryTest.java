package org.loopnest.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Direct memory beyond the JVM's cap is a {@link org.loopnest.error.DeviceMemoryException} naming the request and
 * the remedy, not an {@link OutOfMemoryError}: checked in a JVM of its own, started with 1 MiB of direct memory.
 */
class DirectMemoryTest {
    private static final long TWO_MIB = 2L << 20;

    @Test
    void shouldSayThatDirectMemoryIsShortInsteadOfThrowingAnOutOfMemoryError() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-XX:MaxDirectMemorySize=1m", "-cp",
                System.getProperty("java.class.path"), DirectMemoryChild.class.getName(), Long.toString(TWO_MIB))
                .redirectErrorStream(true).start();
        try {
            String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(child.waitFor(1, TimeUnit.MINUTES), "the child did not end: " + output);
            List<String> lines = output.lines().toList();
            assertEquals(2, lines.size(), output);
            String remedy = " (expected: fewer buffers or smaller chunks, or more direct memory, "
                    + "-XX:MaxDirectMemorySize, which is -Xmx unless set)";
            assertTrue(lines.get(0).startsWith("DeviceMemoryException: host staging memory: 2097152 bytes of direct "
                    + "memory cannot be reserved (Cannot reserve 2097152 bytes of direct buffer memory"), output);
            assertTrue(lines.get(0).endsWith(remedy), output);
            assertTrue(lines.get(1).startsWith("DeviceMemoryException: device memory (a direct buffer): 2097152 "
                    + "bytes of direct memory cannot be reserved ("), output);
            assertTrue(lines.get(1).endsWith(remedy), output);
        } finally {
            child.destroyForcibly();
        }
    }
}
