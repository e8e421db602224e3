package org.loopnest.internal.cuda;

import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.loopnest.error.DeviceException;

/**
 * The CUDA context a device works in, as its engines, modules, {@link CudaBuffer} and {@link PinnedStaging} use it:
 * the {@link DriverApi} to call, the context to make current first, and the one place where a {@link CudaError}
 * becomes a {@link DeviceException} naming the device and the operation. Implemented by the CUDA device's context
 * ({@code org.loopnest.device.cuda}), so that the memory classes live here while the context stays package-private
 * there. Not API.
 *
 * <p><b>Threading:</b> implementations are safe from any thread.
 */
public interface CudaMemoryContext {
    /**
     * The device's name, for messages.
     *
     * @return e.g. {@code cuda:0}
     */
    String name();

    /** {@return the driver this context's calls go to} */
    DriverApi driver();

    /**
     * Makes the context current on the calling thread, before a driver call.
     *
     * @throws IllegalStateException if the device is closed
     * @throws DeviceException if the driver refuses
     */
    void makeCurrent();

    /**
     * Device memory free now.
     *
     * @return bytes, or -1 if the driver cannot say
     */
    long freeMemory();

    /**
     * {@return the failure of {@code operation} as the device reports it: a {@link DeviceException} naming the device,
     * the operation and the driver's code, with {@code error} as its cause}
     *
     * @param operation the call, e.g. {@code cuMemFree of 64 bytes}
     * @param error     what the driver said
     */
    default DeviceException failure(String operation, CudaError error) {
        return new DeviceException(name(), operation, error.code(), error.codeName(), error);
    }

    /**
     * Runs a driver call.
     *
     * @param operation the call, for the failure
     * @param call      the call
     * @throws DeviceException if the driver refuses it
     */
    default void call(String operation, Runnable call) {
        try {
            call.run();
        } catch (CudaError e) {
            throw failure(operation, e);
        }
    }

    /**
     * {@return what a driver call returns}
     *
     * @param operation the call, for the failure
     * @param call      the call
     * @param <T>       what it returns
     * @throws DeviceException if the driver refuses it
     */
    default <T> T get(String operation, Supplier<T> call) {
        try {
            return call.get();
        } catch (CudaError e) {
            throw failure(operation, e);
        }
    }

    /**
     * {@return the handle a driver call returns}
     *
     * @param operation the call, for the failure
     * @param call      the call
     * @throws DeviceException if the driver refuses it
     */
    default long handle(String operation, LongSupplier call) {
        try {
            return call.getAsLong();
        } catch (CudaError e) {
            throw failure(operation, e);
        }
    }
}
