package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.RawNodeClient.Challenge;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * A node knows when its first coordinator has joined (proven the secret) and when it has left (its connection
 * closed, however): what lets a Slurm worker exit once its coordinator is done.
 */
class NodeServerCoordinatorTest {
    private static final long SECONDS = 10;

    private SimDevice sim;
    private NodeServer node;

    @BeforeEach
    void startNode() {
        sim = new SimDevice(SimConfig.builder().threads(1).build());
        node = NodeServer.start(NodeConfig.loopback(0, sim, NodeSecurityTest.SECRET));
    }

    @AfterEach
    void stopNode() {
        node.close();
        sim.close();
    }

    @Test
    void shouldCountACoordinatorAsJoinedOnlyOnceItHasProvenTheSecret() throws Exception {
        try (RawNodeClient wrong = RawNodeClient.connect(node)) {
            byte[] cn = RawNodeClient.nonce(1);
            Challenge c = Challenge.of(wrong.hello(Wire.MAGIC, Wire.VERSION, cn));
            RawNodeClient.Frame reply = wrong.auth(RawNodeClient.coordinatorProof(NodeSecurityTest.WRONG_BYTES,
                    c.serverNonce(), cn));
            assertEquals(Wire.REFUSED, reply.type(), "the node took a wrong proof");
            assertTrue(wrong.closedByNode(), "the node kept a refused connection");
        }
        assertFalse(node.firstCoordinatorJoined().isDone(), "a coordinator with a wrong secret counted as joined");
        assertFalse(node.firstCoordinatorLeft().isDone(), "a coordinator with a wrong secret counted as left");

        try (RawNodeClient right = RawNodeClient.connect(node)) {
            assertEquals(Wire.READY, right.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(2)).type());
            InetSocketAddress joined = node.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS);
            assertEquals(right.localAddress(), joined.toString(), "joined with another address than the coordinator's");
        }
    }

    @Test
    void shouldCountTheFirstCoordinatorAsLeftWhenItClosesItsDevice() throws Exception {
        RemoteDevice device = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                NodeSecurityTest.SECRET).get(0);
        CompletableFuture<Void> left = node.firstCoordinatorLeft();
        try {
            node.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS);
            assertFalse(left.isDone(), "left while its device is open");
        } finally {
            device.close();
        }
        left.get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void shouldCountTheFirstCoordinatorAsLeftWhenItsConnectionIsDroppedAbruptly() throws Exception {
        RawNodeClient coordinator = RawNodeClient.connect(node);
        try {
            assertEquals(Wire.READY, coordinator.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(3))
                    .type());
            node.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS);
        } finally {
            coordinator.abort();
        }
        node.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void shouldWatchOnlyTheFirstCoordinatorAndServeTheLaterOnes() throws Exception {
        try (RawNodeClient first = RawNodeClient.connect(node)) {
            assertEquals(Wire.READY, first.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(4)).type());
            try (RawNodeClient second = RawNodeClient.connect(node)) {
                assertEquals(Wire.READY, second.authenticate(NodeSecurityTest.SECRET_BYTES, RawNodeClient.nonce(5))
                        .type());
                assertEquals(first.localAddress(), node.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS)
                        .toString());
            }
            RemoteDevice third = Cluster.connect(List.of(Cluster.address("127.0.0.1:" + node.address().getPort())),
                    NodeSecurityTest.SECRET).get(0);
            third.close();
            assertEquals(first.localAddress(), node.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS)
                    .toString(), "a later coordinator took the first one's place");
        }
        node.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void shouldNotLetACallerCompleteTheNodesFutures() {
        node.firstCoordinatorJoined().complete(new InetSocketAddress(1));
        node.firstCoordinatorLeft().complete(null);
        assertFalse(node.firstCoordinatorJoined().isDone(), "a caller completed joined");
        assertFalse(node.firstCoordinatorLeft().isDone(), "a caller completed left");
    }
}
