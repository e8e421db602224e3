package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.CudaBuffer;
import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.DriverApi;
import org.loopnest.internal.cuda.LaunchGrid;
import org.loopnest.internal.cuda.PinnedStaging;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.internal.device.CostCalibration;
import org.loopnest.internal.device.DeviceClock;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.DeviceTimes;
import org.loopnest.device.HostStaging;
import org.loopnest.device.KernelSource;
import org.loopnest.device.Launch;
import org.loopnest.device.RunSpec;
import org.loopnest.internal.device.MemoryBudget;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.index.Chunk;
import org.loopnest.report.Stage;

/**
 * An NVIDIA GPU through the CUDA driver API (JCuda): compiled kernels, device memory within a budget, pinned
 * staging memory, and three engines — host to device, kernel, device to host — each a CUDA stream with its own
 * daemon thread ({@code loopnest-cuda:N-h2d}, {@code -kernel}, {@code -d2h}), so that the copy in of chunk
 * {@code e+1}, the kernel of chunk {@code e} and the copy out of chunk {@code e−1} overlap. CUDA events around
 * every operation time it by the GPU's clock ({@link #measuredTimes()}).
 *
 * <p>Every driver call goes through one {@link DriverApi}: JCuda's for {@link #open(int)}, an in-process stand-in in
 * tests ({@code StandInDriver}, which runs the device without a GPU).
 *
 * <p>Opened with {@link #open(int)}; named {@code cuda:N}. Uses the device's primary context, made current on every
 * thread before its driver calls. Its memory budget is the device's total memory less a headroom of
 * {@code max(256 MiB, 10 %)}; the largest single allocation is the whole budget.
 *
 * <p><b>Threading:</b> every method may be called from several threads at once; operations of one kind run in
 * the order submitted. Each launch runs the kernel it {@linkplain Launch#kernelSource() carries}, loaded once per
 * source, so concurrent runs with different kernels may share the device.
 *
 * <p><b>Ownership:</b> whoever opens the device closes it. Buffers and staging memory are closed by whoever
 * allocated them; those still open when the device closes are freed then.
 *
 * <p><b>Failure:</b> copies and launches complete their futures exceptionally with a
 * {@link org.loopnest.error.DeviceException} carrying the {@code CUresult} (e.g. {@code CUDA_ERROR_LAUNCH_FAILED});
 * {@link #allocate} throws {@link org.loopnest.error.DeviceMemoryException} beyond the budget or when the GPU is out
 * of memory; {@link #prepare} throws {@link org.loopnest.error.KernelCompileException}; bad arguments throw
 * {@link IllegalArgumentException} at once; operations after {@link #close()} throw or fail with
 * {@link IllegalStateException}.
 */
