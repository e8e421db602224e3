package org.loopnest.device.sim;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.LockSupport;
import org.loopnest.internal.device.BlockExecutor;
import org.loopnest.internal.device.ChunkCalibration;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.HostBuffer;
import org.loopnest.device.Launch;
import org.loopnest.internal.device.MemoryBudget;
import org.loopnest.internal.device.SerialEngine;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.report.Stage;

/**
 * A simulated accelerator: separate memory with a budget, one copy engine per direction that moves bytes at
 * the configured bandwidth and latency (transfers in one direction queue behind each other, the two directions
 * overlap, as on PCIe), and kernels in Java on its own threads over the packed chunk buffers, optionally capped
 * to a set speed. Not host-addressable, so every chunk is serialized, copied in, computed, copied out and
 * deserialized. Thread-safe; close it to stop its threads.
 *
 * <p>With {@link SimConfig.Engines#SHARED} the device has one engine instead of two copy engines: copies in, kernels
 * and copies out all queue on it in the order submitted, each starting when the one before it has ended (a kernel
 * occupies the engine until its body has run on the kernel threads and its capped time has passed), so no two
 * operations of the device overlap — a device without concurrent copy and execution, the serial baseline of the
 * {@code perf} module.
 */
public final class SimDevice implements Device {
    /** Bytes per second the cost model assumes for an unlimited simulated link. */
    static final double HOST_COPY_BYTES_PER_SECOND = 8e9;
    /** Microseconds per chunk per engine the cost model assumes when the device's round trips cannot be measured. */
    static final long PER_CHUNK_MICROS = 20;

    private final SimConfig config;
    private final MemoryBudget budget;
    private final SerialEngine hostToDevice;
    private final SerialEngine deviceToHost;
    /** With {@link SimConfig.Engines#SHARED}: the one engine, also {@link #hostToDevice} and {@link #deviceToHost}. */
    private final SerialEngine shared;
    private final BlockExecutor kernels;
    private final DeviceInfo info;
    private volatile boolean closed;
    private final org.loopnest.internal.device.KeptResources kept;
    private final Object computeClock = new Object();
    private long computeFreeAt;
    /** With a kernel speed cap: ends each kernel when its simulated time has passed; {@code null} without one. */
    private final SimClock clock;

    /**
     * A device with the given settings.
     *
     * @param config the settings
     */
    public SimDevice(SimConfig config) {
        this.config = config;
        this.kept = new org.loopnest.internal.device.KeptResources(config.name());
        this.budget = new MemoryBudget(config.name(), config.memoryBytes(), config.maxAllocationBytes());
        if (config.engines() == SimConfig.Engines.SHARED) {
            this.shared = new SerialEngine(ThreadNames.sharedEngine(config.name()));
            this.hostToDevice = shared;
            this.deviceToHost = shared;
        } else {
            this.shared = null;
            this.hostToDevice = new SerialEngine(ThreadNames.engine(config.name(), Stage.COPY_IN));
            this.deviceToHost = new SerialEngine(ThreadNames.engine(config.name(), Stage.COPY_OUT));
        }
        this.kernels = new BlockExecutor(config.name(), config.threads());
        this.clock = config.iterationsPerSecond() == 0 || shared != null ? null : new SimClock(config.name());
        this.info = new DeviceInfo(config.name(), config.memoryBytes(), config.maxAllocationBytes(), config.threads(),
                false, "simulated accelerator: " + (config.memoryBytes() >> 10) + " KiB, link "
                        + (config.bytesPerSecond() == 0 ? "unlimited" : (config.bytesPerSecond() / 1_000_000) + " MB/s")
                        + ", latency " + config.latency().toNanos() / 1000 + " µs, " + config.threads() + " threads"
                        + (shared == null ? "" : ", one engine for copies and kernels"));
    }

    /** A device with the default settings. */
    public SimDevice() {
        this(SimConfig.builder().build());
    }

    /** {@return the settings} */
    public SimConfig config() {
        return config;
    }

