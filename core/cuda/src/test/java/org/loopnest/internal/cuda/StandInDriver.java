package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.loopnest.device.RunSpec;

/**
 * An in-process stand-in for the CUDA driver, so that the whole CUDA device runs without a GPU (and without loading
 * JCuda): device memory is direct buffers at addresses of their own ({@link StandInMemory}), pinned memory is direct
 * buffers, a stream is an ordered single-thread executor ({@link StandInStream}), an event completes when its stream
 * reaches it and takes its time from a clock ({@link StandInEvent}), a module is loaded from PTX text and a launch of
 * one of its functions runs, on the stream, the kernel-language body of the run the device
 * {@linkplain #describeKernel described} for that PTX, compiled for the JVM ({@link JvmKernel}).
 *
 * <p><b>It refuses what the driver would</b>, with the driver's code: use of a freed or unknown pointer, a copy past
 * the end of an allocation (or of the host buffer), a double free, an event recorded on a destroyed stream, a launch
 * of a function whose module was unloaded, PTX without an entry point. Work that fails on a stream puts the stream
 * in error, reported by every later synchronize.
 *
 * <p><b>Faults on demand</b>, counted from the call that asks: {@link #failAllocation(int)} (out of memory),
 * {@link #failLaunch(int)} (the launch call fails), {@link #failStreamWork(int)} (work fails on its stream, which
 * stays in error). <b>Leaks</b>: {@link #live()} counts what is allocated and not freed.
 *
 * <p>Lives in the test sources (and this module's test-jar, for the scheduler's tests): a test double with fault
 * injection has no place in the artifact users run, and it needs the serializer's {@code ChunkLayout}, which the
 * CUDA device itself does not.
 *
 * <p><b>Threading:</b> thread-safe. There is one device (ordinal 0) and contexts are not checked beyond their
 * handles: the device makes its one context current before every call anyway.
 */
public final class StandInDriver implements DriverApi {
    /** What the stand-in device says it is: 1 GiB, compute capability 9.0, the usual limits. */
    public static final CudaProperties DEFAULT_PROPERTIES = new CudaProperties("LoopNest stand-in GPU", 1L << 30, 4,
            9, 0, 1024, 1024, Integer.MAX_VALUE, 65_535);

