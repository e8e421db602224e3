package org.loopnest.scheduler;

import java.util.concurrent.CompletableFuture;
import org.loopnest.index.Chunk;

/**
 * One preallocated entry of the pipeline's ring: the chunk being processed, the buffer set it uses, and the
 * kernel's completion handed from the kernel stage to the copy-out stage. Written by one stage at a time, in
 * stage order (the ring's barriers order the writes).
 */
final class ChunkSlot {
    Chunk chunk;
    BufferSet buffers;
    CompletableFuture<Void> kernel;
    long kernelStart;
    long kernelEnd;
    /** The chunk was given back to the run's queue (its device was lost): later stages skip it. */
    boolean abandoned;

    void reset(Chunk newChunk, BufferSet newBuffers) {
        this.chunk = newChunk;
        this.buffers = newBuffers;
        this.kernel = null;
        this.abandoned = false;
    }
}
