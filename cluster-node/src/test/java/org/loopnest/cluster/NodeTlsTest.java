package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** Over TLS a node serves a coordinator that trusts its certificate, and a client without TLS fails in time. */
class NodeTlsTest {
    private static final char[] STORE_PASSWORD = "changeit".toCharArray();
    private static final Duration SHORT_TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    static Path dir;
    private static SslContext serverTls;
    private static SslContext clientTls;

    /** A self-signed EC certificate for 127.0.0.1 / localhost, made by the JDK's keytool (no BouncyCastle). */
    @BeforeAll
    static void certificate() throws Exception {
        Path store = dir.resolve("node.p12");
        Path log = dir.resolve("keytool.log");
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "node", "-keyalg", "EC",
                "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=ip:127.0.0.1,dns:localhost",
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
                "-storepass", new String(STORE_PASSWORD)).redirectErrorStream(true).redirectOutput(log.toFile())
                .start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("keytool did not finish in 60 s");
        }
        assertEquals(0, p.exitValue(), () -> "keytool failed: " + read(log));
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(store)) {
            keys.load(in, STORE_PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, STORE_PASSWORD);
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(keys);
        serverTls = SslContextBuilder.forServer(kmf).build();
        clientTls = SslContextBuilder.forClient().trustManager(tmf).build();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(no output: " + e + ")";
        }
    }

    @Test
    void shouldRunANestOverTlsAndMatchTheCpu() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET)
                     .withTls(serverTls))) {
            assertRunsTheNestOver(node, Cluster.defaults().withTls(clientTls));
        }
    }

    @Test
    void shouldFailAPlainClientAtATlsNodeWithinTheRequestTimeoutAndKeepServing() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET)
                     .withTls(serverTls))) {
            Cluster plain = new Cluster(Duration.ofSeconds(1), SHORT_TIMEOUT, null, Wire.DEFAULT_MAX_FRAME);
            assertFailsInTime(plain, node);
            assertEquals(0, sim.usedBytes());
            assertRunsTheNestOver(node, Cluster.defaults().withTls(clientTls));
        }
    }

    @Test
    void shouldFailATlsClientThatDoesNotTrustTheNodeCertificate() throws Exception {
        SslContext systemTrustOnly = SslContextBuilder.forClient().build();
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET)
                     .withTls(serverTls))) {
            assertFailsInTime(new Cluster(Duration.ofSeconds(1), SHORT_TIMEOUT, systemTrustOnly,
                    Wire.DEFAULT_MAX_FRAME), node);
            assertRunsTheNestOver(node, Cluster.defaults().withTls(clientTls));
        }
    }

    @Test
    void shouldFailATlsClientAtAPlainNodeWithinTheRequestTimeout() {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET))) {
            assertFailsInTime(new Cluster(Duration.ofSeconds(1), SHORT_TIMEOUT, clientTls, Wire.DEFAULT_MAX_FRAME),
                    node);
            assertRunsTheNestOver(node, Cluster.defaults());
        }
    }

    @Test
    void shouldTellATlsCoordinatorTurnedAwayWhyOverTls() throws Exception {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer node = NodeServer.start(NodeConfig.loopback(0, sim, NodeRoundTripTest.SECRET)
                     .withTls(serverTls).withMaxUnauthenticatedPerSource(1));
             RawNodeClient idle = RawNodeClient.connect(node)) {
            HandshakeLimitsTest.awaitUnauthenticated(node, 1);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Cluster.defaults()
                    .withTls(clientTls).open(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                            NodeRoundTripTest.SECRET).forEach(RemoteDevice::close));
            assertEquals("node node:127.0.0.1:" + node.address().getPort() + " refused: node busy: too many "
                    + "unauthenticated connections from 127.0.0.1 (1 at most per source; try again later)",
                    e.getMessage());
        }
    }

    /** {@code cluster} cannot connect to {@code node}: IllegalStateException, well within the request timeout. */
    private static void assertFailsInTime(Cluster cluster, NodeServer node) {
        long start = System.nanoTime();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> cluster.open(
                List.of(Cluster.address("127.0.0.1:" + node.address().getPort())), NodeRoundTripTest.SECRET)
                .forEach(RemoteDevice::close));
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertTrue(took.compareTo(SHORT_TIMEOUT.plusSeconds(2)) < 0, "took " + took + ": " + e.getMessage());
        assertTrue(e.getMessage().startsWith("node node:127.0.0.1:" + node.address().getPort()), e.getMessage());
    }

    private static void assertRunsTheNestOver(NodeServer node, Cluster cluster) {
        float[] a = NodeRoundTripTest.filled(NodeRoundTripTest.ROWS * NodeRoundTripTest.COLS, 3);
        float[] c = NodeRoundTripTest.filled(NodeRoundTripTest.COLS, 4);
        float[] b = new float[a.length];
        try (RemoteDevice remote = cluster.open(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                NodeRoundTripTest.SECRET).get(0)) {
            NodeRoundTripTest.affine(a, c, b).splitAt(1).on(remote).run();
        }
        assertArrayEquals(NodeRoundTripTest.onCpu(a, c), b);
    }
}
