package org.loopnest.scheduler;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.loopnest.index.Chunk;
import org.loopnest.index.Split;

/**
 * The chunks of a run that no device has taken yet, shared by every device of the run: a device takes the next chunk
 * when it has room for one, so a faster device takes more. Chunks a lost device had in flight are given back and
 * taken again first. A pipeline's feeder thread waits for a chunk ({@link #take()}); a host-addressable device's
 * {@link DirectDispatch}, which has no thread to wait on, asks to be called back instead ({@link #poll}).
 *
 * <p>Chunks are cut from the split's outer iterations as they are taken: {@code group} at a time, the last one
 * shorter. {@link #regroup} changes the group for the outer iterations not taken yet (a re-plan after the first
 * chunk); chunks go on being numbered in the order they are cut.
 *
 * <p><b>Threading:</b> thread-safe; call-backs run on the thread that gives a chunk back or closes the queue, outside
 * the queue's lock.
 */
final class ChunkQueue {
    /** {@link #poll}: no chunk now, but the run is not over; the call-back was registered. */
    static final Chunk NONE_NOW = new Chunk(-2, 0, 0, 0, 0);

    private final long outerCount;
    private final long innerCount;
    private final Deque<Chunk> returned = new ArrayDeque<>();
    private final List<Runnable> waiting = new ArrayList<>();
    private long group;
    private long nextOuter;
    private long nextNumber;
    private boolean closed;

    /** The chunks of {@code split}; closed (waking every taker) when {@code control} finishes. */
    ChunkQueue(Split split, RunControl control) {
        this.outerCount = split.chunkCount() == 0 ? 0 : split.outerCount();
        this.innerCount = split.innerCount();
        this.group = split.group();
        control.finished().whenComplete((v, t) -> close());
    }

    /**
     * The next chunk to run: a given-back one first, else the next outer iterations not yet taken. Waits while none
     * is left but some are still in flight elsewhere (one might be given back).
     *
     * @return the chunk, or {@code null} once the run has finished or stopped
     * @throws InterruptedException if the waiting thread is interrupted
     */
    synchronized Chunk take() throws InterruptedException {
        while (!closed) {
            Chunk chunk = next();
            if (chunk != null) {
                return chunk;
            }
            wait();
        }
        return null;
    }

    /**
     * The next chunk to run, without waiting: when none is left but the run is not over, {@code whenMore} is
     * registered and called once, when a chunk is given back or the queue closes.
     *
     * @return the chunk, {@code null} once the run has finished or stopped, or {@link #NONE_NOW}
     */
    synchronized Chunk poll(Runnable whenMore) {
        if (closed) {
            return null;
        }
        Chunk chunk = next();
        if (chunk != null) {
            return chunk;
        }
        waiting.add(whenMore);
        return NONE_NOW;
    }

    private Chunk next() {
        Chunk again = returned.pollFirst();
        if (again != null) {
            return again;
        }
        if (nextOuter >= outerCount) {
            return null;
        }
        long outers = Math.min(group, outerCount - nextOuter);
        Chunk chunk = new Chunk(nextNumber++, nextOuter, outers, nextOuter * innerCount, outers * innerCount);
        nextOuter += outers;
        return chunk;
    }

    /**
     * Lets {@code decide} choose the group for the outer iterations not taken yet, and cuts them anew if it chose
     * another; no chunk is taken meanwhile.
     *
     * @param decide given the first outer iteration not taken yet, returns the new group (1 to the split's group,
     *               the buffers hold no more) or 0 to keep the group
     * @param regrouped told the run's chunk count from then on (chunks cut so far and those the rest makes), before
     *                  any chunk of the new group is taken
     */
    synchronized void regroup(java.util.function.LongUnaryOperator decide, java.util.function.LongConsumer regrouped) {
        long newGroup = decide.applyAsLong(nextOuter);
        if (newGroup <= 0 || newGroup == group) {
            return;
        }
        group = newGroup;
        long left = outerCount - nextOuter;
        regrouped.accept(nextNumber + (left + newGroup - 1) / newGroup);
    }

    /** Puts {@code chunk} back for another device (its device was lost before writing it). */
    void giveBack(Chunk chunk) {
        synchronized (this) {
            returned.addLast(chunk);
            notifyAll();
        }
        callBack();
    }

    /** Wakes every taker with {@code null}: the run is over. Idempotent. */
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
