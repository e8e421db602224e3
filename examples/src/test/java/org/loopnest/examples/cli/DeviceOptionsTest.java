package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
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
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
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

    @Test
    void shouldRefuseDeviceOptionsThatRemoteNodesSetWhereTheyStart() throws Exception {
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        assertRefused(Cli.run("weather", "--nodes", "127.0.0.1:1", "--secret-file", secret.toString(),
                "--device-memory", "16m"), "--nodes 127.0.0.1:1: --device-memory applies to local devices and "
                + "local:N nodes only (expected: set a node's device memory where it starts, 'loopnest node "
                + "--device-memory SIZE')");
        assertRefused(Cli.run("weather", "--nodes", "local:1", "--device", "sim", "--link-bandwidth", "2GB/s"),
                "--nodes local:1: --link-bandwidth is not passed to nodes (expected: drop it; the link to a node "
                        + "is a real one)");
    }

    @Test
    void shouldRefuseASecretOrATrustForLocalNodesAndATrustWithoutNodes() throws Exception {
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        String unused = " is not used with local nodes (expected: drop it; local:N nodes share a secret of their own, "
                + "over plain TCP on loopback)";
        assertRefused(Cli.run("weather", "--nodes", "local:1", "--secret-file", secret.toString()),
                "--nodes local:1: --secret-file" + unused);
        assertRefused(Cli.run("weather", "--nodes", "local:1", "--tls-trust", secret.toString()),
                "--nodes local:1: --tls-trust" + unused);
        assertRefused(Cli.run("weather", "--tls-trust", secret.toString()),
                "--tls-trust applies to --nodes only (expected: add --nodes HOST:PORT, or drop the option)");
    }

    @Test
    void shouldRefuseATrustFileThatIsAFifoOrADirectoryInsteadOfReadingIt() throws Exception {
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Path fifo = Fifos.make(dir, "trust.pem");
        // the guard only turns a hang (a FIFO without a writer blocks its reader for ever) into a failure
        assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertRefused(Cli.run("weather", "--nodes",
                "127.0.0.1:1", "--secret-file", secret.toString(), "--tls-trust", fifo.toString()),
                "--tls-trust " + fifo + ": a FIFO (expected: a readable regular file)"));
        assertRefused(Cli.run("weather", "--nodes", "127.0.0.1:1", "--secret-file", secret.toString(), "--tls-trust",
                dir.toString()), "--tls-trust " + dir + ": a directory (expected: a readable regular file)");
    }

    @Test
    @Tag("cluster")
    void shouldGiveEachLocalNodeTheDeviceMemory() {
        Cli run = Cli.run("weather", "--shape", "2,7,4,4", "--nodes", "local:1", "--device", "sim",
                "--device-memory", "2k");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("bytes of 2048 bytes of node:127.0.0.1:"), run.out());
        assertTrue(run.out().contains("verified: 224 points"), run.out());
    }

    @Test
    void shouldRefuseSlurmOptionsThatCannotWork() throws Exception {
        Path secret = dir.resolve("secret");
        assertEquals(0, Cli.run("secret", secret.toString()).code());
        String s = secret.toString();
        java.util.Map<String, String> outside = java.util.Map.of();
        assertRefused(Cli.runWith(outside, "weather", "--nodes-wait", "5"), "--nodes-wait applies to --nodes slurm "
                + "only (expected: add --nodes slurm, or drop the option)");
        assertRefused(Cli.runWith(outside, "weather", "--device", "gpu"), "--device gpu: gpu is the GPU of a Slurm "
                + "task's slot (expected: --nodes slurm under srun, or cuda:N for a GPU of this machine)");
        assertRefused(Cli.runWith(outside, "weather", "--nodes", "slurm"), "--nodes slurm: needs --secret-file "
                + "(expected: a file on the shared file system that every task reads, made by 'loopnest secret FILE')");
        assertRefused(Cli.runWith(outside, "weather", "--nodes", "slurm", "--secret-file", s, "--device", "cpu,sim"),
                "--nodes slurm: --device cpu,sim (expected: one device, which each worker task runs)");
        assertRefused(Cli.runWith(outside, "weather", "--nodes", "slurm", "--secret-file", s, "--nodes-wait", "0"),
                "--nodes slurm: --nodes-wait 0 (expected: 1 to 3600 seconds)");
        assertRefused(Cli.runWith(outside, "weather", "--nodes", "slurm", "--secret-file", s, "--tls-trust", s),
                "--nodes slurm: --tls-trust: the workers of a Slurm step serve plain TCP (expected: drop it; the "
                        + "secret authenticates every connection)");
        Cli notInStep = Cli.runWith(outside, "weather", "--nodes", "slurm", "--secret-file", s);
        assertEquals(2, notInStep.code(), notInStep.err());
        assertTrue(notInStep.err().startsWith("loopnest weather: --nodes slurm: not inside a Slurm step: SLURM_JOB_ID "
                + "is not set (expected: run under srun"), notInStep.err());
    }
}
