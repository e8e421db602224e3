/**
 * LoopNest's nodes on the tasks of a Slurm step (issue 15).
 *
 * <p>{@link org.loopnest.cluster.slurm.SlurmStep#fromEnvironment(java.util.Map)} reads one task's view of an
 * {@code srun} step: its rank, the step's hosts (a {@link org.loopnest.cluster.slurm.SlurmHostlist} expression),
 * the tasks on each host ({@link org.loopnest.cluster.slurm.SlurmTasksPerNode}) and, for every rank, a
 * {@link org.loopnest.cluster.slurm.SlurmTask}: host, local index and port. {@link
 * org.loopnest.cluster.slurm.SlurmCluster} runs the step: rank 0 is the coordinator and connects to the other ranks
 * ({@code connectWorkers}), each of which is a worker node on its Slurm port ({@code startWorker}) until the
 * coordinator has come and gone. The CLI's {@code --nodes slurm} is built on it.
 *
 * <p><b>Threading:</b> every type is immutable or stateless; the nodes and devices returned are thread-safe as their
 * own types say. <b>Failure:</b> bad input is an {@link java.lang.IllegalArgumentException} naming the variable or
 * expression, its value and what was expected; outside a step, an {@link java.lang.IllegalStateException}.
 */
package org.loopnest.cluster.slurm;
