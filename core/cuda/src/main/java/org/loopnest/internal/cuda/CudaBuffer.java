package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.error.DeviceMemoryException;

/**
 * Device memory of a {@code CudaDevice} ({@code cuMemAlloc}). Not host-addressable: data moves with the device's
 * {@code copyIn} and {@code copyOut}.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> closed by whoever allocated it; the device closes the buffers
 * still open when it closes. Closing frees the memory ({@code cuMemFree}) and gives the bytes back to the device's
 * budget, once; later closes do nothing. <b>Failure:</b> {@link #close()} throws a
 * {@link org.loopnest.error.DeviceException} if the driver cannot free the memory (the bytes are given back all
 * the same).
 */
public final class CudaBuffer implements DeviceBuffer {
    private final CudaMemoryContext context;
    private final long pointer;
    private final long size;
    private final Consumer<CudaBuffer> onClose;
    private final AtomicBoolean closed = new AtomicBoolean();

    private CudaBuffer(CudaMemoryContext context, long pointer, long size, Consumer<CudaBuffer> onClose) {
        this.context = context;
        this.pointer = pointer;
        this.size = size;
        this.onClose = onClose;
    }

    /**
     * Allocates {@code bytes} bytes in {@code context} (none for 0 bytes: pointer 0), calling {@code onClose}
     * once the memory is freed.
     *
     * @throws DeviceMemoryException if the driver is out of memory
     * @throws org.loopnest.error.DeviceException if the driver fails otherwise
     */
    public static CudaBuffer allocate(CudaMemoryContext context, long bytes, Consumer<CudaBuffer> onClose) {
        long pointer = 0;
        if (bytes > 0) {
            context.makeCurrent();
            try {
                pointer = context.driver().allocate(bytes);
            } catch (CudaError e) {
                if (e.code() != CudaError.OUT_OF_MEMORY) {
                    throw context.failure("cuMemAlloc of " + bytes + " bytes", e);
                }
                long free = context.freeMemory();
                throw new DeviceMemoryException("device " + context.name() + ": cuMemAlloc of " + bytes
                        + " bytes failed with CUDA_ERROR_OUT_OF_MEMORY"
                        + (free < 0 ? "" : "; " + free + " bytes are free on the GPU")
                        + " (other processes or resident data may be using its memory)", bytes, Math.max(0, free));
            }
        }
        return new CudaBuffer(context, pointer, bytes, onClose);
    }

    @Override
    public long size() {
        return size;
    }

    /** Always throws: CUDA device memory is not host-addressable. */
    @Override
    public ByteBuffer hostView() {
        throw new UnsupportedOperationException("device " + context.name()
                + ": CUDA device memory is not host-addressable (expected: copy it with copyIn/copyOut)");
    }

    /**
     * The device pointer, for driver calls; 0 for an empty buffer.
     *
     * @throws IllegalStateException if the buffer is closed
     */
    public long pointer() {
        if (closed.get()) {
            throw new IllegalStateException("device " + context.name() + ": buffer of " + size + " bytes is closed");
        }
        return pointer;
    }

    /** Whether the buffer was made in {@code context}. */
    public boolean belongsTo(CudaMemoryContext context) {
        return this.context == context;
    }

    /** {@return whether the buffer has been closed} */
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (size > 0) {
                context.makeCurrent();
                context.call("cuMemFree of " + size + " bytes", () -> context.driver().free(pointer));
            }
        } finally {
            onClose.accept(this);
        }
    }

    @Override
    public String toString() {
        return "CudaBuffer[" + context.name() + ", " + size + " bytes" + (closed.get() ? ", closed" : "") + "]";
    }
}