    /** {@return bytes of device memory currently allocated} */
    public long usedBytes() {
        return budget.used();
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    /**
     * {@return the configured costs, and the per-chunk cost measured}: the link's latency and bandwidth each way (an
     * unlimited link copies at {@value #HOST_COPY_BYTES_PER_SECOND} bytes/s, about a host memory copy), the configured
     * kernel rate (unknown when it is 0: the kernel then runs at the Java body's own speed), and per chunk what the
     * dearest engine's round trip costs beyond the configured latency ({@link ChunkCalibration}: the engines' threads,
     * their hand-offs and wake-ups, which no setting describes), measured the first time a sim of this name and
     * description plans a run in this process, in a few tens of ms, and kept; {@value #PER_CHUNK_MICROS} µs if it
     * cannot be measured (a budget below {@value ChunkCalibration#COPY_BYTES} bytes, a closed device)
     */
    @Override
    public Optional<DeviceCosts> costs() {
        double link = config.bytesPerSecond() == 0 ? HOST_COPY_BYTES_PER_SECOND : config.bytesPerSecond();
        Optional<Duration> measured = closed ? Optional.empty() : ChunkCalibration.cached("sim|" + info.name() + "|"
                + info.description(), () -> ChunkCalibration.measure(this, true, true))
                .map(c -> c.lessCopyCost(config.latency()).dearest());
        Duration perChunk = measured.orElse(Duration.ofNanos(PER_CHUNK_MICROS * 1000));
        String source = "configured (sim), " + (measured.isPresent() ? String.format(Locale.ROOT,
                "%.1f µs per chunk calibrated once per process", perChunk.toNanos() / 1e3)
                : PER_CHUNK_MICROS + " µs per chunk assumed");
        return Optional.of(new DeviceCosts(perChunk, config.latency(), link, link, config.iterationsPerSecond(),
                source));
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        if (closed) {
            throw new IllegalStateException("device " + config.name() + " is closed");
        }
        return budget.allocateHost(bytes);
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        return transfer(hostToDevice, host, target.hostView(), bytes);
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        return transfer(deviceToHost, source.hostView(), host, bytes);
    }

    private CompletableFuture<Void> transfer(SerialEngine engine, ByteBuffer from, ByteBuffer to, long bytes) {
        return engine.submit(() -> {
            long start = System.nanoTime();
            HostBuffer.copy(from, to, bytes);
            long linkNanos = config.bytesPerSecond() == 0 ? 0 : (long) (bytes * 1e9 / config.bytesPerSecond());
            waitUntil(start + config.latency().toNanos() + linkNanos, "copy");
        });
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        if (shared != null) {
            return shared.submit(() -> runOnSharedEngine(launch));
        }
        long start = System.nanoTime();
        CompletableFuture<Void> run = kernels.execute(launch);
        if (config.iterationsPerSecond() == 0) {
            return run;
        }
        long minNanos = (long) (launch.chunk().iterations() * 1e9 / config.iterationsPerSecond());
        return run.thenCompose(done -> {
            if (launch.cancelled()) {
                return CompletableFuture.completedFuture(null); // nothing ran: no simulated time
            }
            long finish;
            synchronized (computeClock) {
                finish = Math.max(start, computeFreeAt) + minNanos;
                computeFreeAt = finish;
            }
            return clock.at(finish);
        });
    }

    /**
     * On the shared engine's thread: runs the launch on the kernel threads and holds the engine until it has ended and
     * its capped time has passed, so that no copy runs meanwhile.
     */
    private void runOnSharedEngine(Launch launch) {
        long start = System.nanoTime();
        try {
            kernels.execute(launch).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("device " + config.name() + " closed while a kernel ran", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
        if (config.iterationsPerSecond() > 0 && !launch.cancelled()) {
            waitUntil(start + (long) (launch.chunk().iterations() * 1e9 / config.iterationsPerSecond()), "kernel");
        }
    }

    /**
     * Parks the engine until {@code deadline} (System.nanoTime): the simulated time of a copy (or, on the shared
     * engine, of a kernel).
     */
    private static void waitUntil(long deadline, String operation) {
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                throw new IllegalStateException("simulated " + operation + " interrupted");
            }
        }
    }

    /** Keeps the scheduler's pipeline (its stage threads) until this device closes; see {@link Device#keep}. */
    @Override
    public <T extends AutoCloseable> java.util.Optional<T> keep(Class<T> type,
                                                                java.util.function.Supplier<? extends T> maker) {
        return java.util.Optional.of(kept.get(type, maker));
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
        try {
            kept.closeAll(); // the pipeline first: it stops using the engines before they stop
        } finally {
            hostToDevice.close();
            if (deviceToHost != hostToDevice) {
                deviceToHost.close();
            }
            kernels.close();
            if (clock != null) {
                clock.close();
            }
        }
    }

    @Override
    public String toString() {
        return config.name();
    }
}
