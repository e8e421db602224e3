package org.loopnest.internal.scheduler;

import java.util.Objects;
import org.loopnest.kernel.DeviceCode;

/**
 * What a run needs to re-plan itself once after its first chunk ({@link Replan}): what the planner assumed, and
 * where the kernel rate the chunk measured is recorded for later plans ({@link KernelRates#recordKernel}). A plan
 * has one only when its split was chosen automatically from the devices' costs: a split the user gave is kept.
 *
 * <p>For {@code LoopNest}, <b>not API</b>. <b>Threading:</b> immutable.
 *
 * @param planned what the planner assumed
 * @param device  the device name the rate is recorded under
 * @param body    the run's body in the kernel language, or {@code null} (then nothing is recorded)
 */
public record Replanning(Replan.Planned planned, String device, DeviceCode body) {
    /**
     * Checks the parts.
     *
     * @throws NullPointerException naming a missing part
     */
    public Replanning {
        Objects.requireNonNull(planned, "planned");
        Objects.requireNonNull(device, "device");
    }
}
