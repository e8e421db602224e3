package org.loopnest.kernel;

import org.loopnest.index.Iteration;

/**
 * A body that runs a whole block of consecutive iterations of one chunk with a loop of its own:
 * {@code for (; it.valid(); it.next()) { … }}. A device may run the block that it was bound for in several
 * consecutive pieces, one call per piece, each with a cursor of its own.
 */
@FunctionalInterface
public interface BlockBody {
    /**
     * Runs every iteration from the cursor's position to the end of its block.
     *
     * @param cursor the calling thread's cursor, which this body moves to the block's end
     */
    void run(Iteration cursor);
}
