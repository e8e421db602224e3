package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.loopnest.cluster.NodeConfig;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.Wire;
import org.loopnest.cluster.slurm.SlurmStep;
import org.loopnest.cluster.slurm.SlurmTask;
import org.loopnest.device.Device;

/**
 * The worker role of {@code --nodes slurm}: a task of rank 1 or above runs a worker node on its Slurm port until its
 * coordinator (rank 0, running the same command) has connected and left again, then ends with exit code 0 — the
 * coordinator's own exit code is the run's.
 *
 * <p>It listens on the address its host name resolves to when that is a loopback address and the step has one host
 * (a one-machine step, as in tests), else on every address of the host ({@code 0.0.0.0}), since the coordinator
 * resolves the host name on another machine, where it may mean another address than here. Only a coordinator that
 * proves the secret can send work.
 *
 * <p>Prints, on standard output: {@code slurm task R on HOST (pid P): node listening on ADDR:PORT with DEVICE ...}
 * once it accepts connections, {@code slurm task R: coordinator ADDR joined} and
 * {@code slurm task R: coordinator left; exiting}.
 *
 * <p><b>Threading:</b> runs on the caller's thread, which it blocks until the coordinator leaves. <b>Failure:</b> no
 * coordinator within its wait: exit code 1 with a message; a port that cannot be bound: {@link
 * IllegalStateException} naming it.
 */
final class SlurmWorker {
    private final SlurmStep step;
    private final PrintWriter out;
    private final PrintWriter err;

    /**
     * @param step the step, seen from this task (not the coordinator)
     */
    SlurmWorker(SlurmStep step, PrintWriter out, PrintWriter err) {
        if (step.isCoordinator()) {
            throw new IllegalArgumentException("rank 0 is the coordinator, not a worker");
        }
        this.step = step;
        this.out = out;
        this.err = err;
    }

    /**
     * Serves the coordinator on {@code local} until it leaves.
     *
     * @param local           the device to run the chunks on (the caller's, and closed by the caller)
     * @param secret          the step's secret
     * @param coordinatorWait how long to wait for the coordinator to connect
     * @return {@link ErrorHandler#OK} once the coordinator left, {@link ErrorHandler#FAILED} if none came in time
     * @throws IllegalStateException if the port cannot be listened on, naming it
     */
    int serve(Device local, Secret secret, Duration coordinatorWait) throws InterruptedException {
        SlurmTask self = step.self();
        String label = "slurm task " + self.rank();
        String bind = bindHost(step);
        NodeConfig config = new NodeConfig(bind, self.port(), local, secret, null, Wire.DEFAULT_MAX_FRAME,
                NodeConfig.loopback(0, local, secret).idleTimeout());
        try (NodeServer server = NodeServer.start(config)) {
            InetSocketAddress address = server.address();
            out.println(label + " on " + self.host() + " (pid " + ProcessHandle.current().pid() + "): node listening on "
                    + address.getHostString() + ":" + address.getPort() + " with " + local.info().name()
                    + "; waiting for the coordinator, task 0 on " + step.coordinator().host());
            out.flush();
            InetSocketAddress coordinator;
            try {
                coordinator = server.firstCoordinatorJoined().get(coordinatorWait.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                err.println(label + ": no coordinator connected within " + coordinatorWait.toSeconds() + " s "
                        + "(expected: task 0 running the same command with the same --secret-file; see its output)");
                err.flush();
                return ErrorHandler.FAILED;
            }
            out.println(label + ": coordinator " + coordinator.getHostString() + ":" + coordinator.getPort()
                    + " joined");
            out.flush();
            server.firstCoordinatorLeft().get();
            out.println(label + ": coordinator left; exiting");
            out.flush();
            return ErrorHandler.OK;
        } catch (ExecutionException e) {
            throw new IllegalStateException(label + ": " + e.getCause(), e.getCause()); // the futures never fail
        }
    }

    /**
     * The address to listen on: the host's own loopback address in a one-host step whose host name resolves to one,
     * else all addresses.
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
