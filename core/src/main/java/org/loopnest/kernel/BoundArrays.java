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
    /**
     * {@return the {@code float} array called {@code name}}
     *
     * @param name the array's name
     */
    FloatView floats(String name);

    /**
     * {@return the {@code double} array called {@code name}}
     *
     * @param name the array's name
     */
    DoubleView doubles(String name);

    /**
     * {@return the {@code int} array called {@code name}}
     *
     * @param name the array's name
     */
    IntView ints(String name);

    /**
     * {@return the {@code long} array called {@code name}}
     *
     * @param name the array's name
     */
    LongView longs(String name);

    /**
     * {@return the array {@code array} names, through the view its element type gives: the typed form of the four
     * lookups above (a misspelt handle or a wrong view type does not compile)}
     *
     * @param <V> the view type the handle's element type gives
     * @param array the typed handle
     * @throws IllegalArgumentException if no array of that name is bound, or it holds another element type
     */
    default <V> V get(NamedArray<V> array) {
        return array.in(this);
    }
}
