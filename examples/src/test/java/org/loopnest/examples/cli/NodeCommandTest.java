package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.examples.Main;

/** {@code loopnest node}: where it may listen, what it prints. Nothing here sends a packet off loopback. */
class NodeCommandTest {
    @TempDir
    Path dir;

    private Path secret() throws Exception {
        return java.nio.file.Files.setPosixFilePermissions(Files.writeString(dir.resolve("secret"), "0123456789abcdef0123456789abcdef"), java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    @Test
    void shouldRefuseToBindAnAddressThatIsNotThisMachines() throws Exception {
        // 192.0.2.1 is TEST-NET-1: documentation only, on no machine's interface; refused before any bind
        Cli run = Cli.run("node", "--bind", "192.0.2.1", "--secret-file", secret().toString());
        assertEquals(2, run.code(), run.err());
        assertEquals(1, run.errLines().length, run.err());
        assertEquals("loopnest node: --bind 192.0.2.1: not an address of this machine (expected: one of its "
                + "interfaces' addresses, e.g. 127.0.0.1, or 0.0.0.0 for all) (see 'loopnest node --help')",
                run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseAnEmptyBindAddressNamingTheOption() throws Exception {
        Cli run = Cli.run("node", "--bind", "", "--secret-file", secret().toString());
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --bind '': empty (expected: an address of this machine, e.g. 127.0.0.1, or "
                + "0.0.0.0 for all) (see 'loopnest node --help')", run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseMoreThreadsThanACpuDeviceRuns() throws Exception {
        Cli run = Cli.run("node", "--secret-file", secret().toString(), "--threads", "100000");
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --threads 100000 (expected: 1 to 32767, with --device cpu) (see 'loopnest node "
                + "--help')", run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseAMaxFrameLargerThanOneJavaArrayInsteadOfCappingIt() throws Exception {
        Cli run = Cli.run("node", "--secret-file", secret().toString(), "--max-frame", "1t");
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --max-frame 1099511627776 bytes (expected: 1024 to 2147483647 bytes, one frame "
                + "being one Java array) (see 'loopnest node --help')", run.err().strip());
        Cli small = Cli.run("node", "--secret-file", secret().toString(), "--max-frame", "1000");
        assertEquals(2, small.code(), small.err());
        assertTrue(small.err().startsWith("loopnest node: --max-frame 1000 bytes (expected: 1024 to "), small.err());
    }

    @Test
    void shouldRefuseADataDirectoryThatDoesNotExistNamingTheOption() throws Exception {
        Path data = Files.createDirectory(dir.resolve("data"));
        Path missing = dir.resolve("missing");
        Cli run = Cli.run("node", "--secret-file", secret().toString(), "--data-dir", data.toString(), "--data-dir",
                missing.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --data-dir " + missing + ": no such directory (expected: an existing directory "
                + "the node may read and write files under) (see 'loopnest node --help')", run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseADataDirectoryThatIsARegularFile() throws Exception {
        Path secret = secret();
        Cli run = Cli.run("node", "--secret-file", secret.toString(), "--data-dir", secret.toString());
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --data-dir " + secret + ": a regular file, not a directory (expected: an "
                + "existing directory the node may read and write files under) (see 'loopnest node --help')",
                run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    void shouldRefuseATlsCertificateThatIsAFifoInsteadOfReadingIt() throws Exception {
        Path cert = Fifos.make(dir, "node.crt");
        Path key = Files.writeString(dir.resolve("node.key"), "not read: the certificate is refused first");
        Path secret = secret();
        // the guard only turns a hang (a FIFO without a writer blocks its reader for ever) into a failure
        Cli run = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> Cli.run("node", "--secret-file",
                secret.toString(), "--tls-cert", cert.toString(), "--tls-key", key.toString()));
        assertEquals(2, run.code(), run.err());
        assertEquals("loopnest node: --tls-cert " + cert + ": a FIFO (expected: a readable regular file) (see "
                + "'loopnest node --help')", run.err().strip());
        assertEquals("", run.out());
    }

    @Test
    @Tag("cluster")
    void shouldPrintAnIpv6AddressInTheFormThatNodesReads() throws Exception {
        boolean ipv6;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("::1"))) {
            ipv6 = true;
        } catch (java.io.IOException e) {
            ipv6 = false;
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(ipv6, "no IPv6 loopback here");
        Process node = new ProcessBuilder(LocalNodes.java(Main.class, "node", "--bind", "::1", "--secret-file",
                secret().toString())).redirectError(dir.resolve("node.log").toFile()).start();
        try {
            String line = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new java.io.BufferedReader(
                    new java.io.InputStreamReader(node.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))
                    .readLine());
            assertTrue(line != null && line.matches("listening on \\[[0-9a-f:]+\\]:[0-9]+"), line);
            assertEquals("0:0:0:0:0:0:0:1", org.loopnest.cluster.Cluster.address(line.substring("listening on "
                    .length())).getHost().replaceAll("[\\[\\]]", ""), line);
        } finally {
            node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @Tag("cluster")
    void shouldSayWhenThePortIsTaken() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            // in a JVM of its own: a failed bind must end the process, not leave threads in the test's
            Path log = dir.resolve("node.log");
            Process node = new ProcessBuilder(LocalNodes.java(Main.class, "node", "--port", Integer.toString(port),
                    "--secret-file", secret().toString())).redirectError(log.toFile()).start();
            boolean ended = node.waitFor(60, TimeUnit.SECONDS);
            node.destroyForcibly();
            String err = Cli.withoutIncubatorWarning(Files.readString(log));
            assertTrue(ended, "the node still runs: " + err);
            assertEquals(2, node.exitValue(), err);
            assertEquals(1, err.strip().split("\\R").length, err);
            assertTrue(err.startsWith("loopnest node: --bind 127.0.0.1 --port " + port + ": cannot listen there: "),
                    err);
        }
    }

    @Test
    @Tag("cluster")
    void shouldPrintTheNodesProgressOnlyWithVerboseAsTheCommandsOwnLines() throws Exception {
        String stopping = "loopnest node: standard input ended (--exit-with-stdin): stopping";
        // a data directory given changes nothing the node prints
        assertEquals(List.of(stopping), errorLinesServingOneCoordinator("quiet", "--data-dir", dir.toString()));
        List<String> verbose = errorLinesServingOneCoordinator("verbose", "--verbose");
        assertEquals(3, verbose.size(), verbose.toString());
        assertTrue(verbose.stream().anyMatch(l -> l.matches("loopnest node: node listening on /127\\.0\\.0\\.1:\\d+ "
                + "with device cpu")), verbose.toString());
        assertTrue(verbose.stream().anyMatch(l -> l.matches("loopnest node: coordinator /127\\.0\\.0\\.1:\\d+ "
                + "authenticated")), verbose.toString());
        assertTrue(verbose.contains(stopping), verbose.toString());
    }

    /**
     * Starts {@code loopnest node} in a JVM of its own (the logging setup is the process's), connects one coordinator
     * to it and closes it again, ends the node through its standard input and returns what it printed on standard
     * error.
     */
    private List<String> errorLinesServingOneCoordinator(String name, String... more) throws Exception {
        Path secret = secret();
        Path log = dir.resolve(name + ".log");
        List<String> command = new ArrayList<>(LocalNodes.java(Main.class, "node", "--secret-file", secret.toString(),
                "--threads", "1", "--exit-with-stdin"));
        command.addAll(List.of(more));
        Process node = new ProcessBuilder(command).redirectError(log.toFile()).start();
        try {
            String line = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> new java.io.BufferedReader(
                    new java.io.InputStreamReader(node.getInputStream(), java.nio.charset.StandardCharsets.UTF_8))
                    .readLine());
            assertTrue(line != null && line.startsWith("listening on "), line + Files.readString(log));
            Cluster.connect(List.of(Cluster.address(line.substring("listening on ".length()))), Secret.read(secret))
                    .forEach(RemoteDevice::close);
            node.getOutputStream().close();
            assertTrue(node.waitFor(60, TimeUnit.SECONDS), "the node still runs: " + Files.readString(log));
            assertEquals(0, node.exitValue(), Files.readString(log));
            return Cli.withoutIncubatorWarning(Files.readString(log)).lines().toList();
        } finally {
            node.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
