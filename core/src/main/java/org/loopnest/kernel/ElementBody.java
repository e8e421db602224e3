package org.loopnest.kernel;

import org.loopnest.index.Iteration;

/** The loop body for one iteration. */
@FunctionalInterface
public interface ElementBody {
    /**
     * Runs iteration {@code it}; must not keep {@code it} after returning.
     *
     * @param it the calling thread's cursor, at the iteration to run
     */
    void apply(Iteration it);
}
