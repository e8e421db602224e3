package org.loopnest.perf.ratio;

import java.util.List;
import org.loopnest.cluster.RemoteDevice;
import org.loopnest.device.Device;

/**
 * Worker nodes started for a measurement and the coordinator's connections to them, with the bytes those connections
 * carry ({@code RemoteDevice.bytesSent()} and {@code bytesReceived()}). {@link #close()} closes the connections and
 * stops the nodes.
 */
interface WorkerNodes extends AutoCloseable {
    /** {@return the connections, in the order the nodes were started} */
    List<RemoteDevice> devices();

    /** {@return the connections as the devices of a run} */
    default Device[] asDevices() {
        return devices().toArray(Device[]::new);
    }

    /** {@return the bytes all connections have sent to the nodes since they opened} */
    default long sent() {
        return devices().stream().mapToLong(RemoteDevice::bytesSent).sum();
    }

    /** {@return the bytes all connections have received from the nodes since they opened} */
    default long received() {
        return devices().stream().mapToLong(RemoteDevice::bytesReceived).sum();
    }

    /** {@return the bytes all connections have carried, both ways, since they opened} */
    default long traffic() {
        return sent() + received();
    }

    /**
     * Closes the connections and stops the nodes.
     *
     * @throws IllegalStateException for the first failure, after closing the rest
     */
    @Override
    void close();
}
