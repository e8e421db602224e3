package org.loopnest.internal.device;

import org.loopnest.device.DeviceTimes;
import java.time.Duration;
import java.util.concurrent.atomic.LongAdder;
import org.loopnest.report.Stage;

/**
 * Sums what a device's own clock measured per stage, for {@link Device#measuredTimes()}. Thread-safe: the engines
 * of a device record concurrently while a run reads.
 */
public final class DeviceClock {
    private final LongAdder copyIn = new LongAdder();
    private final LongAdder kernel = new LongAdder();
    private final LongAdder copyOut = new LongAdder();

    /**
     * Adds {@code nanos} of measured time to {@code stage}.
     *
     * @param stage copy in, kernel or copy out
     * @param nanos the measured time in nanoseconds
     * @throws IllegalArgumentException if {@code stage} is not one a device runs (copy in, kernel, copy out) or
     *     {@code nanos} is negative
     */
    public void record(Stage stage, long nanos) {
        if (nanos < 0) {
            throw new IllegalArgumentException("measured nanos = " + nanos + " (expected: 0 or more)");
        }
        adder(stage).add(nanos);
    }

    private LongAdder adder(Stage stage) {
        return switch (stage) {
            case COPY_IN -> copyIn;
            case KERNEL -> kernel;
            case COPY_OUT -> copyOut;
            default -> throw new IllegalArgumentException("stage = " + stage
                    + " (expected: copy-in, kernel or copy-out: the stages a device runs)");
        };
    }

    /** {@return the sums so far} */
    public DeviceTimes times() {
        return new DeviceTimes(Duration.ofNanos(copyIn.sum()), Duration.ofNanos(kernel.sum()),
                Duration.ofNanos(copyOut.sum()));
    }
}
