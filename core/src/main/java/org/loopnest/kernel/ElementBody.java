package org.loopnest.kernel;

import org.loopnest.index.Iteration;

/** The loop body for one iteration. */
@FunctionalInterface
public interface ElementBody {
    /** Runs iteration {@code it}; must not keep {@code it} after returning. */
    void apply(Iteration it);
}
