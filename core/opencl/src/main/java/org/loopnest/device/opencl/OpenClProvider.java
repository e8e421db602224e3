package org.loopnest.device.opencl;

import org.loopnest.internal.opencl.OpenCl;

import org.loopnest.device.Device;
import org.loopnest.device.DeviceProvider;

/**
 * The {@code opencl} devices for {@link org.loopnest.device.Devices}, registered through
 * {@code META-INF/services}: {@link OpenCl#discover()} counts them, {@link OpenClDevice#open(int, long)} opens one.
 * Constructing it loads nothing native. Thread-safe.
 */
public final class OpenClProvider implements DeviceProvider {
    /** Called by {@link java.util.ServiceLoader}. */
    public OpenClProvider() {
    }

    /** {@code opencl}. */
    @Override
    public String name() {
        return "opencl";
    }

    /** Every device of every platform, or why there is none; loads JOCL on the first call. Never throws. */
    @Override
    public Availability availability() {
        OpenCl.Discovery found = OpenCl.discover();
        return new Availability(found.devices().size(), found.reason());
    }

    /** As {@link OpenClDevice#open(int, long)}. */
    @Override
    public Device open(int index, long memoryLimitBytes) {
        return OpenClDevice.open(index, memoryLimitBytes);
    }
}
