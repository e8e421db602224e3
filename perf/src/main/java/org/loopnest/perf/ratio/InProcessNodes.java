package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.device.cpu.CpuDevice;

/**
 * Worker nodes in this JVM, for the data-local rows: {@code count} {@link NodeServer}s on loopback, each with its own
 * {@link CpuDevice} of {@value #THREADS} kernel thread, sharing a fresh random secret, with or without a data
 * directory ({@code loopnest node --data-dir}), connected to with {@link Cluster#connect} directly or through a
 * {@link SimulatedLink}. In this JVM rather than as {@code loopnest node} processes ({@link ProcessNodes}) because
 * {@code LocalNodes} gives each node {@code cores / N} kernel threads when it passes {@code --data-dir} (one node alone
 * would get both cores); the nodes do the same work either way (their own I/O, or chunks over their socket), and with
 * one kernel thread each, two nodes keep two cores busy. {@link #close()} closes the connections, the servers
 * and the devices, in that order.
 */
final class InProcessNodes implements WorkerNodes {
    /** Kernel threads of each node's cpu device. */
    static final int THREADS = 1;

    private final Deque<AutoCloseable> open = new ArrayDeque<>();
    private final List<RemoteDevice> devices = new ArrayList<>();

    private InProcessNodes() {
    }

    /**
     * Starts {@code count} nodes and connects to them.
     *
     * @param dataDir the directory each node may read and write files under, or {@code null} for none (every chunk
     *                shipped over the node's connection)
     * @param link    the link between this coordinator and the nodes, or {@code null} for plain loopback
     * @throws UncheckedIOException if a relay cannot listen
     */
    static InProcessNodes start(int count, Path dataDir, SimulatedLink link) {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        Secret secret = Secret.of(bytes);
        DataDirs dirs = dataDir == null ? DataDirs.NONE : DataDirs.of(List.of(dataDir));
        InProcessNodes nodes = new InProcessNodes();
        try {
            List<URI> addresses = new ArrayList<>();
            for (int n = 0; n < count; n++) {
                CpuDevice cpu = new CpuDevice(THREADS);
                nodes.open.push(cpu);
                NodeServer server = NodeServer.start(NodeConfig.loopback(0, cpu, secret).withDataDirs(dirs));
                nodes.open.push(server);
                addresses.add(link == null ? Cluster.address("127.0.0.1:" + server.address().getPort())
                        : link.relay(server.address()));
            }
            for (RemoteDevice remote : Cluster.connect(addresses, secret)) {
                nodes.open.push(remote);
                nodes.devices.add(remote);
            }
            return nodes;
        } catch (IOException e) {
            nodes.close();
            throw new UncheckedIOException("in-process nodes: cannot relay through the simulated link", e);
        } catch (RuntimeException e) {
            nodes.close();
            throw e;
        }
    }

    @Override
    public List<RemoteDevice> devices() {
        return List.copyOf(devices);
    }

    /**
     * Closes what {@link #start} opened, last first.
     *
     * @throws IllegalStateException for the first failure, after closing the rest
     */
    @Override
    public void close() {
        Closing.lastFirst(open, "in-process nodes");
    }
}
