package org.loopnest.scheduler;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;

/**
 * One of the {@code B} sets of chunk buffers of a device: host staging buffers and device buffers for inputs and
 * outputs. Allocated once per run, reused for chunk after chunk. Empty (all {@code null}) on a host-addressable
 * device, where it only counts a chunk in flight.
 */
final class BufferSet implements AutoCloseable {
    final ByteBuffer hostIn;
    final ByteBuffer hostOut;
    final DeviceBuffer deviceIn;
    final DeviceBuffer deviceOut;

    private BufferSet(ByteBuffer hostIn, ByteBuffer hostOut, DeviceBuffer deviceIn, DeviceBuffer deviceOut) {
        this.hostIn = hostIn;
        this.hostOut = hostOut;
        this.deviceIn = deviceIn;
        this.deviceOut = deviceOut;
    }

    /** A set that holds no memory. */
    static BufferSet empty() {
        return new BufferSet(null, null, null, null);
    }

    /** Allocates host and device buffers of the given sizes; frees what it took if any allocation fails. */
    static BufferSet allocate(Device device, long inBytes, long outBytes) {
        DeviceBuffer in = device.allocate(inBytes);
        try {
            DeviceBuffer out = device.allocate(outBytes);
            return new BufferSet(host(inBytes), host(outBytes), in, out);
        } catch (RuntimeException | OutOfMemoryError e) {
            in.close();
            throw e;
        }
    }

    static ByteBuffer host(long bytes) {
        return ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
    }

    @Override
    public void close() {
        if (deviceIn != null) {
            deviceIn.close();
        }
        if (deviceOut != null) {
            deviceOut.close();
        }
    }
}
