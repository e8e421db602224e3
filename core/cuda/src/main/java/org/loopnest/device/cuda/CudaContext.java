package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.CudaMemoryContext;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import org.loopnest.error.DeviceException;

/**
 * One CUDA device's primary context, retained for one {@link CudaDevice} and released when it closes. Every
 * thread makes it current ({@link #makeCurrent()}) before its driver calls; it is the only context this package
 * uses, so threads never need another one. Checks driver results, turning failures into
 * {@link DeviceException}s that name the device, the call and the {@code CUresult}.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> the device that retained it releases it, once, after
 * everything made in it (streams, modules, memory) is gone.
 */
final class CudaContext implements CudaMemoryContext {
    private final String name;
    private final CUdevice device;
    private final CUcontext context;
    private final AtomicBoolean released = new AtomicBoolean();

    private CudaContext(String name, CUdevice device, CUcontext context) {
        this.name = name;
        this.device = device;
        this.context = context;
    }

    /**
     * Retains the primary context of device {@code ordinal} (which must exist), named {@code name} in failures.
     *
     * @throws DeviceException if the driver refuses
     */
    static CudaContext retain(String name, int ordinal) {
        CUdevice device = new CUdevice();
        check(name, JCudaDriver.cuDeviceGet(device, ordinal), "cuDeviceGet(" + ordinal + ")");
        CUcontext context = new CUcontext();
        check(name, JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain");
        return new CudaContext(name, device, context);
    }

    /** The device's name, e.g. {@code cuda:0}. */
    @Override
    public String name() {
        return name;
    }

    /** Makes the context current on the calling thread. */
    @Override
    public void makeCurrent() {
        if (released.get()) {
            throw new IllegalStateException("device " + name + " is closed");
        }
        check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
    }

    /** Throws a {@link DeviceException} unless {@code result} is {@code CUDA_SUCCESS}. */
    @Override
    public void check(int result, String operation) {
        check(name, result, operation);
    }

    /** Throws a {@link DeviceException} naming {@code device} unless {@code result} is {@code CUDA_SUCCESS}. */
    static void check(String device, int result, String operation) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new DeviceException(device, operation, result, CudaDriver.errorName(result), null);
        }
    }

    /** Reads the device's name, memory and limits. */
    CudaProperties properties() {
        byte[] raw = new byte[256];
        check(JCudaDriver.cuDeviceGetName(raw, raw.length, device), "cuDeviceGetName");
        int length = 0;
        while (length < raw.length && raw[length] != 0) {
            length++;
        }
        long[] total = new long[1];
        check(JCudaDriver.cuDeviceTotalMem(total, device), "cuDeviceTotalMem");
        return new CudaProperties(new String(raw, 0, length, StandardCharsets.UTF_8).strip(), total[0],
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "MULTIPROCESSOR_COUNT"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "COMPUTE_CAPABILITY_MAJOR"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "COMPUTE_CAPABILITY_MINOR"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "MAX_THREADS_PER_BLOCK"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, "MAX_BLOCK_DIM_X"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "MAX_GRID_DIM_X"),
                attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, "MAX_GRID_DIM_Y"));
    }

    private int attribute(int attribute, String label) {
        int[] value = new int[1];
        check(JCudaDriver.cuDeviceGetAttribute(value, attribute, device), "cuDeviceGetAttribute(" + label + ")");
        return value[0];
    }

    /** Device memory free now, in bytes, or -1 if the driver cannot say. */
    @Override
    public long freeMemory() {
        long[] free = new long[1];
        long[] total = new long[1];
        try {
            makeCurrent();
            return JCudaDriver.cuMemGetInfo(free, total) == CUresult.CUDA_SUCCESS ? free[0] : -1;
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Releases the primary context; later calls do nothing. */
    void release() {
        if (released.compareAndSet(false, true)) {
            check(JCudaDriver.cuDevicePrimaryCtxRelease(device), "cuDevicePrimaryCtxRelease");
        }
    }
}
