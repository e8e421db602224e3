package org.loopnest.cluster;

import java.nio.ByteBuffer;
import org.loopnest.device.DeviceBuffer;

/** A buffer in a node's device memory, known here by its handle. Closing frees it on the node, once. */
final class RemoteBuffer implements DeviceBuffer {
    private final RemoteDevice device;
    private final long handle;
    private final long size;
    private boolean closed;

    RemoteBuffer(RemoteDevice device, long handle, long size) {
        this.device = device;
        this.handle = handle;
        this.size = size;
    }

    RemoteDevice device() {
        return device;
    }

    long handle() {
        return handle;
    }

    @Override
    public long size() {
        return size;
    }

    @Override
    public ByteBuffer hostView() {
        throw new UnsupportedOperationException("a node's memory is not addressable from the coordinator");
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            device.free(handle);
        }
    }

    @Override
    public String toString() {
        return device + "#" + handle;
    }
}
