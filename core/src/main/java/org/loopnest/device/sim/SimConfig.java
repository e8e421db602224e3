package org.loopnest.device.sim;

import java.time.Duration;

/**
 * The settings of a {@link SimDevice}. Build with {@link #builder()}.
 *
 * @param name               the device's name
 * @param memoryBytes        device memory budget
 * @param maxAllocationBytes largest single buffer
 * @param bytesPerSecond     link bandwidth each way; 0 = as fast as memory copies go
 * @param latency            fixed cost of every copy
 * @param threads            Java threads running kernels
 * @param iterationsPerSecond kernel speed cap; 0 = as fast as the threads go
 * @param engines            whether copies in, kernels and copies out overlap ({@link Engines#SEPARATE}, the
 *                           default) or queue on one engine ({@link Engines#SHARED})
 */
public record SimConfig(String name, long memoryBytes, long maxAllocationBytes, long bytesPerSecond,
                        Duration latency, int threads, double iterationsPerSecond, Engines engines) {

    /**
     * How the device's operations share its engines.
     *
     * <p>Why a setting and not arithmetic: a run on a {@link #SHARED} device is the serial baseline that a pipelined
     * run is measured against ({@code sim-speedup-over-serial} in the {@code perf} module). With one buffer each way,
     * the pipeline itself still overlaps a chunk's copy-in with the previous chunk's copy-out on separate engines,
     * so only a device that cannot overlap anything gives a run in which nothing of the device overlaps, measured
     * like any other run (same chunks, same hand-offs) rather than computed from stage times.
     */
    public enum Engines {
        /**
         * One engine per kind of operation, as on a GPU with two copy engines: copies in queue behind each other,
         * copies out behind each other, kernels behind each other, and the three kinds overlap.
         */
        SEPARATE,
        /**
         * One engine for all three kinds, as on a GPU without concurrent copy and execution: every copy in, kernel
         * and copy out waits for the operation submitted before it, whatever its kind, so nothing of the device
         * overlaps. The kernel still runs on the device's {@code threads}; its engine waits for it.
         */
        SHARED
    }

    /** Default budget: 64 MiB. */
    public static final long DEFAULT_MEMORY = 64L << 20;

    /**
     * Validates every setting.
     *
     * @param name the device's name
     * @param memoryBytes the device memory in bytes
     * @param maxAllocationBytes the largest single buffer in bytes
     * @param bytesPerSecond the link bandwidth each way, 0 for unlimited
     * @param latency the fixed cost of every copy
     * @param threads the kernel threads
     * @param iterationsPerSecond the kernel speed cap, 0 for uncapped
     * @param engines separate engines per kind of operation, or one shared engine
     */
    public SimConfig {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("sim name is blank (expected: a non-empty name)");
        }
        if (memoryBytes <= 0) {
            throw new IllegalArgumentException("sim memory = " + memoryBytes + " bytes (expected: > 0)");
        }
        if (maxAllocationBytes <= 0 || maxAllocationBytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("sim maxAllocation = " + maxAllocationBytes
                    + " bytes (expected: 1 to " + Integer.MAX_VALUE + ")");
        }
        if (bytesPerSecond < 0) {
            throw new IllegalArgumentException("sim bandwidth = " + bytesPerSecond + " bytes/s (expected: >= 0)");
        }
        if (latency == null || latency.isNegative() || latency.compareTo(Duration.ofDays(1)) > 0) {
            throw new IllegalArgumentException("sim latency = " + latency + " (expected: >= 0 and at most a day)");
        }
        if (threads < 1) {
            throw new IllegalArgumentException("sim threads = " + threads + " (expected: >= 1)");
        }
        if (!(iterationsPerSecond >= 0) || Double.isInfinite(iterationsPerSecond)) {
            throw new IllegalArgumentException("sim kernel rate = " + iterationsPerSecond
                    + " iterations/s (expected: finite, >= 0)");
        }
        if (engines == null) {
            throw new IllegalArgumentException("sim engines = null (expected: SEPARATE or SHARED)");
        }
    }

    /**
     * {@return a builder with the defaults: 64 MiB, unlimited bandwidth, no latency, one thread per core, separate
     * engines}
     */
    public static Builder builder() {
        return new Builder();
    }

    /** Collects settings; {@link #build()} validates them. Not thread-safe. */
    public static final class Builder {
        private String name = "sim";
        private long memory = DEFAULT_MEMORY;
        private long maxAllocation = -1;
        private long bandwidth;
        private Duration latency = Duration.ZERO;
        private int threads = Runtime.getRuntime().availableProcessors();
        private double rate;
        private Engines engines = Engines.SEPARATE;

        Builder() {
        }

        /**
         * The device's name (default {@code sim}).
         *
         * @param value the name
         * @return this builder
         */
        public Builder name(String value) {
            this.name = value;
            return this;
        }

        /**
         * Device memory in bytes (default 64 MiB).
         *
         * @param bytes the size
         * @return this builder
         */
        public Builder memory(long bytes) {
            this.memory = bytes;
            return this;
        }

        /**
         * Largest single buffer in bytes (default: the memory, capped at 2 GiB − 1).
         *
         * @param bytes the size
         * @return this builder
         */
        public Builder maxAllocation(long bytes) {
            this.maxAllocation = bytes;
            return this;
        }

        /**
         * Link bandwidth each way in bytes per second (default 0: unlimited).
         *
         * @param bytesPerSecond the bandwidth, 0 for unlimited
         * @return this builder
         */
        public Builder bandwidth(long bytesPerSecond) {
            this.bandwidth = bytesPerSecond;
            return this;
        }

        /**
         * Fixed cost of every copy (default 0).
         *
         * @param value the latency
         * @return this builder
         */
        public Builder latency(Duration value) {
            this.latency = value;
            return this;
        }

        /**
         * Kernel threads (default: one per core).
         *
         * @param value how many threads
         * @return this builder
         */
        public Builder threads(int value) {
            this.threads = value;
            return this;
        }

        /**
         * Kernel speed cap in iterations per second (default 0: uncapped).
         *
         * @param iterationsPerSecond the cap, 0 for uncapped
         * @return this builder
         */
        public Builder kernelRate(double iterationsPerSecond) {
            this.rate = iterationsPerSecond;
            return this;
        }

        /**
         * Separate engines per kind of operation (the default), or one shared engine: see {@link Engines}.
         *
         * @param value the engines
         * @return this builder
         */
        public Builder engines(Engines value) {
            this.engines = value;
            return this;
        }

        /**
         * {@return the validated configuration}
         *
         * @throws IllegalArgumentException naming the first bad setting, e.g. {@code sim threads = 0 (expected: >= 1)}
         */
        public SimConfig build() {
            long max = maxAllocation > 0 ? maxAllocation : Math.min(Math.max(memory, 1), Integer.MAX_VALUE);
            return new SimConfig(name, memory, max, bandwidth, latency, threads, rate, engines);
        }
    }
}
