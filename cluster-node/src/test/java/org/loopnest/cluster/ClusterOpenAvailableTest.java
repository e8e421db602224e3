package org.loopnest.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.loopnest.device.sim.SimConfig;
import org.loopnest.device.sim.SimDevice;

/**
 * {@link Cluster#openAvailable}: every node tried at once, nodes still starting tried again until the wait is
 * over, the others reported with their last reason, a node that fails the handshake failing the whole call.
 */
class ClusterOpenAvailableTest {
    private static final Secret SECRET = NodeSecurityTest.SECRET;
    private static final Duration LONG_WAIT = Duration.ofSeconds(30);
    private static final Duration SHORT_WAIT = Duration.ofMillis(300);
    private static final long SECONDS = 30;
    private static final BiConsumer<NodeAddress, String> QUIET = (node, reason) -> { };

    private final Cluster cluster = Cluster.defaults();
    private final ExecutorService caller = Executors.newSingleThreadExecutor();
    private final List<AutoCloseable> resources = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        caller.shutdownNow();
        assertTrue(caller.awaitTermination(SECONDS, TimeUnit.SECONDS), "openAvailable still running");
        for (int k = resources.size() - 1; k >= 0; k--) {
            resources.get(k).close();
        }
    }

    @Test
    void shouldConnectEveryRunningNodeInTheOrderGivenUnderItsName() throws Exception {
        List<NodeServer> nodes = List.of(node(0, SECRET), node(0, SECRET), node(0, SECRET));
        List<NodeAddress> addresses = List.of(address(nodes.get(0), "first"), address(nodes.get(1), "second"),
                address(nodes.get(2), "third"));
        Connections c = keep(cluster.openAvailable(addresses, SECRET, LONG_WAIT));
        assertEquals(List.of("first", "second", "third"), names(c));
        for (int k = 0; k < nodes.size(); k++) {
            String description = c.devices().get(k).info().description();
            assertTrue(description.startsWith("node /127.0.0.1:" + nodes.get(k).address().getPort() + " running "),
                    description);
        }
        assertEquals(List.of(), c.unreachable());
    }

    @Test
    void shouldConnectANodeThatStartsAfterTheFirstAttempt() throws Exception {
        int port = freePort();
        NodeAddress late = NodeAddress.of(Cluster.address("127.0.0.1:" + port)).named("late");
        CompletableFuture<String> firstFailure = new CompletableFuture<>();
        CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> cluster.openAvailable(
                List.of(late), SECRET, LONG_WAIT, (node, reason) -> firstFailure.complete(reason)), caller);
        String reason = firstFailure.get(SECONDS, TimeUnit.SECONDS);
        assertTrue(reason.toLowerCase(java.util.Locale.ROOT).contains("refused"), reason);
        node(port, SECRET);
        Connections c = keep(call.get(SECONDS, TimeUnit.SECONDS));
        assertEquals(List.of("late"), names(c));
        assertEquals(List.of(), c.unreachable());
    }

    @Test
    void shouldTryABusyNodeAgainOnceItHasRoom() throws Exception {
        try (SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
             NodeServer busy = NodeServer.start(new NodeConfig("127.0.0.1", 0, sim, SECRET, null,
                     Wire.DEFAULT_MAX_FRAME, Duration.ofSeconds(30), NodeConfig.DEFAULT_HANDSHAKE_TIMEOUT, 1));
             RawNodeClient holder = RawNodeClient.connect(busy)) {
            // the holder's place among the unauthenticated connections is taken once the node has challenged it
            assertEquals(Wire.CHALLENGE, holder.hello(Wire.MAGIC, Wire.VERSION, RawNodeClient.nonce(1)).type());
            CompletableFuture<String> turnedAway = new CompletableFuture<>();
            CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> cluster.openAvailable(
                    List.of(address(busy, "busy")), SECRET, LONG_WAIT, (node, reason) -> turnedAway.complete(reason)),
                    caller);
            String reason = turnedAway.get(SECONDS, TimeUnit.SECONDS);
            assertTrue(reason.startsWith("refused: node busy: "), reason);
            holder.close();
            Connections c = keep(call.get(SECONDS, TimeUnit.SECONDS));
            assertEquals(List.of("busy"), names(c));
        }
    }

    @Test
    void shouldTryAgainANodeThatHangsUpBeforeTheHandshake() throws Exception {
        ExecutorService fake = Executors.newSingleThreadExecutor();
        try {
            ServerSocket hangingUp = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
            int port = hangingUp.getLocalPort();
            CompletableFuture<Void> hungUp = CompletableFuture.runAsync(() -> {
                try (hangingUp; Socket s = hangingUp.accept()) {
                    s.setSoTimeout(10_000);
                    s.getInputStream().read(); // the HELLO has come: hang up on it (and stop listening)
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, fake);
            List<String> reasons = new CopyOnWriteArrayList<>();
            CompletableFuture<Void> triedAgain = new CompletableFuture<>();
            NodeAddress node = NodeAddress.of(Cluster.address("127.0.0.1:" + port)).named("hangs-up");
            CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> cluster.openAvailable(
                    List.of(node), SECRET, LONG_WAIT, (n, reason) -> {
                        reasons.add(reason);
                        triedAgain.complete(null);
                    }), caller);
            hungUp.get(SECONDS, TimeUnit.SECONDS);
            triedAgain.get(SECONDS, TimeUnit.SECONDS);
            node(port, SECRET);
            Connections c = keep(call.get(SECONDS, TimeUnit.SECONDS));
            assertEquals(List.of("hangs-up"), names(c));
            assertTrue(reasons.get(0).equals("closed the connection during the handshake")
                    || reasons.get(0).startsWith("connection failed during the handshake: "), reasons.toString());
        } finally {
            fake.shutdownNow();
            assertTrue(fake.awaitTermination(SECONDS, TimeUnit.SECONDS), "the fake node still running");
        }
    }

    @Test
    void shouldReportANodeThatNeverStartsAndConnectTheOthers() throws Exception {
        NodeServer up = node(0, SECRET);
        NodeAddress never = NodeAddress.of(Cluster.address("127.0.0.1:" + freePort())).named("never");
        Connections c = keep(cluster.openAvailable(List.of(never, address(up, "up")), SECRET, SHORT_WAIT));
        assertEquals(List.of("up"), names(c));
        assertEquals(1, c.unreachable().size(), c.unreachable().toString());
        assertEquals(never, c.unreachable().get(0).node());
        String reason = c.unreachable().get(0).reason();
        assertTrue(reason.toLowerCase(java.util.Locale.ROOT).contains("refused"), reason);
        assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-never", SECONDS),
                "the unreachable node's event loop is left running");
    }

    @Test
    void shouldSayWhyEachNodeDidNotAnswerWhenNoneDidAndLeaveNoThreadBehind() throws Exception {
        NodeAddress a = NodeAddress.of(Cluster.address("127.0.0.1:" + freePort())).named("silent-a");
        NodeAddress b = NodeAddress.of(Cluster.address("127.0.0.1:" + freePort())).named("silent-b");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> cluster.openAvailable(List.of(a, b), SECRET, SHORT_WAIT));
        String expected = "no node answered within 300 ms (expected: at least one running 'loopnest node'): "
                + "silent-a: ";
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
        assertTrue(e.getMessage().contains("; silent-b: "), e.getMessage());
        assertTrue(e.getMessage().toLowerCase(java.util.Locale.ROOT).contains("refused"), e.getMessage());
        assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-silent-", SECONDS));
    }

    @Test
    void shouldFailTheWholeCallOnANodeWithAnotherSecretClosingTheConnectionsMade() throws Exception {
        NodeServer right = node(0, SECRET);
        int port = freePort();
        NodeAddress impostor = NodeAddress.of(Cluster.address("127.0.0.1:" + port)).named("wrong-b");
        CompletableFuture<Void> impostorTried = new CompletableFuture<>();
        CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> keep(cluster.openAvailable(
                List.of(address(right, "wrong-a"), impostor), SECRET, LONG_WAIT, (node, reason) -> {
                    if (node.equals(impostor)) {
                        impostorTried.complete(null);
                    }
                })), caller);
        impostorTried.get(SECONDS, TimeUnit.SECONDS);
        right.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS); // connected before the impostor answers
        node(port, Secret.of(NodeSecurityTest.WRONG_BYTES));
        ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(SECONDS, TimeUnit.SECONDS));
        assertInstanceOf(IllegalStateException.class, e.getCause());
        assertEquals("node wrong-b did not prove it knows the secret (expected: the same secret file on both sides)",
                e.getCause().getMessage());
        right.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
        assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-wrong-", SECONDS));
    }

    @Test
    void shouldTryEveryNodeAtOnceSoThatASilentOneHoldsUpNoOtherAndStopWhenInterrupted() throws Exception {
        NodeServer up = node(0, SECRET);
        ExecutorService interruptible = Executors.newSingleThreadExecutor();
        try (ServerSocket silent = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            // accepted by the kernel, never answered: the handshake waits for the request timeout
            Cluster patient = new Cluster(Duration.ofSeconds(1), Duration.ofMinutes(10), null,
                    Wire.DEFAULT_MAX_FRAME);
            NodeAddress first = NodeAddress.of(Cluster.address("127.0.0.1:" + silent.getLocalPort()))
                    .named("atonce-silent");
            CompletableFuture<Connections> call = CompletableFuture.supplyAsync(() -> keep(patient.openAvailable(
                    List.of(first, address(up, "atonce-up")), SECRET, Duration.ofMinutes(10))), interruptible);
            up.firstCoordinatorJoined().get(SECONDS, TimeUnit.SECONDS);
            interruptible.shutdownNow();
            ExecutionException e = assertThrows(ExecutionException.class, () -> call.get(SECONDS, TimeUnit.SECONDS));
            assertEquals("interrupted connecting to 2 nodes", e.getCause().getMessage());
            up.firstCoordinatorLeft().get(SECONDS, TimeUnit.SECONDS);
            assertEquals(Set.of(), LiveThreads.startingWith("loopnest-remote-atonce-", SECONDS));
        } finally {
            interruptible.shutdownNow();
            assertTrue(interruptible.awaitTermination(SECONDS, TimeUnit.SECONDS), "openAvailable still running");
        }
    }

    @Test
    void shouldRefuseMissingOrEmptyNodesNamingThem() {
        NodeAddress a = NodeAddress.of(URI.create("tcp://127.0.0.1:4567"));
        assertEquals("nodes: null (expected: at least one node)", refused(null, SECRET, LONG_WAIT));
        assertEquals("nodes: none given (expected: at least one node)", refused(List.of(), SECRET, LONG_WAIT));
        assertEquals("nodes[1]: null (expected: a node address)", refused(Arrays.asList(a, null), SECRET, LONG_WAIT));
    }

    @Test
    void shouldRefuseAMissingSecretAndAWaitThatIsNotPositive() {
        List<NodeAddress> a = List.of(NodeAddress.of(URI.create("tcp://127.0.0.1:4567")));
        assertEquals("secret: null (expected: the secret shared with the nodes)", refused(a, null, LONG_WAIT));
        String expected = " (expected: a positive duration, e.g. 30 s)";
        assertEquals("wait: null" + expected, refused(a, SECRET, null));
        assertEquals("wait: PT0S" + expected, refused(a, SECRET, Duration.ZERO));
        assertEquals("wait: PT-1S" + expected, refused(a, SECRET, Duration.ofSeconds(-1)));
    }

    @Test
    void shouldNameANodeAfterItsAddressUnlessToldOtherwise() {
        NodeAddress a = NodeAddress.of(URI.create("tcp://127.0.0.1:4567"));
        assertEquals("node:127.0.0.1:4567", a.name());
        assertEquals(new NodeAddress(URI.create("tcp://127.0.0.1:4567"), "task 1 on vm"), a.named("task 1 on vm"));
    }

    @Test
    void shouldRefuseANodeAddressWithoutAPortOrNameNamingIt() {
        assertEquals("uri: null (expected: a node's tcp://host:port)",
                assertThrows(IllegalArgumentException.class, () -> NodeAddress.of(null)).getMessage());
        assertEquals("node address 'tcp://vm' (expected: host:port with a port from 1 to 65535, e.g. "
                + "127.0.0.1:4567)", assertThrows(IllegalArgumentException.class,
                () -> NodeAddress.of(URI.create("tcp://vm"))).getMessage());
        NodeAddress a = NodeAddress.of(URI.create("tcp://127.0.0.1:4567"));
        assertEquals("name: ' ' (expected: a non-blank name for the node's device)",
                assertThrows(IllegalArgumentException.class, () -> a.named(" ")).getMessage());
        assertEquals("name: null (expected: a non-blank name for the node's device)",
                assertThrows(IllegalArgumentException.class, () -> a.named(null)).getMessage());
    }

    private String refused(List<NodeAddress> nodes, Secret secret, Duration wait) {
        return assertThrows(IllegalArgumentException.class, () -> cluster.openAvailable(nodes, secret, wait, QUIET))
                .getMessage();
    }

    /** A node on loopback with its own simulated device, closed after the test. */
    private NodeServer node(int port, Secret secret) {
        SimDevice sim = new SimDevice(SimConfig.builder().threads(1).build());
        resources.add(sim);
        NodeServer node = NodeServer.start(NodeConfig.loopback(port, sim, secret));
        resources.add(node);
        return node;
    }

    /** Closes {@code c}'s devices after the test (before the nodes). */
    private Connections keep(Connections c) {
        resources.addAll(c.devices());
        return c;
    }

    private static NodeAddress address(NodeServer node, String name) {
        return NodeAddress.of(Cluster.address("127.0.0.1:" + node.address().getPort())).named(name);
    }

    private static List<String> names(Connections c) {
        return c.devices().stream().map(d -> d.info().name()).toList();
    }

    /** A loopback port nobody listens on (a moment ago). */
    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
