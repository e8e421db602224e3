package org.loopnest.scheduler;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * The free buffers of one direction of one device's pipeline (its input ring or its output ring): a stage takes one,
 * waiting while none is free, and a later stage gives it back. Once {@link #stop() stopped}, every take — waiting or
 * later — ends with {@link RunControl.Aborted}, so that nothing waits on a run that has ended.
 *
 * <p><b>Threading:</b> thread-safe. <b>Ownership:</b> lends buffers, never frees them ({@link RunBuffers} does).
 */
final class BufferPool {
    private static final ChunkBuffer STOP = ChunkBuffer.empty();

    private final String direction;
    private final BlockingQueue<ChunkBuffer> free = new LinkedBlockingQueue<>();

    /** @param direction what the buffers hold, for messages: {@code "input"} or {@code "output"} */
    BufferPool(String direction) {
        this.direction = direction;
    }

    /**
     * {@return a free buffer, once one is}
     *
     * @throws RunControl.Aborted if the pool is stopped, before or while waiting
     * @throws InterruptedException if the waiting thread is interrupted
     */
    ChunkBuffer take() throws InterruptedException {
        ChunkBuffer b = free.take();
        if (b == STOP) {
            free.add(STOP); // for the next taker
            throw new RunControl.Aborted();
        }
        return b;
    }

    /** Gives {@code buffer} back (or adds it the first time); a stopped pool keeps refusing takes. */
    void give(ChunkBuffer buffer) {
        free.add(buffer);
    }

    /** Wakes every waiting and later take with {@link RunControl.Aborted}. Idempotent. */
    void stop() {
        free.add(STOP);
    }

    /** Forgets every free buffer (their owner frees them). */
    void clear() {
        free.clear();
    }

    @Override
    public String toString() {
        return direction + " buffers, " + free.size() + " free";
    }
}