    private static final Map<Integer, String> NAMES = Map.of(CudaError.INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE",
            CudaError.OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", CudaError.INVALID_PTX, "CUDA_ERROR_INVALID_PTX",
            CudaError.INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", CudaError.NOT_FOUND, "CUDA_ERROR_NOT_FOUND",
            CudaError.NOT_READY, "CUDA_ERROR_NOT_READY", CudaError.ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS",
            CudaError.LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED");

    private final CudaProperties properties;
    private final LongSupplier clock;
    private final StandInMemory memory;
    private final StandInModules modules = new StandInModules();
    private final AtomicLong handles = new AtomicLong();
    private final Map<Long, ByteBuffer> pinned = new ConcurrentHashMap<>();
    private final Map<Long, StandInStream> streams = new ConcurrentHashMap<>();
    private final Map<Long, StandInEvent> events = new ConcurrentHashMap<>();
    private final AtomicInteger contexts = new AtomicInteger();
    private final AtomicInteger launches = new AtomicInteger();
    private final AtomicInteger pinnedAllocations = new AtomicInteger();
    private final StandInFaults faults = new StandInFaults();

    /** A stand-in with {@link #DEFAULT_PROPERTIES} and the system's nanosecond clock. */
    public StandInDriver() {
        this(DEFAULT_PROPERTIES, System::nanoTime);
    }

    /**
     * @param properties what the device says it is; its total memory is what can be allocated
     * @param clock      nanoseconds, read when an event completes
     */
    public StandInDriver(CudaProperties properties, LongSupplier clock) {
        this.properties = properties;
        this.clock = clock;
        this.memory = new StandInMemory(properties.totalMemory());
    }

    /** {@return a failure as the driver reports it: the code, its name and what the stand-in saw} */
    static CudaError error(int code, String detail) {
        return new CudaError(code, NAMES.getOrDefault(code, "CUDA_ERROR_UNKNOWN"), detail);
    }

    /**
     * Makes the {@code nth} device allocation from now fail with {@code CUDA_ERROR_OUT_OF_MEMORY} (1: the next).
     *
     * @param nth from 1
     * @return this
     */
    public StandInDriver failAllocation(int nth) {
        faults.allocation.arm(nth);
        return this;
    }

    /**
     * Makes the {@code nth} launch call from now fail with {@code CUDA_ERROR_LAUNCH_FAILED}, running nothing.
     *
     * @param nth from 1
     * @return this
     */
    public StandInDriver failLaunch(int nth) {
        faults.launch.arm(nth);
        return this;
    }

    /**
     * Makes the {@code nth} piece of work (copy or launch) issued on any stream from now fail on its stream with
     * {@code CUDA_ERROR_ILLEGAL_ADDRESS}: the stream stays in error, as after a fault on a GPU.
     *
     * @param nth from 1
     * @return this
     */
    public StandInDriver failStreamWork(int nth) {
        faults.streamWork.arm(nth);
        return this;
    }

    /**
     * {@return what is allocated and not freed, e.g. {@code memory 0, pinned 0, streams 0, events 0, modules 0,
     * contexts 0}}
     */
    public String live() {
        return "memory " + memory.live() + ", pinned " + pinned.size() + ", streams " + streams.size() + ", events "
                + events.size() + ", modules " + modules.live() + ", contexts " + contexts.get();
    }

    /** {@return {@link #live()} when nothing is left} */
    public static String nothingLive() {
        return "memory 0, pinned 0, streams 0, events 0, modules 0, contexts 0";
    }

    /** {@return launches that ran a kernel} */
    public int launches() {
        return launches.get();
    }

    /** {@return page-locked allocations made so far, freed or not} */
    public int pinnedAllocations() {
        return pinnedAllocations.get();
    }

    @Override
    public String description() {
        return "in-process stand-in (no GPU)";
    }

    @Override
    public String errorName(int code) {
        return NAMES.getOrDefault(code, "CUDA_ERROR_UNKNOWN");
    }

    @Override
    public int deviceCount() {
        return 1;
    }

    @Override
    public CudaProperties properties(int ordinal) {
        requireDevice(ordinal);
        return properties;
    }

    @Override
    public long retainContext(int ordinal) {
        requireDevice(ordinal);
        contexts.incrementAndGet();
        return handles.incrementAndGet();
    }

    @Override
    public void releaseContext(long context) {
        if (contexts.getAndUpdate(n -> Math.max(0, n - 1)) == 0) {
            throw error(CudaError.INVALID_VALUE, "no context is retained");
        }
    }

    @Override
    public void makeCurrent(long context) {
        if (contexts.get() == 0) {
            throw error(CudaError.INVALID_HANDLE, "context " + context + " is not retained");
        }
    }

    @Override
    public long freeMemory() {
        return memory.free();
    }

    @Override
    public long allocate(long bytes) {
        if (faults.allocation.fires()) {
            throw error(CudaError.OUT_OF_MEMORY, "injected: allocation of " + bytes + " bytes");
        }
        return memory.allocate(bytes);
    }

    @Override
    public void free(long pointer) {
        memory.free(pointer);
    }

    @Override
    public Pinned allocateHost(long bytes) {
        if (bytes < 1 || bytes > Integer.MAX_VALUE) {
            throw error(CudaError.INVALID_VALUE, "cuMemHostAlloc of " + bytes + " bytes");
        }
        long handle = handles.incrementAndGet();
        ByteBuffer buffer = ByteBuffer.allocateDirect((int) bytes).order(ByteOrder.nativeOrder());
        pinned.put(handle, buffer);
        pinnedAllocations.incrementAndGet();
        return new Pinned(handle, buffer);
    }

    @Override
    public void freeHost(long handle) {
        if (pinned.remove(handle) == null) {
            throw error(CudaError.INVALID_VALUE, "cuMemFreeHost of " + handle + ", which is not (or no longer) "
                    + "allocated");
        }
    }

    @Override
    public long createStream() {
        long handle = handles.incrementAndGet();
        streams.put(handle, new StandInStream(handle));
        return handle;
    }

    @Override
    public void synchronize(long stream) {
        stream(stream).synchronize();
    }

    @Override
    public void destroyStream(long stream) {
        stream(stream).destroy();
        streams.remove(stream);
    }

    @Override
    public long createEvent() {
        long handle = handles.incrementAndGet();
        events.put(handle, new StandInEvent());
        return handle;
    }

    @Override
    public void record(long event, long stream) {
        StandInEvent e = event(event);
        StandInStream s = streams.get(stream);
        if (s == null || s.destroyed()) {
            throw error(CudaError.INVALID_HANDLE, "event " + event + " recorded on stream " + stream
                    + ", which is destroyed or unknown");
        }
        e.recorded();
        s.issue(() -> e.complete(clock.getAsLong()));
    }

    @Override
    public float elapsedMillis(long start, long end) {
        return (event(end).completedAt() - event(start).completedAt()) / 1e6f;
    }

    @Override
    public void destroyEvent(long event) {
        event(event).destroy();
        events.remove(event);
    }

    @Override
    public void copyToDevice(long device, ByteBuffer host, long bytes, long stream) {
        StandInStream s = stream(stream);
        ByteBuffer source = hostRange(host, bytes, "cuMemcpyHtoDAsync");
        memory.range(device, bytes);
        issue(s, () -> memory.range(device, bytes).put(source));
    }

    @Override
    public void copyToHost(ByteBuffer host, long device, long bytes, long stream) {
        StandInStream s = stream(stream);
        ByteBuffer target = hostRange(host, bytes, "cuMemcpyDtoHAsync");
        memory.range(device, bytes);
        issue(s, () -> target.put(memory.range(device, bytes)));
    }

    @Override
    public long loadModule(String ptx) {
        long handle = handles.incrementAndGet();
        modules.load(handle, ptx);
        return handle;
    }

    @Override
    public void unloadModule(long module) {
        modules.unload(module);
    }

    @Override
    public long function(long module, String entryPoint) {
        long handle = handles.incrementAndGet();
        modules.function(handle, module, entryPoint);
        return handle;
    }

    @Override
    public int maxThreadsPerBlock(long function) {
        return properties.maxThreadsPerBlock();
    }

    @Override
    public void launch(long function, LaunchGrid grid, long stream, KernelArguments arguments) {
        StandInStream s = stream(stream);
        JvmKernel kernel = modules.kernel(function);
        if (grid.isEmpty() || grid.blockX() > properties.maxThreadsPerBlock() || grid.gridY() > properties.maxGridY()) {
            throw error(CudaError.INVALID_VALUE, "cuLaunchKernel with grid " + grid + " on a device of "
                    + properties.maxThreadsPerBlock() + " threads per block");
        }
        if (faults.launch.fires()) {
            throw error(CudaError.LAUNCH_FAILED, "injected: launch of function " + function);
        }
        issue(s, () -> {
            kernel.run(memory.whole(arguments.input()), memory.whole(arguments.output()),
                    memory.whole(arguments.resident()), arguments.firstOuter(), arguments.count(), grid.threads());
            launches.incrementAndGet();
        });
    }

    @Override
    public void describeKernel(String ptx, RunSpec run) {
        modules.describe(ptx, run);
    }

    /** Issues {@code work} on {@code stream}, failing there instead if an injected stream fault is due. */
    private void issue(StandInStream stream, Runnable work) {
        if (faults.streamWork.fires()) {
            stream.issue(() -> {
                throw error(CudaError.ILLEGAL_ADDRESS, "injected: a fault on the stream");
            });
        } else {
            stream.issue(() -> {
                try {
                    work.run();
                } catch (CudaError e) {
                    throw e.code() == CudaError.INVALID_VALUE // the memory went away after the call was issued
                            ? error(CudaError.ILLEGAL_ADDRESS, e.getMessage()) : e;
                }
            });
        }
    }

    private static ByteBuffer hostRange(ByteBuffer host, long bytes, String call) {
        if (!host.isDirect() || bytes < 1 || bytes > host.capacity()) {
            throw error(CudaError.INVALID_VALUE, call + " of " + bytes + " bytes with a host buffer of "
                    + host.capacity() + (host.isDirect() ? " bytes" : " bytes, not direct"));
        }
        return host.duplicate().clear().limit((int) bytes);
    }

    private StandInStream stream(long stream) {
        StandInStream s = streams.get(stream);
        if (s == null) {
            throw error(CudaError.INVALID_HANDLE, "stream " + stream + " is destroyed or unknown");
        }
        return s;
    }

    private StandInEvent event(long event) {
        StandInEvent e = events.get(event);
        if (e == null) {
            throw error(CudaError.INVALID_HANDLE, "event " + event + " is destroyed or unknown");
        }
        return e;
    }

    private void requireDevice(int ordinal) {
        if (ordinal != 0) {
            throw error(CudaError.INVALID_VALUE, "device " + ordinal + " (the stand-in has device 0 only)");
        }
    }
}
