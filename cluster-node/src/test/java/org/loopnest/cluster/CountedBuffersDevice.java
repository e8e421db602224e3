package org.loopnest.cluster;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
        Runnable release = held();
        return new DeviceBuffer() {
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
                release.run();
            }
        };
    }

    @Override
    public HostStaging allocateStaging(long bytes) {
        HostStaging staging = super.allocateStaging(bytes);
        stagingMade.incrementAndGet();
        Runnable release = held();
        return new HostStaging() {
            @Override
            public ByteBuffer buffer() {
                return staging.buffer();
            }

            @Override
            public void close() {
                staging.close();
                release.run();
            }
        };
    }

    /** Counts one more live buffer; {@return what counts it freed, on its first call only} */
    private synchronized Runnable held() {
        live++;
        AtomicBoolean freed = new AtomicBoolean();
        return () -> {
            if (freed.compareAndSet(false, true)) {
                synchronized (this) {
                    live--;
                    notifyAll();
                }
            }
        };
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
