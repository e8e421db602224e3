package org.loopnest.cluster.slurm;

/**
 * Where one task of a Slurm step runs and listens. Immutable.
 *
 * @param rank the task's rank in the step ({@code SLURM_PROCID} of that task), 0 for the coordinator
 * @param host the host name from the step's node list
 * @param localIndex the task's index among the step's tasks on its host ({@code SLURM_LOCALID} under block
 *     distribution), from 0
 * @param port the port the task listens on, as {@link SlurmStep} derives it
 */
public record SlurmTask(int rank, String host, int localIndex, int port) {
    /**
     * The task's address for a coordinator to connect to.
     *
     * @return {@code host:port}
     */
    public String hostPort() {
        return host + ":" + port;
    }
}
