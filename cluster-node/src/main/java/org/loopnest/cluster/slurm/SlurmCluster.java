package org.loopnest.cluster.slurm;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.loopnest.cluster.Cluster;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Wire;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.device.Device;

/**
 * LoopNest's nodes on the tasks of a Slurm step: rank 0 coordinates ({@link #connectWorkers}), every other rank is a
 * worker node on its Slurm port ({@link #startWorker}). A program run with {@code srun} does:
 *
 * <pre>{@code
 * SlurmStep step = SlurmStep.fromEnvironment(System.getenv());
 * Secret secret = Secret.read(Path.of("/shared/me/slurm.secret"));
 * if (step.isCoordinator()) {
 *     Connections workers = SlurmCluster.connectWorkers(step, secret, Duration.ofSeconds(60));
 *     try {
 *         nest.on(workers.devices().toArray(Device[]::new)).run();
 *     } finally {
 *         workers.devices().forEach(Device::close);
 *     }
 * } else {
 *     try (CpuDevice cpu = new CpuDevice(); NodeServer node = SlurmCluster.startWorker(step, cpu, secret)) {
 *         node.firstCoordinatorJoined().get(2, TimeUnit.MINUTES);  // bounded: the coordinator may have failed
 *         node.firstCoordinatorLeft().get();                       // its run is over
 *     }
 * }
 * }</pre>
 *
 * <p>Workers are named after their task and host, {@code slurm-task-R@HOST:PORT}: the run report and every message
 * about a lost device use that name.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> as each method says; nothing is left open
 * when one throws.
 */
public final class SlurmCluster {
    private SlurmCluster() {
    }

    /**
     * The workers of {@code step} as nodes to connect to: ranks 1.. in rank order, each named
     * {@link #deviceName(SlurmTask)}.
     *
     * @param step the step, seen from its coordinator
     * @return the workers, never empty
     * @throws IllegalStateException on a rank other than 0, or for a one-task step (no workers)
     */
    public static List<NodeAddress> workers(SlurmStep step) {
        if (!step.isCoordinator()) {
            throw new IllegalStateException("rank " + step.procId() + " is a worker, not the coordinator (expected: "
                    + "rank 0)");
        }
        if (step.tasks() < 2) {
            throw new IllegalStateException("a one-task step has no workers (expected: srun -n 2 or more; rank 0 "
                    + "coordinates, the other ranks run the chunks)");
        }
        List<NodeAddress> nodes = new ArrayList<>();
        for (int rank = 1; rank < step.tasks(); rank++) {
            SlurmTask task = step.task(rank);
            nodes.add(NodeAddress.of(Cluster.address(task.hostPort())).named(deviceName(task)));
        }
        return List.copyOf(nodes);
    }

    /**
     * The name of a worker's device.
     *
     * @param task a worker task
     * @return {@code slurm-task-RANK@HOST:PORT}
     */
    public static String deviceName(SlurmTask task) {
        return "slurm-task-" + task.rank() + "@" + task.hostPort();
    }

    /**
     * Connects the coordinator to the workers of {@code step}, retrying those not listening yet for up to {@code
     * wait} ({@link Cluster#openAvailable}).
     *
     * @param step   the step, seen from its coordinator
     * @param secret the secret the workers were started with
     * @param wait   how long to retry workers that are still starting
     * @return the workers that answered (at least one), which the caller closes, and those that did not
     * @throws org.loopnest.cluster.NodesUnreachableException when no worker answered in time, naming each
     * @throws IllegalStateException on a rank other than 0, for a one-task step, or when a worker failed the
     *     handshake (another secret, or a worker of another step on that port), saying which
     */
    public static Connections connectWorkers(SlurmStep step, Secret secret, Duration wait) {
        return Cluster.defaults().openAvailable(workers(step), stepSecret(step, secret), wait);
    }

