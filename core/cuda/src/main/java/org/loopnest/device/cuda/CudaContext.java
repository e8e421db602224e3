package org.loopnest.device.cuda;

import java.util.concurrent.atomic.AtomicBoolean;
import org.loopnest.error.DeviceException;
import org.loopnest.internal.cuda.CudaError;
import org.loopnest.internal.cuda.CudaMemoryContext;
import org.loopnest.internal.cuda.CudaProperties;
import org.loopnest.internal.cuda.DriverApi;

/**
 * One CUDA device's primary context, retained for one {@link CudaDevice} and released when it closes. Every
 * thread makes it current ({@link #makeCurrent()}) before its driver calls; it is the only context this package
 * uses, so threads never need another one. Every driver call goes through its {@link DriverApi}; failures become
 * {@link DeviceException}s that name the device, the call and the {@code CUresult}.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> the device that retained it releases it, once, after
 * everything made in it (streams, modules, memory) is gone.
 */
final class CudaContext implements CudaMemoryContext {
    private final String name;
    private final DriverApi driver;
    private final int ordinal;
    private final long context;
    private final AtomicBoolean released = new AtomicBoolean();

    private CudaContext(String name, DriverApi driver, int ordinal, long context) {
        this.name = name;
        this.driver = driver;
        this.ordinal = ordinal;
        this.context = context;
    }

    /**
     * Retains the primary context of device {@code ordinal} (which must exist) through {@code driver}, named
     * {@code name} in failures.
     *
     * @throws DeviceException if the driver refuses
     */
    static CudaContext retain(String name, DriverApi driver, int ordinal) {
        try {
            return new CudaContext(name, driver, ordinal, driver.retainContext(ordinal));
        } catch (CudaError e) {
            throw new DeviceException(name, "cuDevicePrimaryCtxRetain", e.code(), e.codeName(), e);
        }
    }

    /** The device's name, e.g. {@code cuda:0}. */
    @Override
    public String name() {
        return name;
    }

    @Override
    public DriverApi driver() {
        return driver;
    }

    /** Makes the context current on the calling thread. */
    @Override
    public void makeCurrent() {
        if (released.get()) {
            throw new IllegalStateException("device " + name + " is closed");
        }
        call("cuCtxSetCurrent", () -> driver.makeCurrent(context));
    }

    /** Reads the device's name, memory and limits. */
    CudaProperties properties() {
        return get("cuDeviceGetAttribute", () -> driver.properties(ordinal));
    }

    /** Device memory free now, in bytes, or -1 if the driver cannot say. */
    @Override
    public long freeMemory() {
        try {
            makeCurrent();
            return driver.freeMemory();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    /** Releases the primary context; later calls do nothing. */
    void release() {
        if (released.compareAndSet(false, true)) {
            call("cuDevicePrimaryCtxRelease", () -> driver.releaseContext(context));
        }
    }
}
