package org.loopnest.internal.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class SignalChainingTest {
    private static final String WITHOUT = """
            55d0c8a00000-55d0c8a01000 r--p 00000000 08:01 1049 /usr/lib/jvm/java-17/bin/java
            7f1c2a000000-7f1c2a021000 rw-p 00000000 00:00 0
            7f1c2b000000-7f1c2b200000 r-xp 00000000 08:01 2050 /usr/lib/jvm/java-17/lib/server/libjvm.so
            7ffd1a000000-7ffd1a021000 rw-p 00000000 00:00 0                          [stack]
            """;
    private static final String WITH = WITHOUT
            + "7f1c2c000000-7f1c2c002000 r-xp 00000000 08:01 2051 /usr/lib/jvm/java-17/lib/libjsig.so\n";

    @Test
    void shouldFindLibjsigOnlyWhereItIsMapped() {
        assertTrue(SignalChaining.mapsLibjsig(WITH));
        assertFalse(SignalChaining.mapsLibjsig(WITHOUT));
        assertFalse(SignalChaining.mapsLibjsig(""));
        assertFalse(SignalChaining.mapsLibjsig("7f00-7f01 r--p 00000000 08:01 7 /home/libjsig-notes/libfoo.so\n"));
    }

    @Test
    void shouldAnswerFromThisJvmsMappedLibraries() throws IOException {
        Path maps = Path.of("/proc/self/maps");
        assumeTrue(Files.isReadable(maps), "no /proc/self/maps on this system");
        assertEquals(!SignalChaining.mapsLibjsig(Files.readString(maps)), SignalChaining.missing());
        assertFalse(SignalChaining.judgedFromPreload());
    }

    @Test
    void shouldCallAPreloadThatDidNotLoadMissing() throws Exception {
        assumeTrue(Files.isReadable(Path.of("/proc/self/maps")), "no /proc/self/maps on this system");
        assertEquals("missing=true", probe("/nonexistent-java-home/lib/libjsig.so"));
    }

    @Test
    void shouldCallALoadedPreloadPresent() throws Exception {
        Path libjsig = Path.of(System.getProperty("java.home"), "lib", "libjsig.so");
        assumeTrue(Files.isReadable(Path.of("/proc/self/maps")) && Files.exists(libjsig), "no libjsig.so in this JDK");
        assertEquals("missing=false", probe(libjsig.toString()));
    }

    /** Runs {@link Probe} in a child JVM with {@code LD_PRELOAD=preload} and returns what it printed. */
    private static String probe(String preload) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder builder = new ProcessBuilder(List.of(java.toString(), "-Xshare:auto", "-cp",
                System.getProperty("java.class.path"), Probe.class.getName()));
        builder.environment().put("LD_PRELOAD", preload);
        builder.redirectError(ProcessBuilder.Redirect.DISCARD); // ld.so's "cannot be preloaded" line
        Process child = builder.start();
        String out = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the probe JVM did not end");
        assertEquals(0, child.exitValue(), out);
        return out;
    }

    /** Prints what {@link SignalChaining#missing()} says in this JVM. */
    static final class Probe {
        public static void main(String[] args) {
            System.out.println("missing=" + SignalChaining.missing());
        }
    }
}
