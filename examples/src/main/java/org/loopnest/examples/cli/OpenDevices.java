package org.loopnest.examples.cli;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.device.Device;

/**
 * The devices a command opened, closed together (in reverse order) when the command is done, then the local worker
 * nodes they used, if any.
 */
public final class OpenDevices implements AutoCloseable {
    private final List<Device> devices;
    private final AutoCloseable after;

    OpenDevices(List<Device> devices) {
        this(devices, null);
    }

    /** Devices, and something to close after them (the local worker nodes they connect to). */
    OpenDevices(List<Device> devices, AutoCloseable after) {
        this.devices = List.copyOf(devices);
        this.after = after;
    }

    /** The devices, in the order given on the command line. */
    public Device[] array() {
        return devices.toArray(Device[]::new);
    }

    /** Closes every device, the last opened first. */
    @Override
    public void close() {
        List<Device> reversed = new ArrayList<>(devices);
        java.util.Collections.reverse(reversed);
        reversed.forEach(Device::close);
        if (after != null) {
            try {
                after.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop the local nodes: " + e, e);
            }
        }
    }
}
