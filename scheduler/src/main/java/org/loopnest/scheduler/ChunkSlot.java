package org.loopnest.scheduler;

import java.util.concurrent.CompletableFuture;
import org.loopnest.index.Chunk;

/**
 * One preallocated entry of a device pipeline's ring: the run and chunk being processed, the input and output buffers
 * the chunk holds, and the kernel's completion handed from the kernel stage to the copy-out stage. Written by one
 * stage at a time, in stage order (the ring's barriers order the writes).
 *
 * <p>{@link #in} is set when the chunk is published and cleared by the kernel stage when it hands the buffer to the
 * kernel's completion (which gives it back); {@link #out} is set by the kernel stage. Whatever is still set when the
 * deserialize stage sees the slot, it gives back; then it {@link #clear() clears} the slot, so that the ring keeps
 * nothing of a finished run.
 */
final class ChunkSlot {
    DeviceRun run;
    Chunk chunk;
    ChunkBuffer in;
    ChunkBuffer out;
    /** The kernel's completion, with its end ({@link System#nanoTime()}): carried by the future, not written into
     * the slot, so that a late completion of an abandoned chunk cannot touch a slot reused since. */
    CompletableFuture<Long> kernel;
    long kernelStart;
    /** The chunk was given back to the run's queue (its device was lost): later stages skip it. */
    boolean abandoned;

    void reset(DeviceRun newRun, Chunk newChunk, ChunkBuffer input) {
        this.run = newRun;
        this.chunk = newChunk;
        this.in = input;
        this.out = null;
        this.kernel = null;
        this.abandoned = false;
    }

    void clear() {
        reset(null, null, null);
    }
}
