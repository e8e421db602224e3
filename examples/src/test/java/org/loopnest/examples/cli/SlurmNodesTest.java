package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.slurm.SlurmStep;

class SlurmNodesTest {
    private static Map<String, String> step(int rank, int tasks) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_JOB_ID", "7");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_NTASKS", Integer.toString(tasks));
        env.put("SLURM_LOCALID", Integer.toString(rank));
        env.put("SLURM_STEP_NODELIST", "localhost");
        env.put("SLURM_STEP_TASKS_PER_NODE", Integer.toString(tasks));
        return env;
    }

    @Test
    void shouldGiveTheCoordinatorTheOtherRanksAddressesInRankOrder() {
        Map<String, String> env = step(0, 3);
        List<String> workers = SlurmNodes.workers(env);
        SlurmStep step = SlurmStep.fromEnvironment(env);
        assertEquals(List.of(step.task(1).hostPort(), step.task(2).hostPort()), workers);
        assertTrue(workers.get(0).startsWith("localhost:"), workers.get(0) + " (expected: localhost:PORT)");
    }

    @Test
    void shouldRefuseAWorkerRankNamingTheNodeCommandItShouldRun() {
        Map<String, String> env = step(2, 3);
        int port = SlurmStep.fromEnvironment(env).task(2).port();
        var e = assertThrows(IllegalStateException.class, () -> SlurmNodes.workers(env));
        assertEquals("rank 2 is a worker, not the coordinator (expected: rank 0 runs the command; this rank runs "
                + "'loopnest node --bind 0.0.0.0 --port " + port + " --secret-file FILE')", e.getMessage());
    }

    @Test
    void shouldRefuseAOneTaskStep() {
        var e = assertThrows(IllegalStateException.class, () -> SlurmNodes.workers(step(0, 1)));
        assertEquals("a one-task step has no workers (expected: srun -n 2 or more)", e.getMessage());
    }

    @Test
    void shouldSayWhatIsMissingOutsideAStep() {
        var e = assertThrows(IllegalStateException.class, () -> SlurmNodes.workers(Map.of()));
        assertTrue(e.getMessage().startsWith("not inside a Slurm step: SLURM_JOB_ID is not set (expected: run under srun"),
                e.getMessage());
    }
}
