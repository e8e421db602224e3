package org.loopnest.device;

import org.loopnest.index.Chunk;

/**
 * One kernel call: the iterations of one chunk, with its arrays already bound (in place or to the chunk's
 * device buffers).
 *
 * <p>A Java device spreads {@code [0, chunk().iterations())} over its threads in blocks and calls {@link #run}
 * for each block. A compiled device runs the kernel it was {@link Device#prepare prepared} with over
 * {@link #input()}, {@link #output()} and {@link #resident()}, one thread per iteration.
 */
public interface Launch {
    /** The chunk this launch covers. */
    Chunk chunk();

    /**
     * Runs local iterations {@code [from, to)} of the Java body on the calling thread. May be called
     * concurrently for disjoint blocks.
     *
     * @throws org.loopnest.kernel.IterationFailure if the kernel body throws
     */
    void run(long from, long to);

    /** Whether the run was stopped: devices skip blocks not yet started. */
    boolean cancelled();

    /** The chunk's packed inputs on the device, or {@code null} on a host-addressable device. */
    default DeviceBuffer input() {
        return null;
    }

    /** The chunk's outputs on the device, or {@code null} on a host-addressable device. */
    default DeviceBuffer output() {
        return null;
    }

    /** The run's resident inputs on the device, or {@code null} if there are none. */
    default DeviceBuffer resident() {
        return null;
    }
}
