package org.loopnest.cluster;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.loopnest.device.DeviceBuffer;

/**
 * The buffers one connection holds on its node's device, by the handles the coordinator knows them by, and the
 * device operations still using them. A buffer is closed only once every operation in flight when it was freed has
 * completed, so a copy or launch never runs on freed memory.
 *
 * <p><b>Ownership:</b> owns the buffers added to it; {@link #closeAll} closes what is left when the connection
 * ends. <b>Threading:</b> thread-safe: handles are added and looked up on the event loop, operations complete on
 * the device's threads.
 */
final class SessionBuffers {
    private final Map<Long, DeviceBuffer> buffers = new ConcurrentHashMap<>();
    private final Set<CompletableFuture<?>> inFlight = ConcurrentHashMap.newKeySet();
    private final AtomicLong nextHandle = new AtomicLong(1);

    /** Takes {@code buffer} and returns its new handle (positive, never reused on this connection). */
    long add(DeviceBuffer buffer) {
        long handle = nextHandle.getAndIncrement();
        buffers.put(handle, buffer);
        return handle;
    }

    /**
     * The buffer {@code handle} names.
     *
     * @throws IllegalArgumentException if none does (never allocated here, or freed)
     */
    DeviceBuffer get(long handle) {
        DeviceBuffer b = buffers.get(handle);
        if (b == null) {
            throw new IllegalArgumentException("no buffer with handle " + handle);
        }
        return b;
    }

    /** Forgets {@code handle} and closes its buffer once the operations now in flight complete; unknown: nothing. */
    void free(long handle) {
        DeviceBuffer freed = buffers.remove(handle);
        if (freed != null) {
            afterInFlight(freed::close);
        }
    }

    /** Remembers {@code operation} until it completes, so that the buffers outlive it; returns it. */
    <T> CompletableFuture<T> track(CompletableFuture<T> operation) {
        inFlight.add(operation);
        operation.whenComplete((v, t) -> inFlight.remove(operation));
        return operation;
    }

    /** Closes every buffer still held, once the operations now in flight complete. */
    void closeAll() {
        afterInFlight(() -> {
            buffers.values().forEach(DeviceBuffer::close);
            buffers.clear();
        });
    }

    private void afterInFlight(Runnable action) {
        CompletableFuture.allOf(inFlight.toArray(CompletableFuture[]::new)).whenComplete((v, t) -> action.run());
    }
}
