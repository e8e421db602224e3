package org.loopnest.kernel;

import org.loopnest.data.DoubleView;
import org.loopnest.data.FloatView;
import org.loopnest.data.IntView;
import org.loopnest.data.LongView;

/**
 * The arrays bound to a run, reachable by the names given to {@code in(...)} and {@code out(...)}, or by their
 * {@link NamedArray} handles. Each method throws {@link IllegalArgumentException} for an unknown name or a
 * different element type; {@code LoopNest.plan()} binds a Java body once to find such mistakes before any chunk.
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

    /**
     * The array {@code array} names, through the view its element type gives: the typed form of the four lookups
     * above (a misspelt handle or a wrong view type does not compile).
     *
     * @throws IllegalArgumentException if no array of that name is bound, or it holds another element type
     */
    @SuppressWarnings("unchecked")
    default <V> V get(NamedArray<V> array) {
        return (V) switch (array.type()) {
            case FLOAT -> floats(array.name());
            case DOUBLE -> doubles(array.name());
            case INT -> ints(array.name());
            case LONG -> longs(array.name());
        };
    }
}
