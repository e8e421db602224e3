package org.loopnest.cluster;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.loopnest.device.Device;
import org.loopnest.device.DeviceBuffer;
import org.loopnest.device.ForwardingDevice;

/**
 * A device that counts the buffers made on it ({@link #allocate}, {@link #allocateStaging}) and how many of its
 * device buffers are not freed yet; {@link #awaitAllFreed} waits for the last to be freed. Owns the device it wraps.
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
                synchronized (CountedBuffersDevice.this) {
                    if (!closed) {
                        closed = true;
                        live--;
                        CountedBuffersDevice.this.notifyAll();
                    }
                }
            }
        };
    }

    @Override
    public org.loopnest.device.HostStaging allocateStaging(long bytes) {
        stagingMade.incrementAndGet();
        return super.allocateStaging(bytes);
    }

    /** {@return device buffers made and not freed yet} */
    synchronized int live() {
        return live;
    }

    /** Waits at most {@code seconds} until every device buffer made is freed; {@return how many are still live} */
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
