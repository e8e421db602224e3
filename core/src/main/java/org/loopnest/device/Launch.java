package org.loopnest.device;

import org.loopnest.index.Chunk;

/**
 * One kernel call: the iterations of one chunk, with its arrays already bound (in place or to the chunk's
 * device buffers).
 *
 * <p>A Java device spreads {@code [0, chunk().iterations())} over its threads in blocks and calls {@link #run}
 * for each block. A compiled device runs {@link #kernelSource()} over {@link #input()}, {@link #output()} and
 * {@link #resident()}, one thread per iteration: each launch names its kernel, so runs with different kernels can
 * share a device.
 */
public interface Launch {
    /** {@return the chunk this launch covers} */
    Chunk chunk();

    /**
     * Runs local iterations {@code [from, to)} of the Java body on the calling thread. May be called
     * concurrently for disjoint blocks.
     *
     * @param from the first local iteration, inclusive
     * @param to the last local iteration, exclusive
     * @throws org.loopnest.internal.kernel.IterationFailure if the kernel body throws
     */
    void run(long from, long to);

    /** {@return whether the run was stopped: devices skip blocks not yet started} */
    boolean cancelled();

    /** {@return the chunk's packed inputs on the device, or {@code null} on a host-addressable device} */
    default DeviceBuffer input() {
        return null;
    }

    /** {@return the chunk's outputs on the device, or {@code null} on a host-addressable device} */
    default DeviceBuffer output() {
        return null;
    }

    /** {@return the run's resident inputs on the device, or {@code null} if there are none} */
    default DeviceBuffer resident() {
        return null;
    }

    /**
     * {@return the generated kernel a compiled device runs for this launch (compiled on first use, then found in the
     * device's cache; {@link Device#prepare} compiles it ahead), or {@code null} for a Java body only} A compiled
     * device fails a launch without one.
     */
    default KernelSource kernelSource() {
        return null;
    }
}
