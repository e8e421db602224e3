package org.loopnest.kernel;

import org.loopnest.index.Iteration;

/**
 * A body that runs a whole block of consecutive iterations of one chunk with a loop of its own:
 * {@code for (; it.valid(); it.next()) { … }}.
 */
@FunctionalInterface
public interface BlockBody {
    /** Runs every iteration from the cursor's position to the end of its block. */
    void run(Iteration cursor);
}
