package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.examples.weather.Verification;
import org.loopnest.examples.weather.WeatherFields;
import org.loopnest.examples.weather.WeatherNest;
import org.loopnest.report.DeviceReports;
import org.loopnest.report.RunReport;

/**
 * Worker nodes in processes of their own on 127.0.0.1: the weather nest across them matches the sequential loop,
 * also when one node is killed mid-run; the CLI's {@code --nodes local:N} and the node command's bad input.
 */
@Tag("cluster")
class ClusterRunTest {
    @TempDir
    Path dir;

    @Test
    void shouldCompleteTheWeatherRunWhenOneOfThreeNodesIsKilledMidRun() throws IOException {
        try (LocalNodes nodes = LocalNodes.start(3, DeviceSpec.parse("cpu"))) {
            List<RemoteDevice> remote = Cluster.connect(nodes.addresses(), Secret.read(nodes.secretFile()));
            try {
                WeatherFields fields = WeatherFields.synthetic(8, 7, 30, 40, 11);
                AtomicBoolean killed = new AtomicBoolean();
                RunReport report = WeatherNest.nest(fields).splitAt(2).timeout(Duration.ofMinutes(2))
                        .on(remote.toArray(RemoteDevice[]::new))
                        .onProgress((done, total) -> {
                            if (done == 3 && killed.compareAndSet(false, true)) {
                                nodes.processes().get(0).destroyForcibly();
                            }
                        }).run();
                assertTrue(killed.get());
                assertEquals(56, report.chunks());
                assertEquals(56, DeviceReports.chunksRun(report));
                String lost = remote.get(0).info().name();
                assertTrue(report.notes().stream().anyMatch(n -> n.startsWith("device " + lost + " lost")),
                        report.toString());
                Verification check = WeatherNest.verify(fields);
                assertTrue(check.passed(), check.toString());
            } finally {
                remote.forEach(RemoteDevice::close);
            }
        }
    }

    @Test
    void shouldRunTheWeatherCommandOnTwoLocalNodesAndVerify() {
        Cli run = Cli.run("weather", "--shape", "4,7,10,12", "--nodes", "local:2");
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().contains("devices     node:127.0.0.1:"), run.out());
        assertTrue(run.out().contains("verified: 3360 points"), run.out());
    }

    @Test
    void shouldRefuseANodeWithoutAUsableSecret() throws IOException {
        Path shortSecret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("short"), "beef"),
                java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        Cli none = Cli.run("node");
        assertEquals(2, none.code());
        assertTrue(none.err().contains("Missing required option: '--secret-file=FILE'"), none.err());
        Cli tiny = Cli.run("node", "--secret-file", shortSecret.toString());
        assertEquals(2, tiny.code());
        assertTrue(tiny.err().contains("--secret-file: secret file " + shortSecret + ": about 16 random bits "
                + "(expected: at least 128 random bits"), tiny.err());
        Cli missing = Cli.run("weather", "--nodes", "127.0.0.1:1");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--nodes 127.0.0.1:1: needs --secret-file (expected: the file the nodes "
                + "were started with)"), missing.err());
    }

    @Test
    void shouldNameTheNodeThatCannotBeReachedAndRefuseADeviceForRemoteNodes() throws IOException {
        Path secret = java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort(); // closed again: nothing listens there
        }
        Cli refused = Cli.run("weather", "--shape", "2,7,4,4", "--nodes", "127.0.0.1:" + port, "--secret-file",
                secret.toString());
        assertEquals(2, refused.code(), refused.err());
        assertTrue(refused.err().contains("--nodes 127.0.0.1:" + port + ": cannot connect to node:127.0.0.1:" + port
                + ": Connection refused"), refused.err());
        assertTrue(refused.err().contains("(expected: a running 'loopnest node' at that address)"), refused.err());
        Cli device = Cli.run("weather", "--nodes", "127.0.0.1:" + port, "--secret-file", secret.toString(),
                "--device", "sim");
        assertEquals(2, device.code(), device.err());
        assertTrue(device.err().contains("--device applies to local devices and local:N nodes only"), device.err());
    }
}
