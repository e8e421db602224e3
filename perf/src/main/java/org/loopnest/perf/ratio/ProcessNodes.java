package org.loopnest.perf.ratio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.cluster.Secret;
import org.loopnest.examples.cli.DeviceSpec;
import org.loopnest.examples.cli.LocalNodes;

/**
 * Worker nodes as {@code --nodes local:N} starts them ({@link LocalNodes}: {@code loopnest node --device cpu}
 * processes on 127.0.0.1, {@code max(1, cores / N)} kernel threads each), with or without a data directory
 * ({@code --data-dir}), connected to with {@link Cluster#connect}. {@link #close()} closes the connections, then stops
 * the processes.
 */
final class ProcessNodes implements WorkerNodes {
    private final LocalNodes nodes;
    private final List<RemoteDevice> devices;

    private ProcessNodes(LocalNodes nodes, List<RemoteDevice> devices) {
        this.nodes = nodes;
        this.devices = List.copyOf(devices);
    }

    /**
     * Starts {@code count} nodes and connects to them.
     *
     * @param dataDir the directory each node may read and write files under, or {@code null} for none
     * @throws UncheckedIOException if the nodes cannot be started
     */
    static ProcessNodes start(int count, Path dataDir) {
        LocalNodes nodes;
        try {
            nodes = LocalNodes.start(count, DeviceSpec.parse("cpu"), null,
                    dataDir == null ? List.of() : List.of(dataDir));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + count + " local node(s)", e);
        }
        try {
            return new ProcessNodes(nodes, Cluster.connect(nodes.addresses(), Secret.read(nodes.secretFile())));
        } catch (RuntimeException e) {
            nodes.close();
            throw e;
        }
    }

    /** {@return the kernel threads of each node's cpu device, as {@link LocalNodes} gives them} */
    static int threads(int count) {
        return Math.max(1, Runtime.getRuntime().availableProcessors() / count);
    }

    @Override
    public List<RemoteDevice> devices() {
        return devices;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (RemoteDevice d : devices) {
            try {
                d.close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        nodes.close();
        if (first != null) {
            throw new IllegalStateException("local nodes: closing " + first, first);
        }
    }
}
