package org.loopnest.device.cuda;

import org.loopnest.internal.cuda.CudaBuffer;

import java.nio.ByteBuffer;
import org.loopnest.device.DeviceBuffer;

/**
 * Argument checks of {@link CudaDevice}, with messages that name the argument and what was expected. Pure Java,
 * stateless.
 */
final class CudaChecks {
    private CudaChecks() {
    }

    /**
     * Checks a device ordinal against the number of devices.
     *
     * @throws IllegalArgumentException e.g. {@code cuda ordinal = 3 (expected: 0 to 0)}
     */
    static int ordinal(int ordinal, int count) {
        if (ordinal < 0 || ordinal >= count) {
            throw new IllegalArgumentException("cuda ordinal = " + ordinal + " (expected: "
                    + (count == 0 ? "no ordinal: there is no CUDA device" : "0 to " + (count - 1)) + ")");
        }
        return ordinal;
    }

    /**
     * Checks the arguments of a copy of {@code bytes} bytes between {@code host[0…]} and {@code buffer[0…]}.
     *
     * @param device    the device's name
     * @param operation {@code copyIn} or {@code copyOut}
     * @return the buffer as a {@link CudaBuffer}
     * @throws IllegalArgumentException naming the argument that is wrong
     */
    static CudaBuffer copy(String device, String operation, ByteBuffer host, DeviceBuffer buffer, long bytes) {
        if (host == null) {
            throw new IllegalArgumentException(operation + " host = null (expected: a direct ByteBuffer)");
        }
        if (!host.isDirect()) {
            throw new IllegalArgumentException(operation + " host = a heap ByteBuffer (expected: a direct ByteBuffer,"
                    + " e.g. from allocateStaging)");
        }
        CudaBuffer cuda = buffer(device, operation + " buffer", buffer);
        if (bytes < 0 || bytes > host.capacity() || bytes > cuda.size()) {
            throw new IllegalArgumentException(operation + " bytes = " + bytes + " (expected: 0 to "
                    + Math.min(host.capacity(), cuda.size()) + ", the smaller of the host buffer's "
                    + host.capacity() + " and the device buffer's " + cuda.size() + " bytes)");
        }
        return cuda;
    }

    /**
     * Checks that {@code buffer} is a {@link CudaBuffer}.
     *
     * @param what names the argument in the message, e.g. {@code launch input}
     * @throws IllegalArgumentException if it is {@code null} or another kind of buffer
     */
    static CudaBuffer buffer(String device, String what, DeviceBuffer buffer) {
        if (buffer instanceof CudaBuffer cuda) {
            return cuda;
        }
        throw new IllegalArgumentException(what + " = " + (buffer == null ? "null" : buffer.getClass().getSimpleName())
                + " (expected: a CudaBuffer allocated by " + device + ")");
    }

    /**
     * Checks an allocation size.
     *
     * @throws IllegalArgumentException if {@code bytes} is negative
     */
    static long bytes(String what, long bytes) {
        if (bytes < 0) {
            throw new IllegalArgumentException(what + " = " + bytes + " (expected: 0 or more)");
        }
        return bytes;
    }
}
