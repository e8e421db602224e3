package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.slurm.SlurmCluster;
import org.loopnest.cluster.slurm.SlurmStep;

/**
 * The coordinator's side of {@code --nodes slurm}: the worker tasks of the step (ranks 1 and above) as nodes to
 * connect to, each named after its Slurm task and host ({@code slurm-task-1@gpu01:17665}, see {@link SlurmCluster}),
 * and what the coordinator says about who answered.
 *
 * <p><b>Threading:</b> immutable. <b>Failure:</b> throws before anything is opened.
 */
final class SlurmNodes {
    /** The {@code --nodes} value that runs the command on the tasks of the Slurm step. */
    static final String NAME = "slurm";

    private final SlurmStep step;
    private final List<NodeAddress> nodes;

    private SlurmNodes(SlurmStep step, List<NodeAddress> nodes) {
        this.step = step;
        this.nodes = List.copyOf(nodes);
    }

    /**
     * The workers the coordinator of {@code step} connects to ({@link SlurmCluster#workers}).
     *
     * @param step the step, seen from rank 0
     * @return its workers, ranks 1.. in rank order
     * @throws IllegalStateException on a rank other than 0, or for a one-task step (no workers)
     */
    static SlurmNodes of(SlurmStep step) {
        return new SlurmNodes(step, SlurmCluster.workers(step));
    }

    /** {@return the workers, ranks 1.. in rank order} */
    List<NodeAddress> nodes() {
        return nodes;
    }

    /**
     * Says which workers the run uses, on {@code out}, and which did not answer within {@code wait}, on {@code err}.
     *
     * @param connected what the coordinator connected to
     * @param wait      how long it retried
     */
    void report(Connections connected, Duration wait, PrintWriter out, PrintWriter err) {
        out.println("slurm step " + step.jobId() + "." + step.stepId() + ": coordinator task 0 on "
                + step.coordinator().host() + "; " + connected.devices().size() + " of " + nodes.size()
                + " workers: " + String.join(", ", connected.devices().stream().map(d -> d.info().name()).toList()));
        out.flush();
        if (!connected.unreachable().isEmpty()) {
            err.println("slurm step " + step.jobId() + "." + step.stepId() + ": running without "
                    + connected.unreachable().size() + " worker(s) not answering within " + wait.toSeconds() + " s: "
                    + String.join("; ", connected.unreachable().stream()
                    .map(u -> u.node().name() + " (" + u.reason() + ")").toList()));
            err.flush();
        }
    }
}
