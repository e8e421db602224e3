package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URI;
import org.junit.jupiter.api.Test;

class ClusterAddressTest {
    private static final String EXPECTED = " (expected: host:port with a port from 1 to 65535, e.g. 127.0.0.1:4567)";

    private static String refused(String hostPort) {
        return assertThrows(IllegalArgumentException.class, () -> Cluster.address(hostPort)).getMessage();
    }

    @Test
    void shouldMakeATcpAddressOfAHostAndAPort() {
        assertEquals(URI.create("tcp://127.0.0.1:4567"), Cluster.address("127.0.0.1:4567"));
        assertEquals(URI.create("tcp://[::1]:65535"), Cluster.address("[::1]:65535"));
    }

    @Test
    void shouldRefuseAPortOutOfRangeBeforeConnecting() {
        assertEquals("node address '127.0.0.1:99999'" + EXPECTED, refused("127.0.0.1:99999"));
        assertEquals("node address '127.0.0.1:0'" + EXPECTED, refused("127.0.0.1:0"));
    }

    @Test
    void shouldRefuseAnEmptyOrMalformedAddressNamingIt() {
        assertEquals("node address ''" + EXPECTED, refused(""));
        assertEquals("node address 'a b:1'" + EXPECTED, refused("a b:1"));
        assertEquals("node address 'foo'" + EXPECTED, refused("foo"));
    }
}
