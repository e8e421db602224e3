package org.loopnest.device;

import org.loopnest.index.Chunk;

/**
 * One kernel call: the iterations of one chunk, with its arrays already bound (in place or to the chunk's
 * device buffers). A device spreads {@code [0, chunk().iterations())} over its threads in blocks and calls
 * {@link #run} for each block.
 */
public interface Launch {
    /** The chunk this launch covers. */
    Chunk chunk();

    /**
     * Runs local iterations {@code [from, to)} on the calling thread. May be called concurrently for disjoint
     * blocks.
     *
     * @throws org.loopnest.kernel.IterationFailure if the kernel body throws
     */
    void run(long from, long to);

    /** Whether the run was stopped: devices skip blocks not yet started. */
    boolean cancelled();
}
