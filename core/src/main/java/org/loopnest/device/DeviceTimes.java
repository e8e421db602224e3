package org.loopnest.device;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import org.loopnest.report.Stage;

/**
 * Time a device's own clock measured for the work it ran — CUDA events around each copy and kernel, OpenCL
 * profiling counters of each command — summed since the device was opened. Unlike the pipeline's busy times, which
 * the host measures from submission to completion, these leave out queueing, launch overhead and the host's
 * wake-up. Immutable.
 *
 * @param copyIn  host-to-device copies
 * @param kernel  kernels
 * @param copyOut device-to-host copies
 */
public record DeviceTimes(Duration copyIn, Duration kernel, Duration copyOut) {
    /** Nothing measured yet. */
    public static final DeviceTimes ZERO = new DeviceTimes(Duration.ZERO, Duration.ZERO, Duration.ZERO);

    /**
     * Checks that no time is missing or negative.
     *
     * @param copyIn the time spent copying in
     * @param copyOut the time spent copying out
     * @param kernel the time spent running kernels
     */
    public DeviceTimes {
        for (Duration d : new Duration[] {copyIn, kernel, copyOut}) {
            Objects.requireNonNull(d, "device time");
            if (d.isNegative()) {
                throw new IllegalArgumentException("device time = " + d + " (expected: 0 or more)");
            }
        }
    }

    /**
     * {@return the time measured since {@code earlier}, a reading of the same device}
     *
     * @param earlier an earlier reading of the same device
     * @throws IllegalArgumentException if {@code earlier} is later than this reading in any stage
     */
    public DeviceTimes since(DeviceTimes earlier) {
        return new DeviceTimes(copyIn.minus(earlier.copyIn), kernel.minus(earlier.kernel),
                copyOut.minus(earlier.copyOut));
    }

    /**
     * {@return the times keyed by pipeline stage: {@link Stage#COPY_IN}, {@link Stage#KERNEL}, {@link Stage#COPY_OUT}}
     */
    public Map<Stage, Duration> byStage() {
        Map<Stage, Duration> stages = new EnumMap<>(Stage.class);
        stages.put(Stage.COPY_IN, copyIn);
        stages.put(Stage.KERNEL, kernel);
        stages.put(Stage.COPY_OUT, copyOut);
        return stages;
    }
}
