package org.loopnest.device.cuda;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.DriverApi;
import org.loopnest.internal.cuda.LaunchGrid;

/**
 * The real CUDA driver, through JCuda: each method is the driver call its documentation names, its {@code CUresult}
 * checked and thrown as a {@link CudaError}. JCuda's objects stay here, in tables keyed by the {@code long} handles
 * handed out (from 1), so that nothing outside this class touches a JCuda type. Loading this class does not load
 * JCuda's natives; the first driver call does (through {@link CudaDriver}'s probe, which runs first).
 *
 * <p><b>Threading:</b> thread-safe: the tables are concurrent, and the driver is. <b>Failure:</b> a handle that is
 * not (or no longer) in its table is refused with {@code CUDA_ERROR_INVALID_HANDLE} without calling the driver.
 */
final class JCudaDriverApi implements DriverApi {
    private final AtomicLong next = new AtomicLong();
    private final Map<Long, Object> handles = new ConcurrentHashMap<>();

    @Override
    public String description() {
        return "JCuda";
    }

    @Override
    public String errorName(int code) {
        return CUresult.stringFor(code);
    }

    @Override
    public int deviceCount() {
        return CudaDriver.deviceCount();
    }

    @Override
    public CudaProperties properties(int ordinal) {
        CUdevice device = device(ordinal);
        byte[] raw = new byte[256];
        check("cuDeviceGetName", JCudaDriver.cuDeviceGetName(raw, raw.length, device));
        int length = 0;
        while (length < raw.length && raw[length] != 0) {
            length++;
        }
        long[] total = new long[1];
        check("cuDeviceTotalMem", JCudaDriver.cuDeviceTotalMem(total, device));
        return new CudaProperties(new String(raw, 0, length, StandardCharsets.UTF_8).strip(), total[0],
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
                attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y));
    }

    private int attribute(CUdevice device, int attribute) {
        int[] value = new int[1];
        check("cuDeviceGetAttribute", JCudaDriver.cuDeviceGetAttribute(value, attribute, device));
        return value[0];
    }

    private CUdevice device(int ordinal) {
        CUdevice device = new CUdevice();
        check("cuDeviceGet", JCudaDriver.cuDeviceGet(device, ordinal));
        return device;
    }

    /** A retained primary context and the device it belongs to. */
    private record Context(CUdevice device, CUcontext context) {
    }

    @Override
    public long retainContext(int ordinal) {
        CUdevice device = device(ordinal);
        CUcontext context = new CUcontext();
        check("cuDevicePrimaryCtxRetain", JCudaDriver.cuDevicePrimaryCtxRetain(context, device));
        return put(new Context(device, context));
    }

    @Override
    public void releaseContext(long context) {
        CUdevice device = take(context, Context.class).device();
        check("cuDevicePrimaryCtxRelease", JCudaDriver.cuDevicePrimaryCtxRelease(device));
    }

    @Override
    public void makeCurrent(long context) {
        check("cuCtxSetCurrent", JCudaDriver.cuCtxSetCurrent(get(context, Context.class).context()));
    }

    @Override
    public long freeMemory() {
        long[] free = new long[1];
        long[] total = new long[1];
        check("cuMemGetInfo", JCudaDriver.cuMemGetInfo(free, total));
        return free[0];
    }

    @Override
    public long allocate(long bytes) {
        CUdeviceptr pointer = new CUdeviceptr();
        check("cuMemAlloc", JCudaDriver.cuMemAlloc(pointer, bytes));
        return put(pointer);
    }

    @Override
    public void free(long pointer) {
        check("cuMemFree", JCudaDriver.cuMemFree(get(pointer, CUdeviceptr.class)));
        handles.remove(pointer);
    }

    @Override
    public Pinned allocateHost(long bytes) {
        Pointer host = new Pointer();
        check("cuMemHostAlloc", JCudaDriver.cuMemHostAlloc(host, bytes, JCudaDriver.CU_MEMHOSTALLOC_PORTABLE));
        try {
            return new Pinned(put(host), host.getByteBuffer(0, bytes));
        } catch (RuntimeException e) {
            JCudaDriver.cuMemFreeHost(host);
            throw e;
        }
    }

    @Override
    public void freeHost(long handle) {
        check("cuMemFreeHost", JCudaDriver.cuMemFreeHost(get(handle, Pointer.class)));
        handles.remove(handle);
    }

    @Override
    public long createStream() {
        CUstream stream = new CUstream();
        check("cuStreamCreate", JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING));
        return put(stream);
    }

    @Override
    public void synchronize(long stream) {
        check("cuStreamSynchronize", JCudaDriver.cuStreamSynchronize(get(stream, CUstream.class)));
    }

    @Override
    public void destroyStream(long stream) {
        check("cuStreamDestroy", JCudaDriver.cuStreamDestroy(take(stream, CUstream.class)));
    }

    @Override
    public long createEvent() {
        CUevent event = new CUevent();
        check("cuEventCreate", JCudaDriver.cuEventCreate(event, CUevent_flags.CU_EVENT_DEFAULT));
        return put(event);
    }

    @Override
    public void record(long event, long stream) {
        check("cuEventRecord", JCudaDriver.cuEventRecord(get(event, CUevent.class), get(stream, CUstream.class)));
    }

    @Override
    public float elapsedMillis(long start, long end) {
        float[] millis = new float[1];
        check("cuEventElapsedTime",
                JCudaDriver.cuEventElapsedTime(millis, get(start, CUevent.class), get(end, CUevent.class)));
        return millis[0];
    }

    @Override
    public void destroyEvent(long event) {
        check("cuEventDestroy", JCudaDriver.cuEventDestroy(take(event, CUevent.class)));
    }

    @Override
    public void copyToDevice(long device, ByteBuffer host, long bytes, long stream) {
        check("cuMemcpyHtoDAsync", JCudaDriver.cuMemcpyHtoDAsync(get(device, CUdeviceptr.class),
                Pointer.to(host.duplicate().clear()), bytes, get(stream, CUstream.class)));
    }

    @Override
    public void copyToHost(ByteBuffer host, long device, long bytes, long stream) {
        check("cuMemcpyDtoHAsync", JCudaDriver.cuMemcpyDtoHAsync(Pointer.to(host.duplicate().clear()),
                get(device, CUdeviceptr.class), bytes, get(stream, CUstream.class)));
    }

    @Override
    public long loadModule(String ptx) {
        byte[] text = ptx.getBytes(StandardCharsets.UTF_8);
        CUmodule module = new CUmodule();
        check("cuModuleLoadData", JCudaDriver.cuModuleLoadData(module, Arrays.copyOf(text, text.length + 1)));
        return put(module);
    }

    @Override
    public void unloadModule(long module) {
        check("cuModuleUnload", JCudaDriver.cuModuleUnload(take(module, CUmodule.class)));
    }

    @Override
    public long function(long module, String entryPoint) {
        CUfunction function = new CUfunction();
        check("cuModuleGetFunction",
                JCudaDriver.cuModuleGetFunction(function, get(module, CUmodule.class), entryPoint));
        return put(function);
    }

    @Override
    public int maxThreadsPerBlock(long function) {
        int[] value = new int[1];
        check("cuFuncGetAttribute", JCudaDriver.cuFuncGetAttribute(value,
                CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, get(function, CUfunction.class)));
        return value[0];
    }

    @Override
    public void launch(long function, LaunchGrid grid, long stream, KernelArguments arguments) {
        Pointer parameters = Pointer.to(Pointer.to(pointer(arguments.input())),
                Pointer.to(pointer(arguments.output())), Pointer.to(pointer(arguments.resident())),
                Pointer.to(new long[] {arguments.firstOuter()}), Pointer.to(new long[] {arguments.count()}));
        check("cuLaunchKernel", JCudaDriver.cuLaunchKernel(get(function, CUfunction.class), grid.gridX(),
                grid.gridY(), 1, grid.blockX(), 1, 1, 0, get(stream, CUstream.class), parameters, null));
    }

    /** The device pointer of a handle; 0 (an empty buffer) is the null pointer. */
    private CUdeviceptr pointer(long handle) {
        return handle == 0 ? new CUdeviceptr() : get(handle, CUdeviceptr.class);
    }

    private long put(Object object) {
        long handle = next.incrementAndGet();
        handles.put(handle, object);
        return handle;
    }

    private <T> T get(long handle, Class<T> type) {
        Object object = handles.get(handle);
        if (!type.isInstance(object)) {
            throw new CudaError(CudaError.INVALID_HANDLE, errorName(CudaError.INVALID_HANDLE),
                    type.getSimpleName() + " handle " + handle + " is unknown or gone");
        }
        return type.cast(object);
    }

    /** {@link #get}, and forgets the handle: for calls that destroy what it names. */
    private <T> T take(long handle, Class<T> type) {
        T object = get(handle, type);
        handles.remove(handle);
        return object;
    }

    /** Throws unless {@code result} is {@code CUDA_SUCCESS}; the message names {@code call}. */
    private void check(String call, int result) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new CudaError(result, errorName(result), call);
        }
    }
}