public final class CudaDevice implements Device {
    private static final long DUMMY_BYTES = 256;
    private static final long CLOSE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final org.loopnest.internal.device.KeptResources kept;
    private final String name;
    private final CudaContext context;
    private final DriverApi driver;
    private final CudaProperties properties;
    private final DeviceInfo info;
    private final MemoryBudget budget;
    private final CudaModules modules;
    private final DeviceClock clock;
    private final CudaEngine hostToDevice;
    private final CudaEngine kernels;
    private final CudaEngine deviceToHost;
    private final CudaBuffer dummy;
    private final Set<CudaBuffer> buffers = ConcurrentHashMap.newKeySet();
    private final Set<PinnedStaging> stagings = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** Guards the one calibration of {@link #costs()}. */
    private final Object calibrationLock = new Object();
    /** GPU time of the calibration's copies, left out of {@link #measuredTimes()}. */
    private volatile DeviceTimes calibration = DeviceTimes.ZERO;

    private CudaDevice(String name, CudaContext context, CudaProperties properties, PtxCompiler compiler,
                       DeviceClock clock, CudaEngine hostToDevice, CudaEngine kernels, CudaEngine deviceToHost, CudaBuffer dummy,
                       long memoryLimit) {
        this.name = name;
        this.kept = new org.loopnest.internal.device.KeptResources(this.name);
        this.context = context;
        this.driver = context.driver();
        this.properties = properties;
        this.clock = clock;
        long usable = Math.min(memoryLimit, properties.usableMemory());
        this.info = new DeviceInfo(name, usable, usable, properties.multiprocessors(), false,
                "CUDA " + properties.describe() + ", PTX by " + compiler.description()
                        + (driver instanceof JCudaDriverApi ? "" : ", driver: " + driver.description()));
        this.budget = new MemoryBudget(name, usable, usable);
        this.modules = new CudaModules(context, compiler, properties.arch());
        this.hostToDevice = hostToDevice;
        this.kernels = kernels;
        this.deviceToHost = deviceToHost;
        this.dummy = dummy;
    }

    /**
     * Opens CUDA device {@code ordinal}, compiling kernels with {@link PtxCompiler#detect()}.
     *
     * @param ordinal the GPU's number, from 0
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException if there is no such device, e.g. {@code cuda ordinal = 3 (expected: 0 to 0)}
     * @throws IllegalStateException    if CUDA is not {@link CudaDriver#availability() available}, with the reason
     * @throws org.loopnest.error.DeviceException if the driver fails while the device is set up
     */
    public static CudaDevice open(int ordinal) {
        return open(ordinal, PtxCompiler.detect());
    }

    /**
     * Opens CUDA device {@code ordinal}, compiling kernels with {@code compiler} (e.g. {@link PtxCompiler#ofPtx}
     * for PTX compiled ahead of time).
     *
     * @param ordinal the GPU's number, from 0
     * @param compiler what turns the generated CUDA source into PTX
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException as {@link #open(int)}
     * @throws IllegalStateException    as {@link #open(int)}
     * @throws org.loopnest.error.DeviceException as {@link #open(int)}
     */
    public static CudaDevice open(int ordinal, PtxCompiler compiler) {
        return open(ordinal, compiler, Long.MAX_VALUE);
    }

    /**
     * Opens CUDA device {@code ordinal} with its memory budget capped at {@code memoryLimitBytes}: chunks are sized
     * to fit that, as if the GPU were that small (to share it, or to force out-of-core runs).
     *
     * @param ordinal the GPU's number, from 0
     * @param memoryLimitBytes the cap on the memory budget
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException if the limit is not positive, or as {@link #open(int)}
     * @throws IllegalStateException    as {@link #open(int)}
     */
    public static CudaDevice open(int ordinal, long memoryLimitBytes) {
        return open(ordinal, PtxCompiler.detect(), memoryLimitBytes);
    }

    private static CudaDevice open(int ordinal, PtxCompiler compiler, long memoryLimit) {
        Objects.requireNonNull(compiler, "compiler");
        checkLimits(ordinal, memoryLimit);
        CudaDriver.requireAvailable();
        return open(new JCudaDriverApi(), ordinal, compiler, memoryLimit);
    }

    private static void checkLimits(int ordinal, long memoryLimit) {
        if (memoryLimit < 1) {
            throw new IllegalArgumentException("cuda memory limit = " + memoryLimit + " bytes (expected: > 0)");
        }
        if (ordinal < 0) {
            throw new IllegalArgumentException("cuda ordinal = " + ordinal + " (expected: 0 or more)");
        }
    }

    /**
     * Opens CUDA device {@code ordinal} of {@code driver}: the seam through which tests run the device without a GPU
     * ({@code StandInDriver}). Not API.
     *
     * @param driver what every driver call goes to
     * @param ordinal the device's number, from 0
     * @param compiler what turns the generated CUDA source into PTX
     * @param memoryLimit the cap on the memory budget, in bytes
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException as {@link #open(int, long)}
     * @throws org.loopnest.error.DeviceException if the driver fails while the device is set up (nothing is left
     *     allocated)
     */
    static CudaDevice open(DriverApi driver, int ordinal, PtxCompiler compiler, long memoryLimit) {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(compiler, "compiler");
        checkLimits(ordinal, memoryLimit);
        CudaChecks.ordinal(ordinal, driver.deviceCount());
        String name = "cuda:" + ordinal;
        List<Runnable> undo = new ArrayList<>();
        try {
            CudaContext context = CudaContext.retain(name, driver, ordinal);
            undo.add(context::release);
            CudaProperties properties = context.properties();
            DeviceClock clock = new DeviceClock();
            CudaEngine h2d = engine(context, name, Stage.COPY_IN, clock, undo);
            CudaEngine kernel = engine(context, name, Stage.KERNEL, clock, undo);
            CudaEngine d2h = engine(context, name, Stage.COPY_OUT, clock, undo);
            CudaBuffer dummy = CudaBuffer.allocate(context, DUMMY_BYTES, b -> { });
            undo.add(0, dummy::close);
            return new CudaDevice(name, context, properties, compiler, clock, h2d, kernel, d2h, dummy, memoryLimit);
        } catch (RuntimeException | Error e) {
            for (Runnable step : undo) {
                try {
                    step.run();
                } catch (RuntimeException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw e;
        }
    }

    private static CudaEngine engine(CudaContext context, String device, Stage stage, DeviceClock clock,
                                     List<Runnable> undo) {
        CudaEngine engine = new CudaEngine(context, ThreadNames.engine(device, stage), stage, clock);
        undo.add(0, () -> {
            engine.shutdown();
            engine.destroyStream();
        });
        return engine;
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    /** {@return the virtual architecture kernels are compiled for, e.g. {@code compute_90}} */
    public String architecture() {
        return properties.arch();
    }

    /** {@return bytes of the budget currently allocated} */
    public long usedBytes() {
        return budget.used();
    }

    /**
     * Reserves {@code bytes} from the budget and allocates them on the GPU.
     *
     * @throws org.loopnest.error.DeviceMemoryException beyond the budget, or when the GPU is out of memory
     * @throws IllegalArgumentException if {@code bytes} is negative
     * @throws IllegalStateException    if the device is closed
     */
    @Override
    public DeviceBuffer allocate(long bytes) {
        CudaChecks.bytes("allocate bytes", bytes);
        requireOpen();
        budget.reserve(bytes);
        CudaBuffer buffer;
        try {
            buffer = CudaBuffer.allocate(context, bytes, b -> {
                buffers.remove(b);
                budget.release(b.size());
            });
        } catch (RuntimeException | Error e) {
            budget.release(bytes);
            throw e;
        }
        buffers.add(buffer);
        if (closed.get()) {
            closeRaced(buffer);
        }
        return buffer;
    }

    /**
     * Page-locked host memory ({@link PinnedStaging}), which the copy engines read and write directly.
     *
     * @throws IllegalArgumentException if {@code bytes} is negative or above {@link Integer#MAX_VALUE}
     * @throws IllegalStateException    if the device is closed
     * @throws org.loopnest.error.DeviceException if the driver cannot pin that much memory
     */
    @Override
    public HostStaging allocateStaging(long bytes) {
        requireOpen();
        PinnedStaging staging = PinnedStaging.allocate(context, bytes, stagings::remove);
        stagings.add(staging);
        if (closed.get()) {
            closeRaced(staging);
        }
        return staging;
    }

    /**
     * Copies {@code bytes} bytes from {@code host[0…]} (a direct buffer, ideally from {@link #allocateStaging})
     * into {@code target[0…]} on the host-to-device engine.
     *
     * @throws IllegalArgumentException if {@code host} is not direct, {@code target} is not this device's, or
     *     {@code bytes} does not fit both
     */
    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        CudaBuffer buffer = owned(CudaChecks.copy(name, "copyIn", host, target, bytes), "copyIn buffer");
        return hostToDevice.submit("cuMemcpyHtoDAsync of " + bytes + " bytes", stream -> {
            if (bytes > 0) {
                driver.copyToDevice(buffer.pointer(), host, bytes, stream);
            }
        });
    }

    /**
     * Copies {@code bytes} bytes from {@code source[0…]} into {@code host[0…]} (a direct buffer, ideally from
     * {@link #allocateStaging}) on the device-to-host engine.
     *
     * @throws IllegalArgumentException as {@link #copyIn}
     */
    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        CudaBuffer buffer = owned(CudaChecks.copy(name, "copyOut", host, source, bytes), "copyOut buffer");
        return deviceToHost.submit("cuMemcpyDtoHAsync of " + bytes + " bytes", stream -> {
            if (bytes > 0) {
                driver.copyToHost(host, buffer.pointer(), bytes, stream);
            }
        });
    }

    /** {@code true}: the device runs kernels compiled from {@link KernelSource}. */
    @Override
    public boolean runsCompiledKernels() {
        return true;
    }

    /**
     * Compiles {@code kernel}'s CUDA source for this GPU and loads it, ahead of the launches that carry it (once
     * per source: later calls and launches find the loaded module).
     *
     * @throws org.loopnest.error.KernelCompileException with the compiler's log and the numbered source
     * @throws org.loopnest.error.DeviceException if the driver rejects the PTX or the entry point is missing
     * @throws IllegalStateException if the device is closed
     */
    @Override
    public void prepare(KernelSource kernel) {
        Objects.requireNonNull(kernel, "kernel");
        requireOpen();
        modules.load(kernel);
    }

    /**
     * Compiles and loads the run's kernel ({@link #prepare}) and tells the driver which run its PTX was generated for
     * ({@link DriverApi#describeKernel}: the real driver ignores it; the stand-in runs that run's body on the JVM).
     *
     * @throws org.loopnest.error.KernelCompileException as {@link #prepare}
     * @throws org.loopnest.error.DeviceException as {@link #prepare}
     * @throws IllegalStateException if the device is closed
     */
    @Override
    public void beginRun(RunSpec run) {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(run.kernelSource(), "kernel");
        requireOpen();
        modules.load(run);
    }

    /**
     * Runs {@code launch}'s {@linkplain Launch#kernelSource() kernel} (compiled and loaded on first use) over its
     * chunk on the kernel engine, one thread per iteration ({@link LaunchGrid}), with {@code launch}'s input, output
     * and resident buffers (a small placeholder for any that is {@code null}). A cancelled launch runs nothing.
     * The future fails with an {@link IllegalArgumentException} if the launch carries no kernel source, and with
     * the compile error if its kernel does not compile.
     *
     * @throws IllegalArgumentException if a buffer of {@code launch} is not this device's
     */
    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        Objects.requireNonNull(launch, "launch");
        KernelSource source = launch.kernelSource();
        if (source == null) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("launch.kernelSource() = null on "
                    + name + " (expected: the generated kernel; this device runs compiled kernels only)"));
        }
        CudaModules.Kernel kernel;
        try {
            requireOpen();
            kernel = modules.load(source);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
        CudaBuffer in = bufferOrDummy(launch.input(), "launch input");
        CudaBuffer out = bufferOrDummy(launch.output(), "launch output");
        CudaBuffer res = bufferOrDummy(launch.resident(), "launch resident");
        Chunk chunk = launch.chunk();
        LaunchGrid grid;
        try {
            grid = LaunchGrid.of(chunk.iterations(), Math.min(properties.maxBlock(), kernel.maxThreadsPerBlock()),
                    properties.maxGridX(), properties.maxGridY());
        } catch (IllegalArgumentException e) {
            return CompletableFuture.failedFuture(e);
        }
        return kernels.submit("cuLaunchKernel(" + kernel.entryPoint() + ", grid " + grid.gridX() + "x" + grid.gridY()
                + ", block " + grid.blockX() + ")", stream -> {
                    if (!grid.isEmpty() && !launch.cancelled()) {
                        driver.launch(kernel.function(), grid, stream, new DriverApi.KernelArguments(in.pointer(),
                                out.pointer(), res.pointer(), chunk.firstOuter(), chunk.iterations()));
                    }
                });
    }

