package org.loopnest.device;

import java.nio.ByteBuffer;

/** A region of device memory. Closed by its owner; closing twice is harmless. */
public interface DeviceBuffer extends AutoCloseable {
    /** {@return the size in bytes} */
    long size();

    /**
     * {@return the buffer's memory as a host buffer, native byte order, for devices whose memory the host can address
     * (the CPU, the simulator)} Kernels written in Java read packed chunks through it.
     *
     * @throws UnsupportedOperationException if the memory is not host-addressable
     */
    ByteBuffer hostView();

    /** Frees the memory. */
    @Override
    void close();
}
