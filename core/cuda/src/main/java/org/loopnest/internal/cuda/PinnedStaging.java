package org.loopnest.internal.cuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.loopnest.device.HostStaging;

/**
 * Page-locked host memory from {@code cuMemHostAlloc} (portable to every context), which the GPU's copy engines
 * read and write directly, so that copies run at full link speed and overlap kernels. Allocated once, seen as a
 * direct {@link ByteBuffer} in native byte order.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> closed by whoever allocated it, before the device that made
 * it closes (the device frees what is left open when it closes). Closing frees the memory
 * ({@code cuMemFreeHost}) once; the buffer must not be touched afterwards. <b>Failure:</b> allocation and
 * {@link #close()} throw {@link org.loopnest.error.DeviceException} when the driver refuses.
 */
public final class PinnedStaging implements HostStaging {
    private final CudaMemoryContext context;
    private final long host;
    private final ByteBuffer buffer;
    private final Consumer<PinnedStaging> onClose;
    private final AtomicBoolean closed = new AtomicBoolean();

    private PinnedStaging(CudaMemoryContext context, long host, ByteBuffer buffer, Consumer<PinnedStaging> onClose) {
        this.context = context;
        this.host = host;
        this.buffer = buffer;
        this.onClose = onClose;
    }

    /**
     * Allocates {@code bytes} bytes of pinned memory in {@code context} (an ordinary empty direct buffer for 0),
     * calling {@code onClose} once it is freed.
     *
     * @throws IllegalArgumentException if {@code bytes} is negative or above {@link Integer#MAX_VALUE}
     * @throws org.loopnest.error.DeviceException if the driver cannot allocate it
     */
    public static PinnedStaging allocate(CudaMemoryContext context, long bytes, Consumer<PinnedStaging> onClose) {
        if (bytes < 0 || bytes > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("staging bytes = " + bytes + " (expected: 0 to "
                    + Integer.MAX_VALUE + ")");
        }
        if (bytes == 0) {
            ByteBuffer empty = ByteBuffer.allocateDirect(0).order(ByteOrder.nativeOrder());
            return new PinnedStaging(context, 0, empty, onClose);
        }
        context.makeCurrent();
        DriverApi.Pinned pinned = context.get("cuMemHostAlloc of " + bytes + " bytes",
                () -> context.driver().allocateHost(bytes));
        return new PinnedStaging(context, pinned.handle(), pinned.buffer().order(ByteOrder.nativeOrder()), onClose);
    }

    /** The pinned memory: direct, native byte order, capacity the size asked for. */
    @Override
    public ByteBuffer buffer() {
        return buffer;
    }

    /** {@return whether the memory has been freed} */
    public boolean isClosed() {
        return closed.get();
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        try {
            if (host != 0) {
                context.makeCurrent();
                context.call("cuMemFreeHost of " + buffer.capacity() + " bytes", () -> context.driver().freeHost(host));
            }
        } finally {
            onClose.accept(this);
        }
    }

    @Override
    public String toString() {
        return "PinnedStaging[" + context.name() + ", " + buffer.capacity() + " bytes"
                + (closed.get() ? ", closed" : "") + "]";
    }
}
