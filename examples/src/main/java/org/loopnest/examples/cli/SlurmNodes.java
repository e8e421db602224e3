package org.loopnest.examples.cli;

import java.io.PrintWriter;
import java.time.Duration;
import org.loopnest.cluster.Connections;
import org.loopnest.cluster.slurm.SlurmCluster;
import org.loopnest.cluster.slurm.SlurmStep;

/**
 * What the coordinator of {@code --nodes slurm} says about its workers: which answered (named after their Slurm
 * task and host, {@code slurm-task-1@gpu01:17665}, see {@link SlurmCluster}) and which did not.
 *
 * <p><b>Threading:</b> stateless.
 */
final class SlurmNodes {
    /** The {@code --nodes} value that runs the command on the tasks of the Slurm step. */
    static final String NAME = "slurm";

    private SlurmNodes() {
    }

    /**
     * Says which workers the run uses, on {@code out}, and which did not answer within {@code wait}, on {@code err}.
     *
     * @param step      the step, seen from rank 0
     * @param connected what the coordinator connected to
     * @param wait      how long it retried
     */
    static void report(SlurmStep step, Connections connected, Duration wait, PrintWriter out, PrintWriter err) {
        out.println("slurm step " + step.jobId() + "." + step.stepId() + ": coordinator task 0 on "
                + step.coordinator().host() + "; " + connected.devices().size() + " of " + (step.tasks() - 1)
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
