package org.loopnest.scheduler;

import java.nio.ByteBuffer;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;

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
    private final AutoCloseable[] owned;

    private BufferSet(ByteBuffer hostIn, ByteBuffer hostOut, DeviceBuffer deviceIn, DeviceBuffer deviceOut,
                      AutoCloseable... owned) {
        this.hostIn = hostIn;
        this.hostOut = hostOut;
        this.deviceIn = deviceIn;
        this.deviceOut = deviceOut;
        this.owned = owned;
    }

    /** A set that holds no memory. */
    static BufferSet empty() {
        return new BufferSet(null, null, null, null);
    }

    /**
     * Allocates device buffers and the device's staging memory of the given sizes; frees what it took if any
     * allocation fails.
     */
    static BufferSet allocate(Device device, long inBytes, long outBytes) {
        java.util.List<AutoCloseable> taken = new java.util.ArrayList<>();
        try {
            DeviceBuffer in = take(taken, device.allocate(inBytes));
            DeviceBuffer out = take(taken, device.allocate(outBytes));
            HostStaging hostIn = take(taken, device.allocateStaging(inBytes));
            HostStaging hostOut = take(taken, device.allocateStaging(outBytes));
            return new BufferSet(hostIn.buffer(), hostOut.buffer(), in, out, taken.toArray(AutoCloseable[]::new));
        } catch (RuntimeException | OutOfMemoryError e) {
            closeAll(taken.toArray(AutoCloseable[]::new));
            throw e;
        }
    }

    private static <T extends AutoCloseable> T take(java.util.List<AutoCloseable> taken, T resource) {
        taken.add(resource);
        return resource;
    }

    @Override
    public void close() {
        closeAll(owned);
    }

    /**
     * Closes each in reverse order (staging before the device memory it was made beside), all of them even if
     * some fail; then throws the first failure, with the others suppressed.
     */
    static void closeAll(AutoCloseable[] resources) {
        IllegalStateException failed = null;
        for (int i = resources.length - 1; i >= 0; i--) {
            try {
                resources[i].close();
            } catch (Exception e) {
                if (failed == null) {
                    failed = new IllegalStateException("could not free a chunk buffer: " + e, e);
                } else {
                    failed.addSuppressed(e);
                }
            }
        }
        if (failed != null) {
            throw failed;
        }
    }
}
