package org.loopnest.examples.cli;

import java.util.ArrayList;
import java.util.List;
import org.loopnest.scheduler.Execution;
import org.loopnest.device.Device;

/**
 * The devices a command opened, closed together (in reverse order) when the command is done, then the local worker
 * nodes they used, if any. With {@code --nodes slurm}, also the workers that had not answered when the run started:
 * {@link #joinLate} lets them join the run once it is going.
 */
public final class OpenDevices implements AutoCloseable {
    private final List<Device> devices;
    private final AutoCloseable after;
    private final LateWorkers late;

    OpenDevices(List<Device> devices) {
        this(devices, null);
    }

    /** Devices, and something to close after them (the local worker nodes they connect to). */
    OpenDevices(List<Device> devices, AutoCloseable after) {
        this(devices, after, null);
    }

    /** Devices, something to close after them, and workers that may join the run late (or {@code null}). */
    OpenDevices(List<Device> devices, AutoCloseable after, LateWorkers late) {
        this.devices = List.copyOf(devices);
        this.after = after;
        this.late = late;
    }

    /**
     * Lets the workers that had not answered join the run now going, through {@code execution}; does nothing when
     * there are none. Call once, right after the run started.
     *
     * @param execution the run going on
     */
    public void joinLate(Execution execution) {
        if (late != null) {
            late.joinInto(execution::join);
        }
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
        if (late != null) {
            late.close();
        }
        if (after != null) {
            try {
                after.close();
            } catch (Exception e) {
                throw new IllegalStateException("could not stop the local nodes: " + e, e);
            }
        }
    }
}
