package org.loopnest.perf.ratio;

import java.util.concurrent.locks.LockSupport;

/**
 * One direction of a simulated link: a token bucket that lets at most {@code bytesPerSecond} through on average, in
 * bursts of at most {@value #BURST_BYTES} bytes after an idle spell. Every sender that shares the direction (one relay
 * per node behind the same coordinator link) takes from the same bucket; a sender that takes more than the bucket
 * holds runs it into debt and parks until the debt is paid, so that senders are served in the order they asked.
 * {@code parkNanos}, not {@code Thread.sleep}, which on JDK 17 rounds up to whole milliseconds: a link of 100 MB/s
 * passes 64 KiB in 0.66 ms.
 *
 * <p><b>Thread safety:</b> {@link #take} may be called from any number of threads at once.
 */
final class LinkBudget {
    /** The most bytes that pass at once after the link was idle: 256 KiB. */
    static final int BURST_BYTES = 256 << 10;

    private final double bytesPerNano;
    private double tokens; // guarded by this; negative: bytes promised but not yet earned
    private long last; // guarded by this

    /**
     * @param bytesPerSecond the average rate, {@code > 0}
     * @throws IllegalArgumentException if the rate is not positive
     */
    LinkBudget(long bytesPerSecond) {
        if (bytesPerSecond <= 0) {
            throw new IllegalArgumentException("link bandwidth = " + bytesPerSecond + " bytes/s (expected: > 0)");
        }
        this.bytesPerNano = bytesPerSecond / 1e9;
        this.tokens = BURST_BYTES;
        this.last = System.nanoTime();
    }

    /**
     * Takes {@code bytes} from the bucket, parking until the link would have carried them.
     *
     * @throws InterruptedException if interrupted while parked (the bytes stay taken)
     */
    void take(int bytes) throws InterruptedException {
        long until;
        synchronized (this) {
            long now = System.nanoTime();
            tokens = Math.min(BURST_BYTES, tokens + (now - last) * bytesPerNano) - bytes;
            last = now;
            until = now + (tokens >= 0 ? 0 : (long) (-tokens / bytesPerNano));
        }
        for (long left = until - System.nanoTime(); left > 0; left = until - System.nanoTime()) {
            LockSupport.parkNanos(this, left);
            if (Thread.interrupted()) {
                throw new InterruptedException("simulated link: interrupted while waiting for bandwidth");
            }
        }
    }
}
