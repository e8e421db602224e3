package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Unreachable;
import org.loopnest.device.Device;
import org.loopnest.device.cpu.CpuDevice;
import org.loopnest.error.LoopNestException;

/** A worker that answers after the run started joins it; one that cannot, or answers after the end, is closed. */
@Tag("cluster")
class LateWorkersTest {
    @TempDir
    Path dir;

    private Secret secret() {
        Path file = dir.resolve("s");
        assertEquals(0, Cli.run("secret", file.toString()).code());
        return Secret.read(file);
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static Unreachable missing(int port) {
        NodeAddress node = NodeAddress.of(URI.create("tcp://127.0.0.1:" + port)).named("slurm-task-2@127.0.0.1:"
                + port);
        return new Unreachable(node, "Connection refused");
    }

    private static LateWorkers late(int port, Secret secret, StringWriter out, StringWriter err) {
        return new LateWorkers(List.of(missing(port)), Cluster.defaults(), secret,
                Instant.now().plus(Duration.ofMinutes(1)), new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void shouldJoinAWorkerThatStartsListeningAfterTheRunStarted() throws Exception {
        Secret secret = secret();
        int port = freePort();
        CompletableFuture<String> said = new CompletableFuture<>();
        PrintWriter out = new PrintWriter(new StringWriter(), true) {
            @Override
            public void println(String line) {
                said.complete(line); // printed once the worker counts as joined
            }
        };
        CompletableFuture<Device> joined = new CompletableFuture<>();
        try (CpuDevice cpu = new CpuDevice(1);
             LateWorkers late = new LateWorkers(List.of(missing(port)), Cluster.defaults(), secret,
                     Instant.now().plus(Duration.ofMinutes(1)), out, new PrintWriter(new StringWriter(), true))) {
            late.joinInto(device -> joined.complete(device));
            try (NodeServer server = NodeServer.start(NodeConfig.loopback(port, cpu, secret))) {
                Device device = joined.get(1, TimeUnit.MINUTES);
                assertEquals("slurm-task-2@127.0.0.1:" + port, device.info().name());
                assertEquals("slurm-task-2@127.0.0.1:" + port + ": answered late and joined the run",
                        said.get(1, TimeUnit.MINUTES));
                assertTrue(!device.isClosed(), "a joined worker closed before the run ended");
                late.close();
                assertTrue(device.isClosed(), "a joined worker is closed with the others");
                server.firstCoordinatorLeft().get(1, TimeUnit.MINUTES);
            }
        }
    }

    @Test
    void shouldCloseAWorkerThatCannotJoinAndSayWhy() throws Exception {
        Secret secret = secret();
        int port = freePort();
        StringWriter err = new StringWriter();
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer server = NodeServer.start(NodeConfig.loopback(port, cpu, secret));
             LateWorkers late = late(port, secret, new StringWriter(), err)) {
            late.joinInto(device -> {
                throw new LoopNestException("its memory cannot hold the run's buffers");
            });
            server.firstCoordinatorLeft().get(1, TimeUnit.MINUTES); // refused, so closed at once
        }
        assertEquals("slurm-task-2@127.0.0.1:" + port + ": answered late but cannot join the run: its memory cannot "
                + "hold the run's buffers", err.toString().strip());
    }

    @Test
    void shouldJoinTheDeviceOfAHandshakeThatEndedAfterTheWaitWithoutConnectingAgain() throws Exception {
        Secret secret = secret();
        CompletableFuture<RemoteDevice> handshake = new CompletableFuture<>();
        CompletableFuture<Device> joined = new CompletableFuture<>();
        CompletableFuture<String> said = new CompletableFuture<>();
        PrintWriter out = new PrintWriter(new StringWriter(), true) {
            @Override
            public void println(String line) {
                said.complete(line); // printed once the worker counts as joined
            }
        };
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer server = NodeServer.start(NodeConfig.loopback(0, cpu, secret))) {
            int port = server.address().getPort();
            RemoteDevice device = connect(port, secret);
            // the deadline is over: only the handshake's device can join, no new connection
            try (LateWorkers late = afterTheDeadline(finishing(port, handshake), secret, out)) {
                late.joinInto(d -> joined.complete(d));
                handshake.complete(device);
                assertSame(device, joined.get(1, TimeUnit.MINUTES));
                assertEquals("slurm-task-2@127.0.0.1:" + port + ": answered late and joined the run",
                        said.get(1, TimeUnit.MINUTES));
                assertTrue(!device.isClosed(), "a joined worker closed before the run ended");
                assertTrue(!server.firstCoordinatorLeft().isDone(), "the worker was told its coordinator left");
            }
            assertTrue(device.isClosed(), "a joined worker is closed with the others");
            server.firstCoordinatorLeft().get(1, TimeUnit.MINUTES);
        }
    }

    @Test
    void shouldCloseTheDeviceOfAHandshakeThatEndsAfterTheRun() throws Exception {
        Secret secret = secret();
        CompletableFuture<RemoteDevice> handshake = new CompletableFuture<>();
        try (CpuDevice cpu = new CpuDevice(1);
             NodeServer server = NodeServer.start(NodeConfig.loopback(0, cpu, secret))) {
            int port = server.address().getPort();
            RemoteDevice device = connect(port, secret);
            afterTheDeadline(finishing(port, handshake), secret, new PrintWriter(new StringWriter(), true)).close();
            handshake.complete(device); // the run ended (failed before it started) first: closed at once
            server.firstCoordinatorLeft().get(1, TimeUnit.MINUTES);
        }
    }

    /** The worker at {@code port}, still in the handshake when the wait was over; {@code handshake} gives its device. */
    private static Unreachable finishing(int port, CompletableFuture<RemoteDevice> handshake) {
        return new Unreachable(missing(port).node(), "connected, still in the handshake when the wait was over",
                handshake);
    }

    /** Late workers whose deadline for new connections is already over. */
    private static LateWorkers afterTheDeadline(Unreachable worker, Secret secret, PrintWriter out) {
        return new LateWorkers(List.of(worker), Cluster.defaults(), secret, Instant.now(), out,
                new PrintWriter(new StringWriter(), true));
    }

    /** A device connected to the node at {@code port}, as a handshake finished after the wait hands it over. */
    private static RemoteDevice connect(int port, Secret secret) {
        return Cluster.defaults().openAvailable(List.of(missing(port).node()), secret, Duration.ofMinutes(1))
                .devices().get(0);
    }
}
