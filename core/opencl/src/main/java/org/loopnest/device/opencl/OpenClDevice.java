package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.OpenCl;
import org.loopnest.internal.opencl.OpenClDeviceId;
import org.loopnest.internal.opencl.ClCalls;

import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.DeviceCosts;
import org.loopnest.device.DeviceInfo;
import org.loopnest.device.DeviceTimes;
import org.loopnest.device.HostStaging;
import org.loopnest.device.KernelSource;
import org.loopnest.device.KernelTarget;
import org.loopnest.device.Launch;
import org.loopnest.internal.device.CostCalibration;
import org.loopnest.internal.device.MemoryBudget;
import org.loopnest.internal.device.SerialEngine;
import org.loopnest.internal.device.ThreadNames;
import org.loopnest.report.Stage;

/**
 * Runs generated kernels on one OpenCL device. Open with {@link #open(int)} ({@code opencl:N} in the order of
 * {@link OpenCl#discover()}).
 *
 * <p>The memory budget is global memory less a headroom of {@value #HEADROOM_PERCENT}% (at least 64 MiB), and no
 * buffer may exceed {@code CL_DEVICE_MAX_MEM_ALLOC_SIZE}. Copies in, kernels and copies out each run on their own
 * in-order command queue driven by their own thread, so that they overlap across chunks. The queues profile
 * (where the device can), and each command's device time is summed per stage ({@link #measuredTimes()}).
 *
 * <p><b>Threading:</b> every method may be called from any thread; operations of one kind complete in the order
 * issued. Each launch runs the kernel it {@linkplain Launch#kernelSource() carries}, built once per source, so
 * concurrent runs with different kernels may share the device.
 * <b>Ownership:</b> the caller closes the device after closing the buffers it allocated; closing frees the
 * context, queues, programs and threads.
 */
public final class OpenClDevice implements Device {
    /** Percentage of global memory left to the driver and other users. */
    public static final int HEADROOM_PERCENT = 10;

    /** Guards the one calibration of {@link #costs()}. */
    private final Object calibrationLock = new Object();
    /** Device time of the calibration's copies, left out of {@link #measuredTimes()}. */
    private volatile DeviceTimes calibration = DeviceTimes.ZERO;

    private final OpenClDeviceId id;
    private final org.loopnest.internal.device.KeptResources kept;
    private final String name;
    private final cl_context context;
    private final cl_command_queue copyInQueue;
    private final cl_command_queue kernelQueue;
    private final cl_command_queue copyOutQueue;
    private final SerialEngine copyInEngine;
    private final SerialEngine kernelEngine;
    private final SerialEngine copyOutEngine;
    private final MemoryBudget budget;
    private final DeviceInfo info;
    private final Map<String, OpenClProgram> programs = new ConcurrentHashMap<>();
    private final cl_mem placeholder;
    private final CommandTimes times;
    private volatile boolean closed;

