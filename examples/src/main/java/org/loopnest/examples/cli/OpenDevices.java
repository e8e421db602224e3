package org.loopnest.examples.cli;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.device.Device;

/** The devices a command opened, closed together (in reverse order) when the command is done. */
public final class OpenDevices implements AutoCloseable {
    private final List<Device> devices;

    OpenDevices(List<Device> devices) {
        this.devices = List.copyOf(devices);
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
    }
}
