package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.loopnest.cluster.NodeServer;
import org.loopnest.cluster.Secret;
import org.loopnest.cluster.files.DataDirs;
import org.loopnest.cluster.slurm.SlurmCluster;
import org.loopnest.cluster.slurm.SlurmStep;
import org.loopnest.cluster.slurm.SlurmTask;
import org.loopnest.device.Device;

/**
 * The worker role of {@code --nodes slurm}: a task of rank 1 or above runs a worker node on its Slurm port
 * ({@link SlurmCluster#startWorker}) until its coordinator (rank 0, running the same command) has connected and left
 * again, then ends with exit code 0 — the coordinator's own exit code is the run's.
 *
 * <p>Prints, on standard output: {@code slurm task R on HOST (pid P): node listening on ADDR:PORT with DEVICE ...}
 * once it accepts connections, then, when it has data directories, {@code slurm task R: reads and writes the run's
 * files itself under [DIR, ...]}; {@code slurm task R: coordinator ADDR joined} and
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
     * @param step the step, seen from this task (not the coordinator: {@link #serve} refuses rank 0)
     */
    SlurmWorker(SlurmStep step, PrintWriter out, PrintWriter err) {
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
     * @param dataDirs        the directories of the run's files, where the node does the run's I/O itself
     *                        ({@link DataDirs#NONE}: none, every chunk is sent to it)
     * @return {@link ErrorHandler#OK} once the coordinator left, {@link ErrorHandler#FAILED} if none came in time
     * @throws IllegalStateException on rank 0, or if the port cannot be listened on, naming it
     */
    int serve(Device local, Secret secret, Duration coordinatorWait, DataDirs dataDirs) throws InterruptedException {
        SlurmTask self = step.self();
        String label = "slurm task " + self.rank();
        try (NodeServer server = SlurmCluster.startWorker(step, local, secret, dataDirs)) {
            InetSocketAddress address = server.address();
            out.println(label + " on " + self.host() + " (pid " + ProcessHandle.current().pid() + "): node listening on "
                    + address.getHostString() + ":" + address.getPort() + " with " + local.info().name()
                    + "; waiting for the coordinator, task 0 on " + step.coordinator().host());
            if (!dataDirs.isEmpty()) {
                out.println(label + ": reads and writes the run's files itself under " + dataDirs);
            }
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
}
