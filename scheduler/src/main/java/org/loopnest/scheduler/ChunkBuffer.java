package org.loopnest.scheduler;

import java.nio.ByteBuffer;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.HostStaging;

/**
 * One chunk buffer of one direction: host staging memory and device memory of the same size, an input buffer
 * ({@code B_in} per device, packed by serialize, copied in, read by the kernel) or an output buffer ({@code B_out}
 * per device, written by the kernel, copied out, unpacked by deserialize). Allocated once per run, reused for chunk
 * after chunk. Empty (both {@code null}) on a host-addressable device, where it only counts a chunk in flight.
 *
 * <p><b>Ownership:</b> the {@link RunBuffers} that allocated it frees it; a {@link BufferPool} only lends it.
 */
final class ChunkBuffer implements AutoCloseable {
    final ByteBuffer host;
    final DeviceBuffer device;
    private final AutoCloseable[] owned;

    private ChunkBuffer(ByteBuffer host, DeviceBuffer device, AutoCloseable... owned) {
        this.host = host;
        this.device = device;
        this.owned = owned;
    }

    /** A buffer that holds no memory. */
    static ChunkBuffer empty() {
        return new ChunkBuffer(null, null);
    }

    /**
     * Allocates device memory and the device's staging memory of {@code bytes} each; frees what it took if the second
     * allocation fails.
     */
    static ChunkBuffer allocate(Device device, long bytes) {
        java.util.List<AutoCloseable> taken = new java.util.ArrayList<>();
        try {
            DeviceBuffer onDevice = take(taken, device.allocate(bytes));
            HostStaging staging = take(taken, device.allocateStaging(bytes));
            return new ChunkBuffer(staging.buffer(), onDevice, taken.toArray(AutoCloseable[]::new));
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
