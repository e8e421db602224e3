package org.loopnest.device.cpu;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.loopnest.internal.device.BlockExecutor;
import org.loopnest.internal.device.ChunkCalibration;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.HostBuffer;
import org.loopnest.device.Launch;
import org.loopnest.internal.device.KeptResources;
import org.loopnest.internal.device.MemoryBudget;

/**
 * Runs kernels on a pool of Java threads, one per core by default. Host-addressable: the scheduler binds
 * kernels straight to the user's arrays and skips serialization and copies; buffers, if asked for, are direct
 * host buffers. Its threads all start when it is made and serve every run until it is closed.
 *
 * <p>{@link #shared()} is the process's default device, the one a nest given no device runs on: made on first use
 * with one thread per processor, never closed by a run or by {@link #close()}, stopped when the JVM exits. A device
 * made with a constructor is the caller's to close.
 *
 * <p><b>Threading:</b> thread-safe. <b>Nested runs:</b> a run started on one of this device's own threads — from a
 * kernel or a progress listener of another run on it — and run on this device runs on that thread: its chunks one
 * after the other, each as one block, inside {@code start()}, which returns with the run done. (Waiting for it on the
 * device's threads instead would block them, and with all of them blocked the inner run would never run.) Do not
 * start a run elsewhere and await it on one of this device's threads: that blocks the thread.
 */
public final class CpuDevice implements Device {
    private final BlockExecutor executor;
    private final MemoryBudget budget;
    private final DeviceInfo info;
    private final boolean shared;
    private final KeptResources kept;
    private volatile boolean closed;
    /** The costs once made: a run plans with them every time, and formatting their note is not free. */
    private volatile DeviceCosts costs;

    /** The most threads a CPU device runs: the limit of the fork/join pool that runs its kernels. */
    public static final int MAX_THREADS = 0x7fff;

    /** A device with one thread per available processor. */
    public CpuDevice() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /**
     * A device with {@code threads} threads.
     *
     * @param threads the kernel pool's size
     * @throws IllegalArgumentException if {@code threads} is not from 1 to {@link #MAX_THREADS}
     */
    public CpuDevice(int threads) {
        this(threads, false);
    }

    private CpuDevice(int threads, boolean shared) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("cpu threads = " + threads + " (expected: 1 to " + MAX_THREADS + ")");
        }
        long memory = Runtime.getRuntime().maxMemory();
        this.shared = shared;
        this.kept = new KeptResources("cpu");
        this.budget = new MemoryBudget("cpu", memory, Integer.MAX_VALUE);
        this.executor = new BlockExecutor("cpu", threads);
        this.info = new DeviceInfo("cpu", memory, Integer.MAX_VALUE, threads, true,
                threads + " Java threads on " + System.getProperty("os.arch") + ", heap " + (memory >> 20)
                        + " MiB, arrays read in place");
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    /**
     * {@return the cost of a chunk on this device, measured}: host-addressable, so no copies (infinite bandwidth each
     * way) and, per chunk, the round trip of an empty launch on the kernel pool ({@link ChunkCalibration}), measured
     * the first time a CPU device of this description (its thread count) plans a run in this process, in well under
     * a second, and kept; the kernel's rate is unknown (the planner learns it from runs). Empty once closed, or if
     * the launches could not be measured.
     */
    @Override
    public Optional<DeviceCosts> costs() {
        if (closed) {
            return Optional.empty();
        }
        DeviceCosts known = costs;
        if (known != null) {
            return Optional.of(known);
        }
        Optional<DeviceCosts> made = ChunkCalibration.cached("cpu|" + info.description(),
                        () -> ChunkCalibration.measure(this, false, true))
                .map(c -> new DeviceCosts(c.kernel(), Duration.ZERO, Double.POSITIVE_INFINITY,
                        Double.POSITIVE_INFINITY, 0, String.format(Locale.ROOT, "calibrated (cpu: %.1f µs per launch, "
                                + "once per process)", c.kernel().toNanos() / 1e3)));
        made.ifPresent(c -> costs = c);
        return made;
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        if (closed) {
            throw new IllegalStateException("device " + info.name() + " is closed");
        }
        return budget.allocateHost(bytes);
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        return copy(() -> HostBuffer.copy(host, target.hostView(), bytes));
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        return copy(() -> HostBuffer.copy(source.hostView(), host, bytes));
    }

    /** Copies at once on the calling thread; a copy that fails fails the future, as the Device contract says. */
    private static CompletableFuture<Void> copy(Runnable copy) {
        try {
            copy.run();
            return CompletableFuture.completedFuture(null);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        return executor.execute(launch);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /**
     * Keeps what the scheduler serves this device's runs with (the runs it dispatches straight onto the threads)
     * until the device closes, which closes it first: the runs still going fail at once with a
     * {@link org.loopnest.error.DeviceException} saying the device was closed during the run. See {@link Device#keep}.
     */
    @Override
    public <T extends AutoCloseable> Optional<T> keep(Class<T> type, Supplier<? extends T> maker) {
        return Optional.of(kept.get(type, maker));
    }

    /**
     * Runs the launch on the calling thread, one block after the other, each of the size the device's threads would run
     * and none started once the run is stopped ({@link Launch#cancelled()}): for a run nested in a kernel or a progress
     * listener of this device ({@link #isOwnThread()}), whose threads may all be waiting for it.
     *
     * @param launch the chunk's launch, with its arrays bound in place
     * @throws RuntimeException what a block threw (an {@link Error} too)
     */
    public void runHere(Launch launch) {
        executor.runHere(launch);
    }

    /**
     * {@return whether the calling thread is one of this device's threads: a kernel or a progress listener of a run on
     * this device runs on one} A run started there on this device (a nested run) runs its chunks on that thread, one
     * after the other, rather than wait for threads that may all be waiting for it.
     */
    public boolean isOwnThread() {
        return executor.isOwnThread();
    }

    /**
     * The process's shared cpu device, made on first use with one thread per available processor; the default of a
     * nest given no device. {@link #close()} does nothing on it; its threads stop when the JVM exits.
     *
     * @return the shared device, the same every call
     */
    public static CpuDevice shared() {
        return Shared.DEVICE;
    }

    /** {@return whether this is {@link #shared()}, which only the JVM's exit closes} */
    public boolean isShared() {
        return shared;
    }

    /**
     * Fails the runs still going on this device at once ({@link org.loopnest.error.DeviceException}: the device was
     * closed during the run; their blocks not yet started are skipped), then stops the threads and waits for them (up
     * to 10 s: the blocks running finish first); nothing on {@link #shared()}. Idempotent.
     */
    @Override
    public void close() {
        if (!shared) {
            stop();
        }
    }

    private void stop() {
        closed = true;
        try {
            kept.closeAll(); // the runs first: they stop launching and skip their blocks before the threads stop
        } finally {
            executor.close();
        }
    }

    /** Holds the shared device: made when first asked for, stopped by a shutdown hook. */
    private static final class Shared {
        static final CpuDevice DEVICE = new CpuDevice(Runtime.getRuntime().availableProcessors(), true);

        static {
            // at exit: stop taking launches, do not wait for the running ones (the threads are daemons)
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                DEVICE.closed = true;
                DEVICE.executor.stopNow();
            }, "loopnest-cpu-shared-exit"));
        }

        private Shared() {
        }
    }

    @Override
    public String toString() {
        return "cpu";
    }
}
