package org.loopnest.device;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;

/**
 * Something that runs chunks: allocates memory, copies data in and out, launches kernels.
 *
 * <p><b>Threading:</b> all methods may be called from several threads at once (one per pipeline stage).
 * Operations issued from one thread complete in the order issued; operations from different threads may
 * overlap. <b>Failure:</b> an operation that fails completes its future exceptionally; {@link #allocate} throws.
 */
public interface Device extends AutoCloseable {
    /** What the device offers. */
    DeviceInfo info();

    /**
     * Allocates {@code bytes} of device memory.
     *
     * @throws org.loopnest.error.DeviceMemoryException if the budget or the largest single allocation is exceeded
     */
    DeviceBuffer allocate(long bytes);

    /** Copies {@code bytes} bytes from {@code host[0…]} into {@code target[0…]}, asynchronously. */
    CompletableFuture<Void> copyIn(ByteBuffer host, DeviceBuffer target, long bytes);

    /** Copies {@code bytes} bytes from {@code source[0…]} into {@code host[0…]}, asynchronously. */
    CompletableFuture<Void> copyOut(DeviceBuffer source, ByteBuffer host, long bytes);

    /** Runs the kernel over every iteration of {@code launch}'s chunk, asynchronously. */
    CompletableFuture<Void> launch(Launch launch);

    /** Stops the device's threads and frees its memory. Idempotent. Operations in flight fail. */
    @Override
    void close();
}
