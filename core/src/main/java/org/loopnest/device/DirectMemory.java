package org.loopnest.device;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.loopnest.error.DeviceMemoryException;

/**
 * Allocates the direct buffers of {@link HostBuffer} and {@link HostStaging#direct}: the JVM caps direct memory
 * ({@code -XX:MaxDirectMemorySize}, which is {@code -Xmx} unless set), and a request over the cap is a
 * {@link DeviceMemoryException} that says so, not an {@link OutOfMemoryError} that escapes the run.
 *
 * <p><b>Threading:</b> stateless; safe from any thread.
 */
final class DirectMemory {
    private DirectMemory() {
    }

    /**
     * A direct buffer of {@code bytes} bytes in native byte order.
     *
     * @param what what the memory is for, the start of the message, e.g. {@code device sim}
     * @throws DeviceMemoryException if the JVM's direct memory cannot hold it (its offered bytes are 0: the JVM
     *     does not tell how much is left)
     */
    static ByteBuffer allocate(long bytes, String what) {
        try {
            return ByteBuffer.allocateDirect(Math.toIntExact(bytes)).order(ByteOrder.nativeOrder());
        } catch (OutOfMemoryError e) {
            throw new DeviceMemoryException(what + ": " + bytes + " bytes of direct memory cannot be reserved ("
                    + e.getMessage() + ") (expected: fewer buffers or smaller chunks, or more direct memory, "
                    + "-XX:MaxDirectMemorySize, which is -Xmx unless set)", bytes, 0);
        }
    }
}
