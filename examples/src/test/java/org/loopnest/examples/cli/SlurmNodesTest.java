package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.NodeAddress;
import org.loopnest.cluster.slurm.SlurmStep;

/** The workers the coordinator of a Slurm step connects to, named after their task and host. */
class SlurmNodesTest {
    private static SlurmStep step(int rank, int tasks) throws java.io.IOException {
        return SlurmStep.fromEnvironment(new SlurmStepFixture(tasks).env(rank));
    }

    @Test
    void shouldGiveTheCoordinatorTheOtherRanksInRankOrderNamedAfterTaskAndHost() throws Exception {
        SlurmStep step = step(0, 3);
        List<NodeAddress> nodes = SlurmNodes.of(step).nodes();
        assertEquals(List.of("slurm-task-1@" + step.task(1).hostPort(), "slurm-task-2@" + step.task(2).hostPort()),
                nodes.stream().map(NodeAddress::name).toList());
        assertEquals("tcp://" + step.task(2).hostPort(), nodes.get(1).uri().toString());
    }

    @Test
    void shouldRefuseAWorkerRankAndAOneTaskStep() throws Exception {
        SlurmStep rank2 = step(2, 3);
        var worker = assertThrows(IllegalStateException.class, () -> SlurmNodes.of(rank2));
        assertEquals("rank 2 is a worker, not the coordinator (expected: rank 0)", worker.getMessage());
        SlurmStep alone1 = step(0, 1);
        var alone = assertThrows(IllegalStateException.class, () -> SlurmNodes.of(alone1));
        assertEquals("a one-task step has no workers (expected: srun -n 2 or more; rank 0 coordinates, the other "
                + "ranks run the chunks)", alone.getMessage());
    }
}
