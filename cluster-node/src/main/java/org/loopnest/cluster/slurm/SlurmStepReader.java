package org.loopnest.cluster.slurm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads the parts of a {@link SlurmStep} that take more than one variable or a syntax of their own; each failure
 * names the variable, its value and what was expected. Stateless.
 */
final class SlurmStepReader {
    /** The highest id of a step started by srun; above it Slurm numbers its special steps (batch, extern, ...). */
    static final long MAX_NORMAL_STEP_ID = 0xFFFF_FFEFL;

    private SlurmStepReader() {
    }

    static long stepId(SlurmVariables env) {
        long stepId = env.number("SLURM_STEP_ID", 0, 0xFFFF_FFFFL);
        if (stepId > MAX_NORMAL_STEP_ID) {
            throw env.invalid("SLURM_STEP_ID", "a step started by srun, id 0.." + MAX_NORMAL_STEP_ID
                    + ", not the batch script or another special step");
        }
        return stepId;
    }

    static List<String> hosts(SlurmVariables env, String variable) {
        try {
            return SlurmHostlist.expand(env.text(variable));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(variable + ": " + e.getMessage(), e);
        }
    }

    static int[] tasksPerNode(SlurmVariables env, String nodesVariable, int nodes) {
        String variable = env.requiredName("tasks per node such as 2(x3),1, as srun sets it",
                "SLURM_STEP_TASKS_PER_NODE", "SLURM_TASKS_PER_NODE");
        try {
            return SlurmTasksPerNode.expand(env.text(variable), nodes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(variable + " with " + nodesVariable + "='" + env.text(nodesVariable)
                    + "': " + e.getMessage(), e);
        }
    }

    static int[] firstRanks(SlurmVariables env, int[] tasksPerNode, int tasks) {
        int[] first = new int[tasksPerNode.length];
        long sum = 0;
        for (int node = 0; node < tasksPerNode.length; node++) {
            first[node] = (int) Math.min(sum, Integer.MAX_VALUE);
            sum += tasksPerNode[node];
        }
        if (sum != tasks) {
            String variable = env.firstSet("SLURM_STEP_TASKS_PER_NODE", "SLURM_TASKS_PER_NODE");
            throw env.invalid(variable, "tasks adding up to SLURM_NTASKS=" + tasks + ", not " + sum);
        }
        return first;
    }

    static List<Integer> reservedPorts(SlurmVariables env, int[] tasksPerNode) {
        String variable = "SLURM_STEP_RESV_PORTS";
        if (!env.has(variable)) {
            return List.of();
        }
        List<Integer> ports = SlurmPorts.parseReserved(variable, env.text(variable));
        int busiest = Arrays.stream(tasksPerNode).max().orElse(0);
        if (ports.size() < busiest) {
            throw env.invalid(variable, "at least " + busiest + " ports, one per task on the busiest host, not "
                    + ports.size() + "; srun --resv-ports reserves them");
        }
        return ports;
    }

    static List<String> gpus(SlurmVariables env) {
        String variable = env.firstSet("SLURM_STEP_GPUS", "CUDA_VISIBLE_DEVICES");
        if (variable == null || env.text(variable).isEmpty()) {
            return List.of();
        }
        List<String> gpus = new ArrayList<>();
        for (String gpu : env.text(variable).split(",", -1)) {
            if (gpu.isBlank()) {
                throw env.invalid(variable, "a comma-separated list of GPU numbers or UUIDs, e.g. 0,1");
            }
            gpus.add(gpu.strip());
        }
        return List.copyOf(gpus);
    }
}
