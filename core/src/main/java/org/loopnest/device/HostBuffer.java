package org.loopnest.device;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.function.LongConsumer;

/**
 * Device memory that is ordinary host memory (a direct buffer): the CPU's and the simulator's. Reports its
 * release once to the device's accounting.
 */
public final class HostBuffer implements DeviceBuffer {
    private final ByteBuffer memory;
    private final LongConsumer onClose;
    private boolean closed;

    /**
     * A direct buffer of {@code bytes} bytes (at most {@link Integer#MAX_VALUE}).
     *
     * @param bytes the size
     * @param onClose told the size when the buffer is closed (a budget's release)
     * @throws org.loopnest.error.DeviceMemoryException if the JVM's direct memory cannot hold it
     */
    public HostBuffer(long bytes, LongConsumer onClose) {
        this.memory = DirectMemory.allocate(bytes, "device memory (a direct buffer)");
        this.onClose = onClose;
    }

    @Override
    public long size() {
        return memory.capacity();
    }

    @Override
    public ByteBuffer hostView() {
        return memory.duplicate().order(ByteOrder.nativeOrder());
    }

    /**
     * Copies {@code bytes} bytes between two host buffers, from byte 0 of each.
     *
     * @param from the buffer read
     * @param to the buffer written
     * @param bytes how many bytes
     */
    public static void copy(ByteBuffer from, ByteBuffer to, long bytes) {
        to.put(0, from, 0, Math.toIntExact(bytes));
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            onClose.accept(memory.capacity());
        }
    }
}