    /**
     * The GPU time of the copies and kernels run so far, from the CUDA events each engine records around its
     * operations ({@code cuEventElapsedTime}).
     */
    @Override
    public Optional<DeviceTimes> measuredTimes() {
        return Optional.of(clock.times().since(calibration));
    }

    /**
     * {@return the per-chunk cost and the copy costs each way, measured through this device's own engines (and so
     * through its {@link DriverApi}) the first time a device of this name and description plans a run in this process
     * ({@link CostCalibration}: pinned copies of 64 KiB and of up to 8 MiB each way, and round trips of tiny copies on
     * both copy engines at once; well under a second), and kept; empty once closed, or if the calibration could not
     * allocate or copy}. The kernel's rate is left unknown (the planner learns it from runs). The calibration's copies
     * are left out of {@link #measuredTimes()}: they are not a run's work.
     */
    @Override
    public Optional<DeviceCosts> costs() {
        if (closed.get()) {
            return Optional.empty();
        }
        if (CostCalibration.isCached(this)) {
            return CostCalibration.cached(this);
        }
        synchronized (calibrationLock) {
            DeviceTimes before = clock.times();
            Optional<DeviceCosts> costs = CostCalibration.cached(this);
            DeviceTimes spent = clock.times().since(before);
            DeviceTimes was = calibration;
            calibration = new DeviceTimes(was.copyIn().plus(spent.copyIn()), was.kernel().plus(spent.kernel()),
                    was.copyOut().plus(spent.copyOut()));
            return costs;
        }
    }

