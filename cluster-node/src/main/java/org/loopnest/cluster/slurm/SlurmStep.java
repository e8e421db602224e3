package org.loopnest.cluster.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * What one task of a Slurm job step learns from Slurm's environment: who it is, who the others are, where each
 * runs and which port each listens on. Rank 0 is the coordinator, every other rank a worker node.
 *
 * <p><b>Variables read:</b> {@code SLURM_JOB_ID}, {@code SLURM_STEP_ID}, {@code SLURM_PROCID} (required: without
 * them the process is not inside a step; a special step id such as the batch script's is refused),
 * {@code SLURM_NTASKS}, {@code SLURM_LOCALID}, the node list
 * ({@code SLURM_STEP_NODELIST}, else {@code SLURM_JOB_NODELIST}; a {@link SlurmHostlist} expression), the tasks per
 * node ({@code SLURM_STEP_TASKS_PER_NODE}, else {@code SLURM_TASKS_PER_NODE}; {@link SlurmTasksPerNode} notation),
 * and optionally {@code SLURM_STEP_RESV_PORTS} and the GPUs ({@code SLURM_STEP_GPUS}, else
 * {@code CUDA_VISIBLE_DEVICES}). Checked together: one tasks-per-node count per host, their sum equal to
 * {@code SLURM_NTASKS}, {@code SLURM_PROCID < SLURM_NTASKS}, and {@code SLURM_LOCALID} equal to the block placement's.
 *
 * <p><b>Placement:</b> tasks are placed on hosts in <em>block</em> order, Slurm's default distribution: the first
 * host's count of tasks get ranks {@code 0..n0-1}, the next host's the next ranks, and so on; a task's local index
 * is its rank minus its host's first rank. Other distributions ({@code srun -m cyclic}, {@code arbitrary}) are not
 * supported; a task that finds its {@code SLURM_LOCALID} differ from the block placement refuses the step.
 *
 * <p><b>Ports:</b> with {@code srun --resv-ports} ({@code SLURM_STEP_RESV_PORTS}, e.g. {@code 12000-12003}) Slurm
 * reserves the same ports on every host of the step, and a task listens on the reserved port at its local index
 * (the first reserved port for local index 0, and so on); there must be at least as many reserved ports as the
 * busiest host has tasks. Without reserved ports the port is derived from the job and step ids:
 * {@code 16384 + ((jobId * 16 + stepId) * 16 + localIndex) mod 16384}, in the unprivileged range 16384..32767 below
 * Linux's ephemeral ports. The tasks of one step on one host get consecutive ports and so never collide with each
 * other; steps 0..15 of one job, and consecutive jobs, get disjoint shares while a host runs at most 16 tasks of a
 * step.
 *
 * <p><b>Pitfalls:</b> a derived port is a guess, not a reservation: another program, or a job whose id is 64 apart
 * (or whose step ids reach 16 apart) sharing the host, may hold it, and the worker then fails to bind. Use
 * {@code srun --resv-ports} where the site configures {@code MpiParams=ports=...} to be sure. On a site that
 * confines GPUs with cgroups, {@code SLURM_STEP_GPUS} holds the host's GPU numbers while the process sees its GPUs
 * numbered from 0; {@link #gpus()} reports what the variable says.
 *
 * <p><b>Threading:</b> immutable; safe from any thread. <b>Failure:</b> {@link #fromEnvironment(Map)} throws before
 * anything else is done.
 */
public final class SlurmStep {
    private static final String SRUN = "run under srun, e.g. 'srun -n 3 ./loopnest ...'";

    private final long jobId;
    private final long stepId;
    private final int procId;
    private final int tasks;
    private final int localId;
    private final List<String> hosts;
    private final int[] tasksPerNode;
    private final int[] firstRank;
    private final List<Integer> reservedPorts;
    private final List<String> gpus;

    private SlurmStep(SlurmVariables env) {
        jobId = env.number("SLURM_JOB_ID", 1, 0xFFFF_FFFFL);
        stepId = SlurmStepReader.stepId(env);
        tasks = (int) env.number("SLURM_NTASKS", 1, Integer.MAX_VALUE);
        procId = (int) env.number("SLURM_PROCID", 0, Integer.MAX_VALUE);
        if (procId >= tasks) {
            throw env.invalid("SLURM_PROCID", "< SLURM_NTASKS=" + tasks);
        }
        localId = (int) env.number("SLURM_LOCALID", 0, Integer.MAX_VALUE);
        String nodesVariable = env.requiredName("a hostlist such as gpu[01-04,07], as srun sets it",
                "SLURM_STEP_NODELIST", "SLURM_JOB_NODELIST");
        hosts = SlurmStepReader.hosts(env, nodesVariable);
        tasksPerNode = SlurmStepReader.tasksPerNode(env, nodesVariable, hosts.size());
        firstRank = SlurmStepReader.firstRanks(env, tasksPerNode, tasks);
        reservedPorts = SlurmStepReader.reservedPorts(env, tasksPerNode);
        gpus = SlurmStepReader.gpus(env);
        SlurmTask self = task(procId);
        if (self.localIndex() != localId) {
            throw env.invalid("SLURM_LOCALID", "task " + procId + " is task " + self.localIndex() + " on host "
                    + self.host() + " in block order: srun's default block distribution, not -m cyclic or arbitrary");
        }
    }

    /**
     * Reads the step from an environment, such as {@code System.getenv()}.
     *
     * @param env the environment variables; copied, not kept
     * @return the step as this task sees it
     * @throws IllegalStateException if {@code SLURM_JOB_ID}, {@code SLURM_STEP_ID} or {@code SLURM_PROCID} is not set:
     *     not inside a Slurm step ({@code "not inside a Slurm step: ... (expected: run under srun ...)"})
     * @throws IllegalArgumentException for a missing or malformed variable, or variables that disagree; the message
     *     names the variable, its value and what was expected
     * @throws NullPointerException if {@code env} is {@code null} or holds a {@code null} key or value
     */
    public static SlurmStep fromEnvironment(Map<String, String> env) {
        SlurmVariables variables = new SlurmVariables(env);
        for (String name : List.of("SLURM_JOB_ID", "SLURM_STEP_ID", "SLURM_PROCID")) {
            if (!variables.has(name)) {
                throw new IllegalStateException("not inside a Slurm step: " + name + " is not set (expected: " + SRUN
                        + ")");
            }
        }
        return new SlurmStep(variables);
    }


    /**
     * The task at a rank: its host and local index by block placement, and its port.
     *
     * @param rank a rank in {@code 0..tasks()-1}
     * @return where that task runs and listens
     * @throws IllegalArgumentException if {@code rank} is out of range (the message names it and the range)
     */
    public SlurmTask task(int rank) {
        if (rank < 0 || rank >= tasks) {
            throw new IllegalArgumentException("rank = " + rank + " (expected: 0.." + (tasks - 1) + ")");
        }
        int found = Arrays.binarySearch(firstRank, rank);
        int node = found >= 0 ? found : -found - 2;
        int localIndex = rank - firstRank[node];
        int port = reservedPorts.isEmpty() ? SlurmPorts.derived(jobId, stepId, localIndex)
                : reservedPorts.get(localIndex);
        return new SlurmTask(rank, hosts.get(node), localIndex, port);
    }

    /**
     * This task.
     *
     * @return the task at {@link #procId()}
     */
    public SlurmTask self() {
        return task(procId);
    }

    /**
     * The coordinator's task, rank 0: the first task on the first host of the node list.
     *
     * @return the task at rank 0
     */
    public SlurmTask coordinator() {
        return task(0);
    }

    /**
     * Whether this task is the coordinator.
     *
     * @return {@code true} for rank 0
     */
    public boolean isCoordinator() {
        return procId == 0;
    }

    /**
     * The workers' addresses, for the coordinator to connect to.
     *
     * @return {@code host:port} of ranks {@code 1..tasks()-1} in rank order; empty for a one-task step
     */
    public List<String> workers() {
        List<String> workers = new ArrayList<>(tasks - 1);
        for (int rank = 1; rank < tasks; rank++) {
            workers.add(task(rank).hostPort());
        }
        return List.copyOf(workers);
    }

    /**
     * The job's id.
     *
     * @return {@code SLURM_JOB_ID}
     */
    public long jobId() {
        return jobId;
    }

    /**
     * The step's id within the job.
     *
     * @return {@code SLURM_STEP_ID}
     */
    public long stepId() {
        return stepId;
    }

    /**
     * This task's rank.
     *
     * @return {@code SLURM_PROCID}, in {@code 0..tasks()-1}
     */
    public int procId() {
        return procId;
    }

    /**
     * The number of tasks in the step.
     *
     * @return {@code SLURM_NTASKS}, at least 1
     */
    public int tasks() {
        return tasks;
    }

    /**
     * This task's index among the step's tasks on its host.
     *
     * @return {@code SLURM_LOCALID}
     */
    public int localId() {
        return localId;
    }

    /**
     * The step's hosts, in node-list order.
     *
     * @return the expanded node list; unmodifiable
     */
    public List<String> hosts() {
        return hosts;
    }

    /**
     * The number of tasks on each host, in node-list order.
     *
     * @return a new array, one count per host of {@link #hosts()}
     */
    public int[] tasksPerNode() {
        return tasksPerNode.clone();
    }

    /**
     * The ports Slurm reserved for the step on each host.
     *
     * @return the ports of {@code SLURM_STEP_RESV_PORTS} in order; empty when none were reserved (ports are then
     *     derived); unmodifiable
     */
    public List<Integer> reservedPorts() {
        return reservedPorts;
    }

    /**
     * The GPUs Slurm gave this task.
     *
     * @return the items of {@code SLURM_STEP_GPUS}, else of {@code CUDA_VISIBLE_DEVICES}; empty when neither is set
     *     or the variable is empty; unmodifiable
     */
    public List<String> gpus() {
        return gpus;
    }

    /**
     * A one-line description for logs and reports.
     *
     * @return e.g. {@code Slurm step 5.0, task 1 of 3 on vm (local 1)}
     */
    @Override
    public String toString() {
        SlurmTask self = self();
        return "Slurm step " + jobId + "." + stepId + ", task " + procId + " of " + tasks + " on " + self.host()
                + " (local " + localId + ")";
    }
}
