package org.loopnest.scheduler;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The chunks of a run that no device has taken yet, shared by every device's pipeline: each control thread takes
 * the next chunk when its device has a free input buffer, so a faster device takes more. Chunks a lost device had
 * in flight are given back and taken again first. Thread-safe.
 */
final class ChunkQueue {
    private final long total;
    private final Deque<Long> returned = new ArrayDeque<>();
    private long next;
    private boolean closed;

    /** A queue of chunks {@code 0 … total−1}; closed (waking every taker) when {@code control} finishes. */
    ChunkQueue(long total, RunControl control) {
        this.total = total;
        control.finished().whenComplete((v, t) -> close());
    }

    /**
     * The next chunk to run: a given-back one first, else the lowest not yet taken. Waits while none is left
     * but some are still in flight elsewhere (one might be given back).
     *
     * @return the chunk number, or {@code -1} once the run has finished or stopped
     * @throws InterruptedException if the waiting thread is interrupted
     */
    synchronized long take() throws InterruptedException {
        while (!closed) {
            Long again = returned.pollFirst();
            if (again != null) {
                return again;
            }
            if (next < total) {
                return next++;
            }
            wait();
        }
        return -1;
    }

    /** Puts {@code chunk} back for another device (its device was lost before writing it). */
    synchronized void giveBack(long chunk) {
        returned.addLast(chunk);
        notifyAll();
    }

    /** Wakes every taker with {@code -1}: the run is over. */
    synchronized void close() {
        closed = true;
        notifyAll();
    }
}