    /**
     * {@link #connectWorkers}, for a coordinator that lets workers join its run late: a worker still in the
     * handshake when {@code wait} is over finishes it, and its {@link org.loopnest.cluster.Unreachable#late()}
     * completes with its device ({@link Cluster#openAvailableOrLate}), which the caller closes.
     *
     * @param step   the step, seen from its coordinator
     * @param secret the secret the workers were started with
     * @param wait   how long to retry workers that are still starting
     * @return the workers that answered (at least one), and those that did not, with any still in the handshake
     * @throws org.loopnest.cluster.NodesUnreachableException as {@link #connectWorkers}
     * @throws IllegalStateException as {@link #connectWorkers}
     */
    public static Connections connectWorkersOrLate(SlurmStep step, Secret secret, Duration wait) {
        return Cluster.defaults().openAvailableOrLate(workers(step), stepSecret(step, secret), wait);
    }

    /**
     * The secret the tasks of {@code step} authenticate with: derived from {@code secret} and the job and step ids
     * ({@link Secret#derive}), so that a coordinator and a worker of different steps — on a port that one freed and
     * the other took, say — never accept each other, even where one user's jobs share a secret file.
     *
     * @param step   the step
     * @param secret the secret file's secret
     * @return the step's own secret
     */
    public static Secret stepSecret(SlurmStep step, Secret secret) {
        return secret.derive("loopnest slurm step " + step.jobId() + "." + step.stepId());
    }

    /**
     * Starts this task's worker node: on its Slurm port ({@link SlurmStep#self()}), running the chunks of a
     * coordinator that proves {@code secret} on {@code device}. It listens on every address of the host
     * ({@code 0.0.0.0}), since the coordinator resolves this host's name on its own machine, where it may mean another
     * address than here; in a one-host step whose host name resolves to a loopback address (a single machine), on that
     * address only. Wait on {@link NodeServer#firstCoordinatorJoined()} (bounded) and then
     * {@link NodeServer#firstCoordinatorLeft()} to end with the coordinator.
     *
     * @param step   the step, seen from a worker
     * @param device the device to run chunks on (the caller's, closed by the caller after the server)
     * @param secret the secret shared with the coordinator (the node accepts its {@link #stepSecret})
     * @return the running node, which the caller closes
     * @throws IllegalStateException on rank 0, or if the port cannot be listened on (naming it)
     */
    public static NodeServer startWorker(SlurmStep step, Device device, Secret secret) {
        return startWorker(step, device, secret, DataDirs.NONE);
    }

    /**
     * Starts this task's worker node as {@link #startWorker(SlurmStep, Device, Secret)}, reading and writing a run's
     * files itself under {@code dataDirs} ({@code loopnest node --data-dir}): all tasks of a step see the storage the
     * job runs on, so a worker given the directories of the run's files does the run's I/O where they are, and the
     * coordinator's connection carries only the chunks' descriptions.
     *
     * @param step     the step, seen from a worker
     * @param device   the device to run chunks on (the caller's, closed by the caller after the server)
     * @param secret   the secret shared with the coordinator (the node accepts its {@link #stepSecret})
     * @param dataDirs the directories under which the node may read and write the run's files, {@link DataDirs#NONE}
     *                 for none (every chunk is then sent over the connection)
     * @return the running node, which the caller closes
     * @throws IllegalStateException on rank 0, or if the port cannot be listened on (naming it)
     * @throws IllegalArgumentException if {@code dataDirs} is {@code null}
     */
    public static NodeServer startWorker(SlurmStep step, Device device, Secret secret, DataDirs dataDirs) {
        if (step.isCoordinator()) {
            throw new IllegalStateException("rank 0 is the coordinator, not a worker (expected: rank 1 or above)");
        }
        NodeConfig defaults = NodeConfig.loopback(0, device, secret);
        return NodeServer.start(new NodeConfig(bindHost(step), step.self().port(), device, stepSecret(step, secret),
                null, Wire.DEFAULT_MAX_FRAME, defaults.idleTimeout()).withDataDirs(dataDirs));
    }

    /**
     * The address a worker listens on: the host's own loopback address in a one-host step whose host name resolves
     * to one, else all addresses.
     */
    static String bindHost(SlurmStep step) {
        if (step.hosts().size() == 1) {
            try {
                InetAddress own = InetAddress.getByName(step.self().host());
                if (own.isLoopbackAddress()) {
                    return own.getHostAddress();
                }
            } catch (UnknownHostException e) {
                // the wildcard below listens wherever the name may point
            }
        }
        return "0.0.0.0";
    }
}
