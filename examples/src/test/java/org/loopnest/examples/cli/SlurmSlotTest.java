package org.loopnest.examples.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.loopnest.cluster.slurm.SlurmStep;

/** Which device a Slurm worker runs for {@code --device gpu}, from its place on its host and the GPUs it sees. */
class SlurmSlotTest {
    private static final DeviceSpec GPU = DeviceSpec.parse("gpu");

    /** Rank {@code rank} of a step of 2 hosts with 3 tasks each: ranks 0-2 on g01 (0 coordinates), 3-5 on g02. */
    private static Map<String, String> env(int rank) {
        Map<String, String> env = new HashMap<>();
        env.put("SLURM_JOB_ID", "9");
        env.put("SLURM_STEP_ID", "0");
        env.put("SLURM_PROCID", Integer.toString(rank));
        env.put("SLURM_NTASKS", "6");
        env.put("SLURM_LOCALID", Integer.toString(rank % 3));
        env.put("SLURM_STEP_NODELIST", "g[01-02]");
        env.put("SLURM_STEP_TASKS_PER_NODE", "3(x2)");
        return env;
    }

    private static String slot(Map<String, String> env) {
        return SlurmSlot.device(GPU, SlurmStep.fromEnvironment(env), env).toString();
    }

    @Test
    void shouldGiveTheWorkersOfAHostItsGpusInOrderWithoutTheCoordinator() {
        assertEquals("cuda:0", slot(env(1)));
        assertEquals("cuda:1", slot(env(2)));
        assertEquals("cuda:0", slot(env(3)));
        assertEquals("cuda:2", slot(env(5)));
    }

    @Test
    void shouldTakeTheFirstVisibleGpuWhenSlurmGaveTheTaskItsOwn() {
        Map<String, String> env = env(5);
        env.put("CUDA_VISIBLE_DEVICES", "3");
        env.put("SLURM_STEP_GPUS", "3");
        assertEquals("cuda:0", slot(env));
    }

    @Test
    void shouldShareTheVisibleGpusInTurnWhenTheHostHasFewer() {
        Map<String, String> env = env(5);
        env.put("CUDA_VISIBLE_DEVICES", "0,1");
        assertEquals("cuda:0", slot(env));
    }

    @Test
    void shouldUseTheHostsGpuNumbersWhenOnlySlurmStepGpusIsSet() {
        Map<String, String> env = env(4);
        env.put("SLURM_STEP_GPUS", "2,5");
        assertEquals("cuda:5", slot(env));
    }

    @Test
    void shouldRefuseATaskGivenNoGpu() {
        Map<String, String> env = env(1);
        env.put("CUDA_VISIBLE_DEVICES", "NoDevFiles");
        var e = assertThrows(IllegalArgumentException.class, () -> slot(env));
        assertEquals("--device gpu: CUDA_VISIBLE_DEVICES='NoDevFiles' gives this task no GPU (expected: GPUs for the "
                + "step's tasks, e.g. srun --gpus-per-task=1)", e.getMessage());
        Map<String, String> uuids = env(1);
        uuids.put("SLURM_STEP_GPUS", "GPU-a1b2");
        var bad = assertThrows(IllegalArgumentException.class, () -> slot(uuids));
        assertEquals("--device gpu: SLURM_STEP_GPUS='GPU-a1b2' (expected: GPU numbers such as 0,1,3)",
                bad.getMessage());
    }

    @Test
    void shouldKeepAnyOtherDeviceAsGiven() {
        assertEquals("opencl:1", SlurmSlot.device(DeviceSpec.parse("opencl:1"), SlurmStep.fromEnvironment(env(4)),
                env(4)).toString());
    }
}
