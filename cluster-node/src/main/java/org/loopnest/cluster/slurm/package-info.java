/**
 * What a task learns from Slurm's environment: the first slice of running LoopNest under Slurm (issue 15).
 *
 * <p>{@link org.loopnest.cluster.slurm.SlurmStep#fromEnvironment(java.util.Map)} reads one task's view of an
 * {@code srun} step: its rank, the step's hosts (a {@link org.loopnest.cluster.slurm.SlurmHostlist} expression),
 * the tasks on each host ({@link org.loopnest.cluster.slurm.SlurmTasksPerNode}) and, for every rank, a
 * {@link org.loopnest.cluster.slurm.SlurmTask}: host, local index and port. Rank 0 is the coordinator; it connects to
 * {@link org.loopnest.cluster.slurm.SlurmStep#workers()}. Nothing here opens a socket or starts a thread; the
 * {@code --nodes slurm} launcher that uses it is to come.
 *
 * <p><b>Threading:</b> every type is immutable or stateless. <b>Failure:</b> bad input is an
 * {@link java.lang.IllegalArgumentException} naming the variable or expression, its value and what was expected;
 * outside a step, an {@link java.lang.IllegalStateException}.
 */
package org.loopnest.cluster.slurm;
