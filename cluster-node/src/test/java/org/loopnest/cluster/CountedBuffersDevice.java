package org.loopnest.cluster;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;
import org.loopnest.device.HostStaging;

/**
 * A device that counts the buffers made on it ({@link #allocate}, {@link #allocateStaging}) and how many of them, of
 * either kind, are not freed yet; {@link #awaitAllFreed} waits for the last to be freed. Owns the device it wraps.
 */
final class CountedBuffersDevice extends ForwardingDevice {
    final AtomicInteger made = new AtomicInteger();
    final AtomicInteger stagingMade = new AtomicInteger();
    private int live; // guarded by this

    CountedBuffersDevice(Device inner) {
        super(inner);
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        DeviceBuffer buffer = super.allocate(bytes);
        made.incrementAndGet();
        synchronized (this) {
            live++;
        }
        return new DeviceBuffer() {
            private boolean closed; // guarded by CountedBuffersDevice.this

            @Override
            public long size() {
                return buffer.size();
            }

            @Override
            public ByteBuffer hostView() {
                return buffer.hostView();
            }

            @Override
            public void close() {
                buffer.close();
                freed(this::markClosed);
            }

            private boolean markClosed() {
                boolean first = !closed;
                closed = true;
                return first;
            }
        };
    }

    @Override
    public HostStaging allocateStaging(long bytes) {
        HostStaging staging = super.allocateStaging(bytes);
        stagingMade.incrementAndGet();
        synchronized (this) {
            live++;
        }
        return new HostStaging() {
            private boolean closed; // guarded by CountedBuffersDevice.this

            @Override
            public ByteBuffer buffer() {
                return staging.buffer();
            }

            @Override
            public void close() {
                staging.close();
                freed(this::markClosed);
            }

            private boolean markClosed() {
                boolean first = !closed;
                closed = true;
                return first;
            }
        };
    }

    /** Counts one buffer freed if {@code firstClose} says this is its first close. */
    private synchronized void freed(java.util.function.BooleanSupplier firstClose) {
        if (firstClose.getAsBoolean()) {
            live--;
            notifyAll();
        }
    }

    /** {@return buffers (device and staging) made and not freed yet} */
    synchronized int live() {
        return live;
    }

    /** Waits at most {@code seconds} until every buffer made is freed; {@return how many are still live} */
    synchronized int awaitAllFreed(long seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (live > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return live;
    }
}
