package org.loopnest.examples.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.loopnest.cluster.slurm.SlurmStep;
import org.loopnest.cluster.slurm.SlurmTask;

/**
 * The device a Slurm worker runs its chunks on. {@code --device gpu} becomes the CUDA device of the task's slot; any
 * other {@code --device} is taken as given.
 *
 * <p>The workers of a host take its GPUs in order: the {@code i}-th worker on a host (counting from 0; the coordinator,
 * rank 0, is not a worker and uses no GPU) runs on the {@code i}-th GPU it can see, modulo how many it sees:
 * <ul>
 *   <li>with {@code CUDA_VISIBLE_DEVICES} set (Slurm sets it for {@code --gpus...} requests), the process sees those
 *       GPUs renumbered from 0, so the slot is {@code cuda:(i mod count)}: with {@code --gpus-per-task=1} every
 *       worker sees one GPU and takes {@code cuda:0};</li>
 *   <li>else with {@code SLURM_STEP_GPUS} (the host's GPU numbers), the {@code (i mod count)}-th of them;</li>
 *   <li>else {@code cuda:i}.</li>
 * </ul>
 *
 * <p><b>Threading:</b> stateless. <b>Failure:</b> refuses, naming the variable, a slot that has no GPU.
 */
final class SlurmSlot {
    private SlurmSlot() {
    }

    /**
     * The device this task runs as a worker.
     *
     * @param requested {@code --device} (one device)
     * @param step      the step this task belongs to
     * @param env       the process environment ({@code CUDA_VISIBLE_DEVICES}, {@code SLURM_STEP_GPUS})
     * @return {@code requested}, or for {@code gpu} the CUDA device of this task's slot
     * @throws IllegalArgumentException for {@code gpu} when the task was given no GPU ({@code CUDA_VISIBLE_DEVICES}
     *     empty or {@code NoDevFiles}) or {@code SLURM_STEP_GPUS} holds something other than GPU numbers
     */
    static DeviceSpec device(DeviceSpec requested, SlurmStep step, Map<String, String> env) {
        if (requested.kind() != DeviceSpec.Kind.GPU) {
            return requested;
        }
        int slot = workerIndexOnHost(step);
        String visible = env.get("CUDA_VISIBLE_DEVICES");
        if (visible != null) {
            List<String> gpus = items(visible);
            if (gpus.isEmpty() || gpus.contains("NoDevFiles")) {
                throw new IllegalArgumentException("--device gpu: CUDA_VISIBLE_DEVICES='" + visible + "' gives this "
                        + "task no GPU (expected: GPUs for the step's tasks, e.g. srun --gpus-per-task=1)");
            }
            return new DeviceSpec(DeviceSpec.Kind.CUDA, slot % gpus.size());
        }
        String stepGpus = env.get("SLURM_STEP_GPUS");
        if (stepGpus != null && !stepGpus.isBlank()) {
            List<String> gpus = items(stepGpus);
            String gpu = gpus.get(slot % gpus.size());
            if (!gpu.matches("[0-9]{1,4}")) {
                throw new IllegalArgumentException("--device gpu: SLURM_STEP_GPUS='" + stepGpus + "' (expected: GPU "
                        + "numbers such as 0,1,3)");
            }
            return new DeviceSpec(DeviceSpec.Kind.CUDA, Integer.parseInt(gpu));
        }
        return new DeviceSpec(DeviceSpec.Kind.CUDA, slot);
    }

    /** This task's place among the workers of its host: its local index, less one on the coordinator's host. */
    static int workerIndexOnHost(SlurmStep step) {
        SlurmTask self = step.self();
        return self.host().equals(step.coordinator().host()) ? self.localIndex() - 1 : self.localIndex();
    }

    private static List<String> items(String value) {
        return Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
