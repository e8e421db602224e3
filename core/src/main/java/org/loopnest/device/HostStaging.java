package org.loopnest.device;

import java.nio.ByteBuffer;

/**
 * Host memory that chunks are packed into and copied from: a direct buffer, page-locked where the device can
 * copy from such memory directly (CUDA pinned memory, OpenCL host-allocated buffers). Allocated once per run;
 * closed by whoever allocated it, before the device that made it is closed.
 */
public interface HostStaging extends AutoCloseable {
    /** {@return the memory, in native byte order, position 0, capacity the size asked for} */
    ByteBuffer buffer();

    /** Frees the memory. Idempotent. The buffer must not be used afterwards. */
    @Override
    void close();

    /**
     * Ordinary direct memory, freed by the garbage collector: what devices without pinned memory hand out.
     *
     * @param bytes the size
     * @return the staging memory
     * @throws org.loopnest.error.DeviceMemoryException if the JVM's direct memory cannot hold it
     */
    static HostStaging direct(long bytes) {
        ByteBuffer memory = DirectMemory.allocate(bytes, "host staging memory");
        return new HostStaging() {
            @Override
            public ByteBuffer buffer() {
                return memory;
            }

            @Override
            public void close() {
            }
        };
    }
}
