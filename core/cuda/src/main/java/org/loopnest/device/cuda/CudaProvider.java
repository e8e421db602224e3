package org.loopnest.device.cuda;

import org.loopnest.device.Device;
import org.loopnest.device.DeviceProvider;

/**
 * The {@code cuda} devices for {@link org.loopnest.device.Devices}, registered through {@code META-INF/services}:
 * {@link CudaDriver} counts them, {@link CudaDevice#open(int, long)} opens one. Constructing it loads nothing native.
 * Thread-safe.
 */
public final class CudaProvider implements DeviceProvider {
    /** Called by {@link java.util.ServiceLoader}. */
    public CudaProvider() {
    }

    /** {@code cuda}. */
    @Override
    public String name() {
        return "cuda";
    }

    /** The GPUs the driver sees, or why CUDA cannot be used; loads JCuda on the first call. Never throws. */
    @Override
    public Availability availability() {
        CudaDriver.Availability cuda = CudaDriver.availability();
        return cuda.available() ? new Availability(CudaDriver.deviceCount(), null) : new Availability(0, cuda.reason());
    }

    /** As {@link CudaDevice#open(int, long)}. */
    @Override
    public Device open(int index, long memoryLimitBytes) {
        return CudaDevice.open(index, memoryLimitBytes);
    }
}
