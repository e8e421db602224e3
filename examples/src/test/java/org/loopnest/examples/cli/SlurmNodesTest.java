package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.slurm.SlurmStep;

/** The workers the coordinator of a Slurm step connects to, named after their task and host. */
class SlurmNodesTest {
    private static SlurmStep step(int rank, int tasks) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_JOB_ID", "7");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_NTASKS", Integer.toString(tasks));
        env.put("SLURM_LOCALID", Integer.toString(rank));
        env.put("SLURM_STEP_NODELIST", "localhost");
        env.put("SLURM_STEP_TASKS_PER_NODE", Integer.toString(tasks));
        return SlurmStep.fromEnvironment(env);
    }

    @Test
    void shouldGiveTheCoordinatorTheOtherRanksInRankOrderNamedAfterTaskAndHost() {
        SlurmStep step = step(0, 3);
        List<NodeAddress> nodes = SlurmNodes.of(step).nodes();
        assertEquals(List.of("slurm-task-1@" + step.task(1).hostPort(), "slurm-task-2@" + step.task(2).hostPort()),
                nodes.stream().map(NodeAddress::name).toList());
        assertEquals("tcp://" + step.task(2).hostPort(), nodes.get(1).uri().toString());
    }

    @Test
    void shouldRefuseAWorkerRankAndAOneTaskStep() {
        var worker = assertThrows(IllegalStateException.class, () -> SlurmNodes.of(step(2, 3)));
        assertEquals("rank 2 is a worker, not the coordinator (expected: rank 0)", worker.getMessage());
        var alone = assertThrows(IllegalStateException.class, () -> SlurmNodes.of(step(0, 1)));
        assertEquals("a one-task step has no workers (expected: srun -n 2 or more; rank 0 coordinates, the other "
                + "ranks run the chunks)", alone.getMessage());
    }
}
