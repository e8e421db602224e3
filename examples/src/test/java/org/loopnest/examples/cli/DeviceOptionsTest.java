package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device options' bad input, refused before anything starts: {@code --nodes local:N}, {@code --link-bandwidth}. */
class DeviceOptionsTest {
    @TempDir
    Path dir;

    private static void assertRefused(Cli run, String message) {
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertEquals("loopnest weather: " + message + " (see 'loopnest weather --help')", run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseALocalNodeCountThatIsNotFromOneTo64() throws Exception {
        String expected = " (expected: local:N with N from 1 to 64, each node a JVM of its own on this machine)";
        assertRefused(Cli.run("weather", "--nodes", "local:abc"), "--nodes local:abc" + expected);
        assertRefused(Cli.run("weather", "--nodes", "local:1000"), "--nodes local:1000" + expected);
        assertRefused(Cli.run("weather", "--nodes", "local:0"), "--nodes local:0" + expected);
        assertRefused(Cli.run("weather", "--nodes", "local:65"), "--nodes local:65" + expected);
        Path secret = Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef");
        assertRefused(Cli.run("weather", "--nodes", "local:1000", "--secret-file", secret.toString()),
                "--nodes local:1000" + expected);
    }

    @Test
    void shouldRefuseSeveralDevicesForLocalNodes() {
        assertRefused(Cli.run("weather", "--nodes", "local:2", "--device", "cpu,sim"),
                "--nodes local:2: --device cpu,sim (expected: one device, which each local node runs)");
    }

    @Test
    void shouldRefuseALinkBandwidthBelowOneMegabytePerSecond() {
        assertRefused(Cli.run("weather", "--device", "sim", "--link-bandwidth", "1B/s"),
                "--link-bandwidth 1 bytes/s is too slow to finish a run (expected: 0 for unlimited, or at least "
                        + "1MB/s)");
        assertRefused(Cli.run("weather", "--device", "sim", "--link-bandwidth", "999999"),
                "--link-bandwidth 999999 bytes/s is too slow to finish a run (expected: 0 for unlimited, or at "
                        + "least 1MB/s)");
        Cli floor = Cli.run("weather", "--shape", "2,7,4,4", "--device", "sim", "--link-bandwidth", "1MB/s");
        assertEquals(0, floor.code(), floor.err());
        assertTrue(floor.out().contains("verified: 224 points"), floor.out());
    }
}
