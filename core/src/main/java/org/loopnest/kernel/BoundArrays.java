package org.loopnest.kernel;

import org.loopnest.data.DoubleView;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;

/**
 * The arrays bound to a run, reachable by the names given to {@code in(...)} and {@code out(...)}.
 * Each method throws {@link IllegalArgumentException} for an unknown name or a different element type.
 */
public interface BoundArrays {
    /** The {@code float} array called {@code name}. */
    FloatView floats(String name);

    /** The {@code double} array called {@code name}. */
    DoubleView doubles(String name);

    /** The {@code int} array called {@code name}. */
    IntView ints(String name);

    /** The {@code long} array called {@code name}. */
    LongView longs(String name);
}