    private CudaBuffer bufferOrDummy(DeviceBuffer buffer, String what) {
        return buffer == null ? dummy : owned(CudaChecks.buffer(name, what, buffer), what);
    }

    private CudaBuffer owned(CudaBuffer buffer, String what) {
        if (!buffer.belongsTo(context)) {
            throw new IllegalArgumentException(what + " = " + buffer + " (expected: a CudaBuffer allocated by " + name
                    + ")");
        }
        return buffer;
    }

    /** Frees what was allocated while the device was closing, and says it is closed. */
    private void closeRaced(AutoCloseable allocated) {
        IllegalStateException closing = new IllegalStateException("device " + name + " is closed");
        try {
            allocated.close();
        } catch (Exception e) {
            closing.addSuppressed(e);
        }
        throw closing;
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new IllegalStateException("device " + name + " is closed");
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
        return closed.get();
    }

    /**
     * Stops the engines (operations not started fail; running ones are waited for up to 10 s), frees the buffers
     * and staging memory still open, unloads the kernels, destroys the streams and releases the context.
     * Idempotent.
     *
     * @throws org.loopnest.error.DeviceException for the first driver call that failed (every step is tried)
     * @throws IllegalStateException if an engine is still inside a driver call after 10 s: everything is then left
     *     allocated (leaked) rather than freed under that call, whose pinned memory Java may still touch
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        List<CudaEngine> engines = List.of(hostToDevice, kernels, deviceToHost);
        try {
            kept.closeAll(); // the pipeline first: it stops using the engines before they stop
        } finally {
            engines.forEach(CudaEngine::shutdown);
        }
        long deadline = System.nanoTime() + CLOSE_WAIT_NANOS;
        boolean stopped = true;
        try {
            for (CudaEngine engine : engines) {
                stopped &= engine.awaitTermination(deadline);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = false;
        }
        if (!stopped) {
            throw new IllegalStateException("device " + name + ": an engine was still inside a driver call 10 s "
                    + "after close; its memory, streams and context are left allocated rather than freed under it");
        }
        RuntimeException failure = null;
        for (CudaBuffer buffer : List.copyOf(buffers)) {
            failure = attempt(failure, buffer::close);
        }
        for (PinnedStaging staging : List.copyOf(stagings)) {
            failure = attempt(failure, staging::close);
        }
        failure = attempt(failure, dummy::close);
        failure = attempt(failure, () -> {
            context.makeCurrent();
            modules.unloadAll();
        });
        for (CudaEngine engine : engines) {
            failure = attempt(failure, () -> {
                context.makeCurrent();
                engine.destroyStream();
            });
        }
        failure = attempt(failure, context::release);
        if (failure != null) {
            throw failure;
        }
    }

    private static RuntimeException attempt(RuntimeException first, Runnable step) {
        try {
            step.run();
            return first;
        } catch (RuntimeException e) {
            if (first == null) {
                return e;
            }
            first.addSuppressed(e);
            return first;
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
