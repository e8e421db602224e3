package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * {@link Cluster#openAvailableOrLate}: a node whose handshake is under way when the wait is over finishes it, and its
 * device is handed over ({@link Unreachable#late()}) instead of being closed — the node is not told "joined" and then
 * "left" while the coordinator counts it unreachable.
 */
class LateHandshakeTest {
    private static final Secret SECRET = NodeSecurityTest.SECRET;
    private static final Duration WAIT = Duration.ofSeconds(1);
    private static final long SECONDS = 30;

    private final ExecutorService caller = Executors.newSingleThreadExecutor();
    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        caller.shutdownNow();
        assertTrue(caller.awaitTermination(SECONDS, TimeUnit.SECONDS), "openAvailableOrLate still running");
        for (int k = resources.size() - 1; k >= 0; k--) {
            resources.get(k).close();
        }
    }

    @Test
    void shouldHandOverTheDeviceOfAHandshakeThatEndsAfterTheWait() throws Exception {
        NodeServer up = node();
        NodeServer late = node();
        HeldReplyLink link = keep(HeldReplyLink.start(late.address().getPort(), HeldReplyLink.READY));
        Connections c = cluster().openAvailableOrLate(List.of(address(up, "up"), address(link.port(), "late")), SECRET,
                WAIT);
        resources.addAll(c.devices());
        // the wait is over: the late node has authenticated the coordinator; its READY is held
        late.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS);
        assertEquals(List.of("up"), c.devices().stream().map(d -> d.info().name()).toList());
        assertEquals(1, c.unreachable().size(), c.unreachable().toString());
        Unreachable pending = c.unreachable().get(0);
        assertEquals("late", pending.node().name());
        assertEquals("connected, still in the handshake when the wait was over", pending.reason());
        link.release();
        RemoteDevice device = keep(pending.late().get(SECONDS, TimeUnit.SECONDS));
        assertEquals("late", device.info().name());
        assertFalse(device.isClosed(), "the late node's device is closed");
        assertFalse(late.firstCoordinatorLeft().isDone(), "the late node was told its coordinator left");
        device.close();
        late.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void shouldCloseAHandshakeUnderWayAtTheEndOfThePlainWait() throws Exception {
        NodeServer up = node();
        NodeServer late = node();
        HeldReplyLink link = keep(HeldReplyLink.start(late.address().getPort(), HeldReplyLink.READY));
        Connections c = cluster().openAvailable(List.of(address(up, "up"), address(link.port(), "late-plain")),
                SECRET, WAIT);
        resources.addAll(c.devices());
        assertNull(c.unreachable().get(0).late().get(SECONDS, TimeUnit.SECONDS));
        link.release();
        late.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS); // openAvailable leaves nothing open
        assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-late-plain", SECONDS));
    }

    @Test
    void shouldWaitForAHandshakeUnderWayWhenNoNodeAnsweredInTime() throws Exception {
        NodeServer late = node();
        HeldReplyLink link = keep(HeldReplyLink.start(late.address().getPort(), HeldReplyLink.READY));
        Duration wait = Duration.ofMillis(300);
        // released after the wait (a release before it would only make the node answer in time)
        late.firstCoordinatorJoined().thenRunAsync(link::release,
                CompletableFuture.delayedExecutor(wait.toMillis() * 2, TimeUnit.MILLISECONDS));
        CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> cluster().openAvailableOrLate(
                List.of(address(link.port(), "only")), SECRET, wait), caller);
        Connections c = call.get(SECONDS, TimeUnit.SECONDS);
        resources.addAll(c.devices());
        assertEquals(List.of("only"), c.devices().stream().map(d -> d.info().name()).toList());
        assertEquals(List.of(), c.unreachable());
        assertFalse(late.firstCoordinatorLeft().isDone(), "the node was told its coordinator left");
    }

    @Test
    void shouldCloseAHandshakeUnderWayWhenAnotherNodeFailsTheCall() throws Exception {
        NodeServer late = node();
        NodeServer impostor = node(Secret.of(NodeSecurityTest.WRONG_BYTES));
        HeldReplyLink lateLink = keep(HeldReplyLink.start(late.address().getPort(), HeldReplyLink.READY));
        HeldReplyLink impostorLink = keep(HeldReplyLink.start(impostor.address().getPort(), HeldReplyLink.CHALLENGE));
        late.firstCoordinatorJoined().thenRun(impostorLink::release); // it fails the call once the late one is in
        CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> cluster().openAvailableOrLate(
                List.of(address(lateLink.port(), "late-failed"), address(impostorLink.port(), "impostor")), SECRET,
                Duration.ofMinutes(1)), caller);
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(SECONDS, TimeUnit.SECONDS));
        assertEquals("node impostor did not prove it knows the secret (expected: the same secret file on both "
                + "sides)", e.getCause().getMessage());
        // the late node's READY stays held: its attempt is closed, not left to run out its 2-minute handshake
        assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-late-failed", SECONDS / 3));
        late.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
    }

    @Test
    void shouldNameWhyAHandshakeUnderWayAtTheEndOfTheWaitEndedWithoutADevice() throws Exception {
        NodeServer late = node();
        HeldReplyLink link = keep(HeldReplyLink.start(late.address().getPort(), HeldReplyLink.READY)); // never let go
        Cluster quick = new Cluster(Duration.ofSeconds(1), Duration.ofSeconds(2), null, Wire.DEFAULT_MAX_FRAME);
        CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> quick.openAvailableOrLate(
                List.of(address(link.port(), "slurm-task-1")), SECRET, Duration.ofSeconds(1)), caller);
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(SECONDS, TimeUnit.SECONDS));
        NodesUnreachableException none = assertInstanceOf(NodesUnreachableException.class, e.getCause());
        assertEquals("no node answered within 1 s (expected: at least one running 'loopnest node'): slurm-task-1: "
                + "connected before the wait was over, then no handshake reply in 2 s", none.getMessage());
        assertEquals(List.of(new Unreachable(address(link.port(), "slurm-task-1"),
                "connected before the wait was over, then no handshake reply in 2 s")), none.unreachable());
    }

    @Test
    void shouldCompareAndPrintAnUnreachableNodeWithoutItsFuture() {
        NodeAddress node = address(4567, "slurm-task-1");
        Unreachable pending = new Unreachable(node, "connected", new CompletableFuture<>());
        Unreachable settled = new Unreachable(node, "connected");
        assertEquals(settled, pending);
        assertEquals(settled.hashCode(), pending.hashCode());
        assertEquals("Unreachable[node=" + node + ", reason=connected]", pending.toString());
        assertNotEquals(settled, new Unreachable(node, "refused"));
    }

    private static Cluster cluster() {
        return Cluster.defaults();
    }

    private NodeServer node() {
        return node(SECRET);
    }

    /** A node on loopback with its own simulated device, closed after the test. */
    private NodeServer node(Secret secret) {
        SimDevice sim = keep(new SimDevice(SimConfig.builder().threads(1).build()));
        return keep(NodeServer.start(NodeConfig.loopback(0, sim, secret)));
    }

    private <T extends AutoCloseable> T keep(T resource) {
        resources.add(resource);
        return resource;
    }

    private static NodeAddress address(NodeServer node, String name) {
        return address(node.address().getPort(), name);
    }

    private static NodeAddress address(int port, String name) {
        return NodeAddress.of(Cluster.address("127.0.0.1:" + port)).named(name);
    }
}
