package org.loopnest.examples.cli;

import java.util.List;
import java.util.Map;
import org.loopnest.cluster.slurm.SlurmStep;
import org.loopnest.cluster.slurm.SlurmTask;

/**
 * What {@code --nodes slurm} means for this task of a Slurm step: on the coordinator (rank 0), the workers'
 * {@code host:port} addresses, as if {@code --nodes host:port,...} had been given.
 *
 * <p>Only the coordinator's side exists so far: every other rank is refused with a message saying to start
 * {@code loopnest node} at its host and port; the worker role of {@code --nodes slurm} is not implemented yet.
 *
 * <p><b>Threading:</b> stateless; safe from any thread. <b>Failure:</b> throws before anything is opened.
 */
final class SlurmNodes {
    /** The {@code --nodes} value that reads the worker list from the Slurm step. */
    static final String NAME = "slurm";

    private SlurmNodes() {
    }

    /**
     * The workers' addresses for the coordinator of the step that {@code env} describes.
     *
     * @param env Slurm's environment, {@code System.getenv()} in the CLI, a map in tests
     * @return {@code host:port} of ranks 1.. in rank order, never empty
     * @throws IllegalStateException outside a Slurm step (from {@link SlurmStep#fromEnvironment(Map)}), on a rank
     *     other than 0 (naming the {@code loopnest node} command that rank should run), or for a one-task step
     * @throws IllegalArgumentException for malformed Slurm variables, naming the variable
     */
    static List<String> workers(Map<String, String> env) {
        SlurmStep step = SlurmStep.fromEnvironment(env);
        if (!step.isCoordinator()) {
            SlurmTask self = step.self();
            throw new IllegalStateException("rank " + self.rank() + " is a worker, not the coordinator (expected: "
                    + "rank 0 runs the command; this rank runs 'loopnest node --bind 0.0.0.0 --port " + self.port()
                    + " --secret-file FILE')");
        }
        List<String> workers = step.workers();
        if (workers.isEmpty()) {
            throw new IllegalStateException("a one-task step has no workers (expected: srun -n 2 or more)");
        }
        return workers;
    }
}
