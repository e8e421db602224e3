package org.loopnest.cluster.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.Secret;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/** A node's data directories in its configuration: none unless given, kept by every other setting's change. */
class NodeConfigDataDirsTest {
    @TempDir
    Path tmp;

    private SimDevice sim;
    private NodeConfig config;

    @BeforeEach
    void config() {
        sim = new SimDevice(SimConfig.builder().threads(1).build());
        config = NodeConfig.loopback(0, sim, Secret.of("0123456789abcdef".getBytes(
                java.nio.charset.StandardCharsets.US_ASCII)));
    }

    @AfterEach
    void close() {
        sim.close();
    }

    @Test
    void shouldHaveNoDataDirectoriesUnlessGiven() {
        assertEquals(DataDirs.NONE, config.dataDirs());
        assertEquals(DataDirs.NONE, new NodeConfig("127.0.0.1", 0, sim, config.secret(), null, 4096,
                Duration.ofSeconds(1), Duration.ofSeconds(1), 1, 1).dataDirs());
    }

    @Test
    void shouldKeepTheDataDirectoriesThroughEveryOtherChange() {
        DataDirs dirs = DataDirs.of(List.of(tmp));

        NodeConfig changed = config.withDataDirs(dirs).withBindHost("0.0.0.0").withTls(null)
                .withIdleTimeout(Duration.ofSeconds(5)).withHandshakeTimeout(Duration.ofSeconds(5))
                .withMaxUnauthenticated(2).withMaxUnauthenticatedPerSource(1);

        assertEquals(dirs, changed.dataDirs());
    }

    @Test
    void shouldRefuseNullDataDirectories() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> config.withDataDirs(null));
        assertEquals("data dirs = null (expected: DataDirs.NONE for no I/O of its own)", e.getMessage());
    }
}