    private OpenClDevice(OpenClDeviceId id, long memoryLimit) {
        this.id = id;
        this.name = id.deviceName();
        this.kept = new org.loopnest.internal.device.KeptResources(this.name);
        int[] code = new int[1];
        this.context = CL.clCreateContext(null, 1, new cl_device_id[] {id.device()}, null, null, code);
        ClCalls.check(name, "clCreateContext", code[0]);
        cl_command_queue[] queues = new cl_command_queue[3];
        cl_mem dummy = null;
        boolean profiled = true;
        try {
            for (int q = 0; q < queues.length; q++) {
                queues[q] = queue(profiled);
                if (queues[q] == null) {
                    profiled = false;
                    queues[q] = queue(false);
                }
            }
            dummy = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, 64, null, code);
            ClCalls.check(name, "clCreateBuffer(64 bytes)", code[0]);
        } catch (RuntimeException e) {
            for (cl_command_queue queue : queues) {
                if (queue != null) {
                    CL.clReleaseCommandQueue(queue);
                }
            }
            CL.clReleaseContext(context);
            throw e;
        }
        this.copyInQueue = queues[0];
        this.kernelQueue = queues[1];
        this.copyOutQueue = queues[2];
        this.placeholder = dummy;
        this.times = new CommandTimes(profiled);
        long usable = Math.min(memoryLimit, Math.max(0, id.globalMemoryBytes()
                - Math.max(64L << 20, id.globalMemoryBytes() / 100 * HEADROOM_PERCENT)));
        long maxAllocation = Math.min(usable, id.maxAllocationBytes());
        this.budget = new MemoryBudget(name, usable, maxAllocation);
        this.info = new DeviceInfo(name, usable, maxAllocation, id.computeUnits(), false, id.description());
        this.copyInEngine = new SerialEngine(ThreadNames.engine(name, Stage.COPY_IN));
        this.kernelEngine = new SerialEngine(ThreadNames.engine(name, Stage.KERNEL));
        this.copyOutEngine = new SerialEngine(ThreadNames.engine(name, Stage.COPY_OUT));
    }

    /**
     * Opens {@code opencl:index}.
     *
     * @param index the device's number across all platforms, from 0
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException if there is no such device (saying which there are, or why none)
     * @throws org.loopnest.error.DeviceException if the context or a queue cannot be made
     */
    public static OpenClDevice open(int index) {
        return open(index, Long.MAX_VALUE);
    }

    /**
     * Opens {@code opencl:index} with its memory budget capped at {@code memoryLimitBytes}: chunks are sized to
     * fit that, as if the device were that small (to share a device, or to test out-of-core runs).
     *
     * @param index the device's number across all platforms, from 0
     * @param memoryLimitBytes the cap on the memory budget
     * @return the open device, which the caller closes
     * @throws IllegalArgumentException if the limit is not positive, or as {@link #open(int)}
     */
    public static OpenClDevice open(int index, long memoryLimitBytes) {
        if (memoryLimitBytes < 1) {
            throw new IllegalArgumentException("opencl memory limit = " + memoryLimitBytes + " bytes (expected: > 0)");
        }
        return new OpenClDevice(OpenCl.device(index), memoryLimitBytes);
    }

    /** An in-order queue, profiling if asked; {@code null} if the device cannot profile. */
    @SuppressWarnings("deprecation")
    private cl_command_queue queue(boolean profiling) {
        int[] code = new int[1];
        cl_command_queue queue = CL.clCreateCommandQueue(context, id.device(),
                profiling ? CL.CL_QUEUE_PROFILING_ENABLE : 0, code);
        if (profiling && code[0] == CL.CL_INVALID_QUEUE_PROPERTIES) {
            return null;
        }
        ClCalls.check(name, "clCreateCommandQueue", code[0]);
        return queue;
    }

    /** {@return bytes of device memory currently allocated through {@link #allocate}} */
    public long usedBytes() {
        return budget.used();
    }

    /** What discovery found about the device (not API: its type is internal). */
    OpenClDeviceId id() {
        return id;
    }

    /**
     * {@return the copy costs, measured through this device's own queues the first time a device of this name and
     * description plans a run in this process ({@link CostCalibration}); empty once closed}. The calibration's copies
     * are left out of {@link #measuredTimes()}: they are not a run's work.
     */
    @Override
    public Optional<DeviceCosts> costs() {
        if (isClosed()) {
            return Optional.empty();
        }
        if (CostCalibration.isCached(this)) {
            return CostCalibration.cached(this);
        }
        synchronized (calibrationLock) {
            DeviceTimes before = times.enabled() ? times.clock().times() : DeviceTimes.ZERO;
            Optional<DeviceCosts> costs = CostCalibration.cached(this);
            if (times.enabled()) {
                DeviceTimes spent = times.clock().times().since(before);
                DeviceTimes was = calibration;
                calibration = new DeviceTimes(was.copyIn().plus(spent.copyIn()), was.kernel().plus(spent.kernel()),
                        was.copyOut().plus(spent.copyOut()));
            }
            return costs;
        }
    }

    @Override
    public DeviceInfo info() {
        return info;
    }

    @Override
    public boolean runsCompiledKernels() {
        return true;
    }

    /**
     * Builds the kernel ahead of the launches that carry it (once per distinct source).
     *
     * @throws org.loopnest.error.KernelCompileException with the build log and the numbered source
     */
    @Override
    public void prepare(KernelSource kernel) {
        program(kernel);
    }

    private OpenClProgram program(KernelSource kernel) {
        OpenClProgram built = programs.get(kernel.source(KernelTarget.OPENCL));
        if (built != null) {
            return built;
        }
        synchronized (this) { // not while close() releases the context
            requireOpen();
            return programs.computeIfAbsent(kernel.source(KernelTarget.OPENCL),
                    text -> OpenClProgram.build(id, context, kernel));
        }
    }

    /** @throws IllegalStateException if the device is closed: its context is gone, and the driver would crash */
    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("device " + name + " is closed");
        }
    }

    @Override
    public synchronized DeviceBuffer allocate(long bytes) {
        requireOpen();
        budget.reserve(bytes);
        int[] code = new int[1];
        cl_mem memory = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, bytes, null, code);
        if (code[0] != CL.CL_SUCCESS) {
            budget.release(bytes);
            ClCalls.checkAllocation(name, "clCreateBuffer(" + bytes + " bytes)", code[0]);
        }
        return new OpenClBuffer(memory, bytes, budget);
    }

    @Override
    public synchronized HostStaging allocateStaging(long bytes) {
        requireOpen();
        return OpenClStaging.allocate(name, context, copyInQueue, bytes);
    }

    @Override
    public CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes) {
        requireOpen();
        cl_mem memory = memory(target, "copyIn target");
        return copy(copyInEngine, Stage.COPY_IN, "clEnqueueWriteBuffer(" + bytes + " bytes)", event ->
                CL.clEnqueueWriteBuffer(copyInQueue, memory, true, 0, bytes, Pointer.to(host), 0, null, event));
    }

    @Override
    public CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes) {
        requireOpen();
        cl_mem memory = memory(source, "copyOut source");
        return copy(copyOutEngine, Stage.COPY_OUT, "clEnqueueReadBuffer(" + bytes + " bytes)", event ->
                CL.clEnqueueReadBuffer(copyOutQueue, memory, true, 0, bytes, Pointer.to(host), 0, null, event));
    }

    /**
     * Runs a blocking copy on {@code engine}: {@code enqueue} issues it with the profiling event to fill (or
     * {@code null}) and returns the call's result; its device time is added to {@code stage}.
     */
    private CompletableFuture<Void> copy(SerialEngine engine, Stage stage, String operation,
                                         java.util.function.ToIntFunction<cl_event> enqueue) {
        return engine.submit(() -> {
            cl_event event = times.event();
            ClCalls.check(name, operation, enqueue.applyAsInt(event)); // a failed call made no event
            times.record(event, stage);
        });
    }

    /**
     * Runs {@code launch}'s {@linkplain Launch#kernelSource() kernel} (built on first use) with one work item per
     * iteration of the chunk.
     *
     * @throws IllegalArgumentException if the launch carries no kernel source, or a buffer is not this device's
     * @throws org.loopnest.error.KernelCompileException if the kernel does not build
     */
    @Override
    public CompletableFuture<Void> launch(Launch launch) {
        requireOpen();
        KernelSource source = launch.kernelSource();
        if (source == null) {
            throw new IllegalArgumentException("launch.kernelSource() = null on " + name
                    + " (expected: the generated kernel; this device runs compiled kernels only)");
        }
        OpenClProgram program = program(source);
        cl_mem in = launch.input() == null ? placeholder : memory(launch.input(), "launch input");
        cl_mem out = launch.output() == null ? placeholder : memory(launch.output(), "launch output");
        cl_mem res = launch.resident() == null ? placeholder : memory(launch.resident(), "launch resident");
        long firstOuter = launch.chunk().firstOuter();
        long count = launch.chunk().iterations();
        return kernelEngine.submit(() -> {
            if (count == 0 || launch.cancelled()) {
                return;
            }
            cl_kernel kernel = program.kernel();
            setArg(kernel, 0, Sizeof.cl_mem, Pointer.to(in));
            setArg(kernel, 1, Sizeof.cl_mem, Pointer.to(out));
            setArg(kernel, 2, Sizeof.cl_mem, Pointer.to(res));
            setArg(kernel, 3, Sizeof.cl_long, Pointer.to(new long[] {firstOuter}));
            setArg(kernel, 4, Sizeof.cl_long, Pointer.to(new long[] {count}));
            cl_event event = times.event();
            int enqueued = CL.clEnqueueNDRangeKernel(kernelQueue, kernel, 1, null, new long[] {count}, null, 0, null,
                    event);
            ClCalls.check(name, "clEnqueueNDRangeKernel(" + count + " work items)", enqueued); // no event if failed
            try {
                ClCalls.check(name, "clFinish(kernel)", CL.clFinish(kernelQueue));
            } finally {
                times.record(event, Stage.KERNEL); // releases the event
            }
        });
    }

    /**
     * The device time of the copies and kernels run so far, from the OpenCL profiling counters; empty if the
     * device cannot profile its queues.
     */
    @Override
    public Optional<DeviceTimes> measuredTimes() {
        return times.enabled() ? Optional.of(times.clock().times().since(calibration)) : Optional.empty();
    }

    private void setArg(cl_kernel kernel, int index, long size, Pointer value) {
        ClCalls.check(name, "clSetKernelArg(" + index + ")", CL.clSetKernelArg(kernel, index, size, value));
    }

    private cl_mem memory(DeviceBuffer buffer, String what) {
        if (buffer instanceof OpenClBuffer cl) {
            return cl.memory();
        }
        throw new IllegalArgumentException(what + " is a " + buffer.getClass().getSimpleName()
                + " (expected: a buffer allocated by " + name + ")");
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

    /**
     * Stops the engines, then frees programs, queues and the context. Idempotent.
     *
     * @throws IllegalStateException if an engine is still inside a driver call 10 s after being stopped: the
     *     context, queues and programs are then left allocated (leaked) rather than freed under that call
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            kept.closeAll(); // the pipeline first: it stops using the engines before they stop
        } finally {
            copyInEngine.close();
        }
        kernelEngine.close();
        copyOutEngine.close();
        if (!(copyInEngine.stopped() && kernelEngine.stopped() && copyOutEngine.stopped())) {
            throw new IllegalStateException("device " + name + ": an engine was still inside a driver call 10 s "
                    + "after close; its context, queues and programs are left allocated rather than freed under it");
        }
        programs.values().forEach(OpenClProgram::close);
        programs.clear();
        CL.clReleaseMemObject(placeholder);
        for (cl_command_queue queue : new cl_command_queue[] {copyInQueue, kernelQueue, copyOutQueue}) {
            CL.clFinish(queue);
            CL.clReleaseCommandQueue(queue);
        }
        CL.clReleaseContext(context);
    }

    @Override
    public String toString() {
        return name;
    }
}
