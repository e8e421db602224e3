package org.loopnest.device;

import java.time.Duration;
import java.util.Objects;

/**
 * What one chunk costs a device, as the planner's cost model reads it: a fixed cost per chunk on each engine
 * (hand-offs, wake-ups, a launch), a latency and a bandwidth for each copy direction, and an estimate of the
 * kernel's rate. A device offers it through {@link Device#costs()} — from its configuration (the simulated
 * device) or from a short measurement — and a device that offers none keeps the planner's fixed rule. Immutable.
 *
 * <p><b>Units.</b> Bandwidths in bytes per second, {@link Double#POSITIVE_INFINITY} for a direction that copies
 * nothing (a host-addressable device); the kernel's rate in iterations per second, {@code 0} when unknown (the
 * model then leaves the kernel out of its prediction and says so).
 *
 * @param perChunk            fixed cost of one chunk on each engine (copy-in, kernel, copy-out)
 * @param copyLatency         fixed cost of one transfer, each direction
 * @param copyInBytesPerSecond  host → device bandwidth
 * @param copyOutBytesPerSecond device → host bandwidth
 * @param kernelIterationsPerSecond the kernel's rate, {@code 0} if unknown
 * @param source              where the figures come from, for the report (e.g. "configured", "measured")
 */
public record DeviceCosts(Duration perChunk, Duration copyLatency, double copyInBytesPerSecond,
                          double copyOutBytesPerSecond, double kernelIterationsPerSecond, String source) {

    /**
     * Checks the figures.
     *
     * @param perChunk fixed cost of one chunk on each engine
     * @param copyLatency fixed cost of one transfer
     * @param copyInBytesPerSecond host → device bandwidth
     * @param copyOutBytesPerSecond device → host bandwidth
     * @param kernelIterationsPerSecond the kernel's rate, 0 if unknown
     * @param source where the figures come from
     * @throws IllegalArgumentException naming the figure that is negative, not a number, or a zero bandwidth
     * @throws NullPointerException if a duration or the source is missing
     */
    public DeviceCosts {
        Objects.requireNonNull(perChunk, "perChunk");
        Objects.requireNonNull(copyLatency, "copyLatency");
        Objects.requireNonNull(source, "source");
        if (perChunk.isNegative()) {
            throw new IllegalArgumentException("perChunk = " + perChunk + " (expected: >= 0)");
        }
        if (copyLatency.isNegative()) {
            throw new IllegalArgumentException("copyLatency = " + copyLatency + " (expected: >= 0)");
        }
        positive("copyInBytesPerSecond", copyInBytesPerSecond);
        positive("copyOutBytesPerSecond", copyOutBytesPerSecond);
        if (!(kernelIterationsPerSecond >= 0) || Double.isInfinite(kernelIterationsPerSecond)) {
            throw new IllegalArgumentException("kernelIterationsPerSecond = " + kernelIterationsPerSecond
                    + " (expected: finite, >= 0; 0 = unknown)");
        }
    }

    private static void positive(String name, double value) {
        if (!(value > 0)) {
            throw new IllegalArgumentException(name + " = " + value + " (expected: > 0, or infinity for no copy)");
        }
    }

    /** {@return whether the kernel's rate is known} */
    public boolean kernelRateKnown() {
        return kernelIterationsPerSecond > 0;
    }

    /**
     * {@return these costs with the kernel's rate replaced}, e.g. by one measured on a run's first chunk
     *
     * @param iterationsPerSecond the new estimate, {@code 0} for unknown
     * @param newSource           where it comes from
     */
    public DeviceCosts withKernelRate(double iterationsPerSecond, String newSource) {
        return new DeviceCosts(perChunk, copyLatency, copyInBytesPerSecond, copyOutBytesPerSecond,
                iterationsPerSecond, newSource);
    }
}
