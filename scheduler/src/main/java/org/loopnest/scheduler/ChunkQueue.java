package org.loopnest.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The chunks of a run that no device has taken yet, shared by every device of the run: a device takes the next chunk
 * when it has room for one, so a faster device takes more. Chunks a lost device had in flight are given back and
 * taken again first. A pipeline's feeder thread waits for a chunk ({@link #take()}); a host-addressable device's
 * {@link DirectDispatch}, which has no thread to wait on, asks to be called back instead ({@link #poll}).
 *
 * <p><b>Threading:</b> thread-safe; call-backs run on the thread that gives a chunk back or closes the queue, outside
 * the queue's lock.
 */
final class ChunkQueue {
    /** {@link #poll}: no chunk now, but the run is not over; the call-back was registered. */
    static final long NONE_NOW = -2;

    private final long total;
    private final Deque<Long> returned = new ArrayDeque<>();
    private final List<Runnable> waiting = new ArrayList<>();
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
            long chunk = next();
            if (chunk >= 0) {
                return chunk;
            }
            wait();
        }
        return -1;
    }

    /**
     * The next chunk to run, without waiting: when none is left but the run is not over, {@code whenMore} is
     * registered and called once, when a chunk is given back or the queue closes.
     *
     * @return the chunk number, {@code -1} once the run has finished or stopped, or {@link #NONE_NOW}
     */
    synchronized long poll(Runnable whenMore) {
        if (closed) {
            return -1;
        }
        long chunk = next();
        if (chunk >= 0) {
            return chunk;
        }
        waiting.add(whenMore);
        return NONE_NOW;
    }

    private long next() {
        Long again = returned.pollFirst();
        if (again != null) {
            return again;
        }
        return next < total ? next++ : -1;
    }

    /** Puts {@code chunk} back for another device (its device was lost before writing it). */
    void giveBack(long chunk) {
        synchronized (this) {
            returned.addLast(chunk);
            notifyAll();
        }
        callBack();
    }

    /** Wakes every taker with {@code -1}: the run is over. Idempotent. */
    void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        callBack();
    }

    private void callBack() {
        List<Runnable> toCall;
        synchronized (this) {
            toCall = List.copyOf(waiting);
            waiting.clear();
        }
        toCall.forEach(Runnable::run);
    }
}
